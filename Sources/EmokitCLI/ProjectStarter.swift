import Diagnostics
import EmoticonPacks
import Foundation
import OutputTransaction
import PackAuthoring
import Settings

/// `emokit init DIR`: writes `DIR/info.plist` (the images as a Weibo pack, `PackStarter`) and a
/// starter `DIR/emokit.json` for `generate --config`. Both files are written or neither: each is
/// written beside its place first, then moved in without replacing anything (or, with `force`,
/// swapped with the old one, which is put back if the second move fails). The command's job, so
/// here beside it; the files are created as the output's are (`NewFile`) and moved in with the
/// output's atomic steps (`FileSwap`).
public struct ProjectStarter: Sendable {
    public static let plistName = "info.plist"
    public static let configName = "emokit.json"

    public let pack: PackStarter
    /// Replace an existing `info.plist` and `emokit.json`.
    public var force = false

    public init(pack: PackStarter, force: Bool = false) {
        self.pack = pack
        self.force = force
    }

    /// The starter config (`StarterConfig.json`).
    public static var configJSON: String { StarterConfig.json }

    /// Writes both files into the pack's folder; returns their paths. `display` is the folder as
    /// the user named it, for messages.
    public func write(display: String) throws(ProjectStarterError) -> [URL] {
        let folder = pack.folder
        let targets = [Self.plistName, Self.configName].map { folder.appendingPathComponent($0) }
        let contents = [pack.infoPlistXML, Self.configJSON]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for target in [Self.plistName, Self.configName] {
            // Another spelling would be a second file beside ours (or the same file, ignoring case).
            if let other = names.first(where: { $0 != target && $0.lowercased() == target }) {
                throw .exists(path: "\(display)/\(other)", canForce: false)
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(target).path, isDirectory: &isFolder) {
                if isFolder.boolValue || !force { throw .exists(path: "\(display)/\(target)", canForce: !isFolder.boolValue) }
            }
        }
        // Each file is written to a new file of a name no one can guess beside its place
        // (`NewFile.writeBeside`), then moved in; only those names are ever removed.
        var temporaries: [URL] = []
        defer { for temporary in temporaries { unlink(temporary.path) } }
        for (target, text) in zip(targets, contents) {
            do { temporaries.append(try NewFile.writeBeside(target, tag: "init", Data(text.utf8))) } catch {
                throw .cannotWrite(path: "\(display)/\(target.lastPathComponent)", reason: error.description)
            }
        }
        var placed: [(target: URL, how: FileSwap.Placement)] = []
        for (temporary, target) in zip(temporaries, targets) {
            do {
                placed.append((target, try FileSwap.move(temporary, to: target, replacing: force)))
            } catch {
                // Undo the first file: remove ours, or swap the previous one back.
                for ((done, how), temporary) in zip(placed, temporaries) {
                    switch how {
                    case .added: unlink(done.path)
                    case .swapped: _ = FileSwap.exchange(temporary, done)
                    case .replaced: break  // the previous file is gone; ours stays rather than nothing
                    }
                }
                switch error {
                case .exists: throw .exists(path: "\(display)/\(target.lastPathComponent)", canForce: !force)
                case .failed(let reason): throw .cannotWrite(path: "\(display)/\(target.lastPathComponent)", reason: reason)
                }
            }
        }
        return targets
    }

    /// `init --update`: the folder's `info.plist` replaced by `data`, written beside it and renamed
    /// over it, so a reader sees the old file or the new one, never half of one.
    public static func replacePlist(in folder: URL, with data: Data, display: String) throws(ProjectStarterError) {
        let target = folder.appendingPathComponent(plistName)
        // The new file keeps the old one's permissions (a private plist stays private).
        var old = stat()
        let mode: mode_t = lstat(target.path, &old) == 0 ? old.st_mode & 0o777 : 0o644
        let temporary: URL
        do { temporary = try NewFile.writeBeside(target, tag: "update", data, mode: mode) } catch {
            throw .cannotWrite(path: "\(display)/\(plistName)", reason: error.description)
        }
        defer { unlink(temporary.path) }
        if rename(temporary.path, target.path) != 0 { throw .cannotWrite(path: "\(display)/\(plistName)", reason: String(cString: strerror(errno))) }
    }
}

/// Why `emokit init` wrote nothing (after the folder was read: `PackStarterError`).
public enum ProjectStarterError: Error, Equatable, Sendable {
    /// The file is there already; `canForce`: `--force` would replace it.
    case exists(path: String, canForce: Bool)
    case cannotWrite(path: String, reason: String)

    /// The error to print; `--force` is a setting reference the caller names.
    public var diagnostic: Diagnostic {
        switch self {
        case .exists(let path, let canForce):
            let remedy: Diagnostic.Message = canForce ? " (\(setting: "force") replaces info.plist and emokit.json)" : " (remove or rename it first)"
            return Diagnostic("init-file-exists", .error, file: path, message: "\(path: path) already exists; nothing written" + remedy)
        case .cannotWrite(let path, let reason): return Diagnostic("init-not-written", .error, file: path, message: "\(path: path): cannot write (\(reason)); nothing written")
        }
    }

    /// True when the folder could not be written, rather than a file being in the way.
    public var isOutputFailure: Bool {
        if case .cannotWrite = self { return true }
        return false
    }
}
