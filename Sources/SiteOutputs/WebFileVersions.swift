import Checksum
import EmoticonManifest
import Foundation
import OutputTransaction

/// The version of each file the web outputs load (sheets, GIFs): the first 12 hex digits of its
/// SHA-256, which the stylesheet and the runtime's data add to its URL (`sheets/…png?v=…`). A URL
/// changes when the file's bytes change and only then, so a CDN may cache the sheets forever; the
/// files keep their names, which the apps' manifests (and `--sheets per-width` output) share.
struct WebFileVersions: Sendable {
    /// Relative path (from the output's root) to its version.
    let byPath: [String: String]

    /// No versions: URLs are the paths as they are.
    static let none = WebFileVersions(byPath: [:])

    /// `path` with its version as a query (`?v=…`), or as it is when it has none.
    func url(_ path: String) -> String { byPath[path].map { "\(path)?v=\($0)" } ?? path }

    /// Reads each file back from the output being written and hashes it.
    static func read(_ paths: some Sequence<String>, output: OutputFolder) throws(OutputError) -> WebFileVersions {
        var byPath: [String: String] = [:]
        for path in paths where byPath[path] == nil {
            let bytes: Data
            do { bytes = try Data(contentsOf: output.staging.appendingPathComponent(path)) } catch {
                throw .cannotWrite(path: path, reason: "cannot read the file back to version its URL (\(error.localizedDescription))")
            }
            byPath[path] = version(of: bytes)
        }
        return WebFileVersions(byPath: byPath)
    }

    /// A file's version: the first 12 hex digits of its SHA-256 (48 bits: a collision between two
    /// versions of one file is out of reach).
    static func version(of bytes: Data) -> String { version(ofDigest: SHA256.hexDigest(bytes)) }

    /// The version of a file whose SHA-256 (64 hex digits) is known.
    static func version(ofDigest digest: String) -> String { String(digest.prefix(12)) }

    /// Every file a manifest's web outputs load: page, tab icon and skin-tone sheets, and GIFs.
    static func files(of manifest: Manifest) -> [String] {
        var paths: [String] = []
        for tab in manifest.tabs {
            for page in tab.pages {
                paths += page.sheets.values.sorted()
                paths += page.buttons.compactMap { $0.animation?.path }
            }
            paths += tab.icon?.sheets.values.sorted() ?? []
            for sheet in tab.variantSheets ?? [] { paths += sheet.sheets.values.sorted() }
        }
        return paths
    }
}
