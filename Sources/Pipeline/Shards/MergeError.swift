import Diagnostics
import Foundation

/// Why `merge` refused its shards. Each case names the shard folder to fix.
public enum MergeError: Error, CustomStringConvertible, Sendable {
    case notAShard(folder: String)
    case damaged(folder: String, file: String, reason: String)
    case otherVersion(folder: String, shard: String, version: String)
    case otherRun(folder: String, shard: String, reference: String)
    case duplicate(shard: String, folders: [String])
    case missing(shards: [String], given: [String])
    case sameFile(path: String, folders: [String])
    case output(GenerationError)

    /// What to print: one error naming the shard to fix, or the output step's findings.
    public var diagnostics: [Diagnostic] {
        switch self {
        case .notAShard(let folder):
            return [
                Diagnostic(
                    "not-a-shard", .error, file: folder,
                    message: "\(path: folder): not an emokit shard (no \(ShardRecord.fileName)); pass the folders written by 'emokit generate \(setting: "shard") K/N'")
            ]
        case let .damaged(folder, file, reason): return [Diagnostic("damaged-shard", .error, file: "\(folder)/\(file)", message: "\(path: "\(folder)/\(file)"): \(reason)")]
        case let .otherVersion(folder, shard, version):
            return [
                Diagnostic(
                    "shard-other-version", .error, file: folder,
                    message: "\(path: folder): shard \(shard) was made by emokit \(version), this is emokit \(EmokitResources.version); run every shard and the merge with one version")
            ]
        case let .otherRun(folder, shard, reference):
            return [
                Diagnostic(
                    "shard-other-run", .error, file: folder,
                    message: "\(path: folder): shard \(shard) comes from another run than \(reference) (other flags, packs or shard count); run every shard with the same command")
            ]
        case let .duplicate(shard, folders):
            return [Diagnostic("duplicate-shard", .error, message: "shard \(shard) is given twice: \(folders.joined(separator: " and "))")]
        case let .missing(shards, given):
            let which = "shard\(shards.count == 1 ? "" : "s") \(shards.joined(separator: ", "))"
            return [
                Diagnostic(
                    "missing-shard", .error,
                    message: "\(which) \(shards.count == 1 ? "is" : "are") missing (given: \(given.isEmpty ? "none" : given.joined(separator: ", ")))")
            ]
        case let .sameFile(path, folders):
            return [Diagnostic("shards-differ", .error, file: path, message: "\(path: path) differs between shards \(folders.joined(separator: " and ")) (shards of another run?)")]
        case .output(let error): return error.diagnostics
        }
    }

    /// The messages with settings under their plain names (see `Diagnostic.Message.description`).
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
