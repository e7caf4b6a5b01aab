import Checksum
import Diagnostics
import EmoticonManifest
import Foundation
import OutputSeal
import OutputTransaction
import SiteOutputs

/// `emokit merge OUT SHARD...`: joins the outputs of `generate --shard K/N` runs into the site a
/// single run would have written, byte for byte. Each shard is checked against its own
/// `SHA256SUMS` (a damaged download is refused), every tab's files come from the shard that owns
/// it, the manifests are joined tab by tab, and the site step, `SHA256SUMS` and the archive are
/// the ones `generate` runs. Like `generate`, the result is built beside `OUT` and swapped in whole.
public struct ShardMerge: Sendable {
    public var output: URL
    public var shards: [URL]
    /// `--archive`: as for `generate`.
    public var archive: URL?
    /// Told of the steps and of shards done, as `GeneratorOptions.progress` is.
    public var progress = GenerationProgress.none
    /// SIGINT/SIGTERM stop the merge as they stop `generate` (`GeneratorOptions.exitOnSignal`):
    /// staging, lock and partial archive removed, exit 130/143. Only the command line sets it.
    public var exitOnSignal = false

    public init(output: URL, shards: [URL], archive: URL? = nil) {
        self.output = output
        self.shards = shards
        self.archive = archive
    }

    public struct Report: Sendable {
        public var output: URL
        public var shards: Int
        public var tabs: Int
        public var files: Int
        /// Whether the merged site has the HTML preview (the shards' run had no `--no-preview`).
        public var wrotePreview: Bool
        /// What an interrupted run had left beside the output, removed (as `generate` reports it).
        public var notes: [Diagnostic] = []
    }

    public func run() throws(MergeError) -> Report {
        var run = MergeRun(merge: self)
        var swappedIn = false
        defer { run.session?.end(swappedIn: swappedIn) }
        var steps = StepRunner<MergeError>(progress: progress)
        do {
            try steps.run(.checkingShards) { () throws(MergeError) in try run.checkAndCopyShards() }
            try steps.run(.writingSite) { () throws(MergeError) in try run.writeSite() }
            try steps.run(.sealing) { () throws(MergeError) in try run.sealAndSwapIn() }
            swappedIn = true
            return run.report()
        } catch {
            throw error.error
        }
    }

    /// A shard's record, checked (`ShardRecord.check`), and the files it implies in its folder.
    struct CheckedShard {
        let folder: URL
        let record: ShardRecord
        let recordDigest: String
        let files: Set<String>
    }

    /// Reads every shard's record, checks it, and checks that they are the N shards of one run,
    /// once each; sorted by shard number.
    func readShards() throws(MergeError) -> [CheckedShard] {
        var byIndex: [Int: CheckedShard] = [:]
        var reference: CheckedShard?
        for folder in shards {
            let data: Data
            do { data = try UntrustedFolder.readAll(ShardRecord.fileName, in: folder, maxBytes: ShardRecord.maxBytes) } catch {
                if error == .missing { throw .notAShard(folder: folder.path) }
                throw .damaged(folder: folder.path, file: ShardRecord.fileName, reason: error.description)
            }
            let record: ShardRecord
            let files: Set<String>
            do { record = try ShardRecord.decode(data) } catch {
                throw .damaged(folder: folder.path, file: ShardRecord.fileName, reason: error.description)
            }
            if record.emokit != EmokitResources.version || record.format != ShardRecord.currentFormat {
                throw .otherVersion(folder: folder.path, shard: record.shard.description, version: ShardRecord.quoted(record.emokit))
            }
            do { files = try record.check().union(record.androidFiles()) } catch {
                throw .damaged(folder: folder.path, file: ShardRecord.fileName, reason: error.description)
            }
            let shard = CheckedShard(folder: folder, record: record, recordDigest: SHA256.hexDigest([UInt8](data)), files: files)
            if let reference {
                let first = reference.record
                if record.run != first.run || record.shard.count != first.shard.count || record.tabs != first.tabs || record.site != first.site
                    || record.summary != first.summary
                {
                    throw .otherRun(folder: folder.path, shard: record.shard.description, reference: reference.folder.path)
                }
            } else {
                reference = shard
            }
            if let other = byIndex[record.shard.index] {
                throw .duplicate(shard: record.shard.description, folders: [other.folder.path, folder.path])
            }
            byIndex[record.shard.index] = shard
        }
        guard let count = reference?.record.shard.count else { throw .missing(shards: ["1/1"], given: []) }
        let missing = (1...count).filter { byIndex[$0] == nil }
        if !missing.isEmpty {
            throw .missing(shards: missing.map { "\($0)/\(count)" }, given: byIndex.keys.sorted().map { "\($0)/\(count)" })
        }
        return (1...count).map { byIndex[$0]! }
    }

    /// The shard's files to copy, each with the SHA-256 its `SHA256SUMS` gives: exactly the files
    /// its record implies. A listed file the record does not imply (a script, another manifest)
    /// is refused, and so is an implied file the list lacks or a record that does not match it.
    func listedFiles(_ shard: CheckedShard) throws(MergeError) -> [(String, String)] {
        let folder = shard.folder
        let data: Data
        do { data = try UntrustedFolder.readAll(ChecksumList.fileName, in: folder, maxBytes: UntrustedFolder.maxChecksumListBytes) } catch {
            throw .damaged(folder: folder.path, file: ChecksumList.fileName, reason: error.description)
        }
        guard let listed = ChecksumList.parse(data) else {
            throw .damaged(folder: folder.path, file: ChecksumList.fileName, reason: "is not a SHA256SUMS file")
        }
        let own: Set<String> = [ShardRecord.fileName, OutputFolder.markerName]
        if let extra = listed.keys.sorted().first(where: { !shard.files.contains($0) && !own.contains($0) }) {
            throw .damaged(
                folder: folder.path, file: ShardRecord.quoted(extra),
                reason: "listed in SHA256SUMS, but not a file emokit writes for this shard's record; merge takes only those")
        }
        guard listed[ShardRecord.fileName] == shard.recordDigest else {
            throw .damaged(folder: folder.path, file: ShardRecord.fileName, reason: "does not match its SHA256SUMS (damaged download?)")
        }
        var result: [(String, String)] = []
        for path in shard.files.sorted() {
            guard let digest = listed[path] else { throw .damaged(folder: folder.path, file: path, reason: "not listed in its SHA256SUMS") }
            result.append((path, digest))
        }
        return result
    }

    /// The output may not be a shard, lie inside one or hold one (nor the current folder):
    /// the output is replaced whole, and `merge s1 s1 s2` must not turn `s1` into the site.
    func checkOutputPlace() throws(MergeError) {
        let destination = output.standardizedFileURL
        let target = destination.resolvingSymlinksInPath().path
        for shard in shards {
            let path = shard.standardizedFileURL.resolvingSymlinksInPath().path
            if target == path || target.hasPrefix(path == "/" ? "/" : path + "/") {
                throw .output(
                    .refusedOutput(
                        path: destination.path,
                        reason: "is the shard \(shard.path) or inside it; write the merged site to a folder outside every shard"))
            }
        }
        // Checked here too (the output session checks again), so that this refusal comes before
        // any refusal of --archive, as it always has.
        do { try OutputFolder(destination: output).checkSurroundings(inputs: shards) } catch { throw .output(GenerationError(error)) }
    }
}
