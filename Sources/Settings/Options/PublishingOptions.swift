import Diagnostics
import Foundation
import SiteAddress

/// The publishing side of a run (Documentation/Publishing.md): absolute URLs for the few places that need
/// them, the archive, the shard of the work this run does, and the page cache.
public struct PublishingOptions: Sendable {
    /// `--base-url`: writes `sitemap.xml` and Open Graph tags; every other link stays relative.
    public var baseURL: PublicURLs?
    /// `--archive FILE.tar.gz`: the finished tree as a reproducible archive, written there.
    public var archive: URL?
    /// `--shard K/N`: render only this share of the tabs, for `emokit merge` to join.
    public var shard: ShardSpec?
    /// `--cache DIR`: the page cache folder; nil renders every page (`--no-cache`, and the
    /// library's default: only the command line defaults to the user's cache folder).
    public var cache: URL?
    /// The version the page cache keys on; nil: the running emokit's (tests set one to see
    /// entries invalidated). The version itself is `EmokitResources`', above the settings.
    package var cacheVersion: String?
    /// `--size-budget`: the most bytes of sheets an app may ship for one platform and scale
    /// (the summary's size report); a run over it fails naming what is too big. Nil: no budget.
    /// It never changes the output, so it is not part of a shard's fingerprint.
    public var sizeBudget: Int?

    public init() {}

    /// Why `archive` may not be written there (see `ArchiveLocation`), or nil.
    public static func archiveProblem(_ archive: URL, output: URL, inputs: [URL]) -> Diagnostic.Message? {
        ArchiveLocation.problem(archive, output: output, inputs: inputs)
    }

    /// Why these settings cannot run with `output` and `inputs`, or nil.
    public func problem(output: URL, inputs: [URL]) -> Diagnostic.Message? {
        if shard != nil && archive != nil { return "\(setting: "archive") applies to the whole site: pass it to 'emokit merge' instead of to a shard" }
        if let archive { return ArchiveLocation.problem(archive, output: output, inputs: inputs) }
        return nil
    }
}

/// Where `--archive` may be written: exactly the file the user names, ending in `.tar.gz` or
/// `.tgz`, in a folder that already exists, and neither inside the output folder (the archive
/// would be part of what it archives, and the next run replaces that folder whole) nor inside a
/// pack (it would become an input). It is written beside its final name and renamed into place
/// after the output is swapped in, so a failed run leaves any previous archive as it was.
package enum ArchiveLocation {
    package static func problem(_ archive: URL, output: URL, inputs: [URL]) -> Diagnostic.Message? {
        let file = resolved(archive)
        let name = file.lastPathComponent
        if !(name.hasSuffix(".tar.gz") || name.hasSuffix(".tgz")) || name.hasPrefix(".") {
            return "\(setting: "archive") \(archive.path): the archive's name must end in .tar.gz or .tgz"
        }
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path, isDirectory: &isDirectory) || !isDirectory.boolValue {
            return "\(setting: "archive") \(archive.path): the folder \(file.deletingLastPathComponent().path) does not exist"
        }
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "\(setting: "archive") \(archive.path): is a folder"
        }
        if contains(resolved(output), file) {
            return "\(setting: "archive") \(archive.path): is inside the output folder \(output.path); write it outside (e.g. beside it)"
        }
        for input in inputs where contains(resolved(input), file) {
            return "\(setting: "archive") \(archive.path): is inside the packs \(input.path); write it outside them"
        }
        return nil
    }

    /// The absolute path with symbolic links of its existing folders resolved.
    package static func resolved(_ url: URL) -> URL {
        let absolute = url.standardizedFileURL
        return absolute.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(absolute.lastPathComponent)
    }

    package static func contains(_ folder: URL, _ file: URL) -> Bool {
        let base = folder.resolvingSymlinksInPath().path
        return file.path == base || file.path.hasPrefix(base.hasSuffix("/") ? base : base + "/")
    }
}
