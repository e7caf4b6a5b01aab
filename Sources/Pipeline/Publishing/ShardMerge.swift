import Checksum
import Diagnostics
import EmoticonManifest
import Foundation
import OutputTransaction
import Publishing
import SiteOutputs

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
                    message: "\(folder): not an emokit shard (no \(ShardRecord.fileName)); pass the folders written by 'emokit generate \(setting: "shard") K/N'")
            ]
        case let .damaged(folder, file, reason): return [Diagnostic("damaged-shard", .error, file: "\(folder)/\(file)", message: "\(folder)/\(file): \(reason)")]
        case let .otherVersion(folder, shard, version):
            return [
                Diagnostic(
                    "shard-other-version", .error, file: folder,
                    message: "\(folder): shard \(shard) was made by emokit \(version), this is emokit \(EmokitResources.version); run every shard and the merge with one version")
            ]
        case let .otherRun(folder, shard, reference):
            return [
                Diagnostic(
                    "shard-other-run", .error, file: folder,
                    message: "\(folder): shard \(shard) comes from another run than \(reference) (other flags, packs or shard count); run every shard with the same command")
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
            return [Diagnostic("shards-differ", .error, file: path, message: "\(path) differs between shards \(folders.joined(separator: " and ")) (shards of another run?)")]
        case .output(let error): return error.diagnostics
        }
    }

    /// The messages with settings under their plain names (see `Diagnostic.Message.description`).
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

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
        let steps: [PipelineStep<MergeRun, MergeError>] = [
            .step(.checkingShards) { run throws(MergeError) in try run.checkAndCopyShards() },
            .step(.writingSite) { run throws(MergeError) in try run.writeSite() },
            .step(.sealing) { run throws(MergeError) in try run.sealAndSwapIn() },
        ]
        var run = MergeRun(merge: self)
        defer { run.lock?.release() }
        do {
            _ = try StepPipeline(steps, progress: progress).run(&run)
            return run.report()
        } catch {
            if run.staged { run.destination.discard() }
            throw error.error
        }
    }

    /// Reads every shard's record and checks that they are the N shards of one run, once each,
    /// sorted by shard number.
    func readShards() throws(MergeError) -> [ShardRecord] {
        var byIndex: [Int: (URL, ShardRecord)] = [:]
        var reference: (URL, ShardRecord)?
        for folder in shards {
            let record = try ShardRecord.read(from: folder)
            if record.emokit != EmokitResources.version || record.format != ShardRecord.currentFormat {
                throw .otherVersion(folder: folder.path, shard: record.shard.description, version: record.emokit)
            }
            if let (referenceFolder, referenceRecord) = reference {
                if record.run != referenceRecord.run || record.shard.count != referenceRecord.shard.count || record.tabs != referenceRecord.tabs {
                    throw .otherRun(folder: folder.path, shard: record.shard.description, reference: referenceFolder.path)
                }
            } else {
                reference = (folder, record)
            }
            if let (other, _) = byIndex[record.shard.index] {
                throw .duplicate(shard: record.shard.description, folders: [other.path, folder.path])
            }
            byIndex[record.shard.index] = (folder, record)
        }
        guard let count = reference?.1.shard.count else { throw .missing(shards: ["1/1"], given: []) }
        let missing = (1...count).filter { byIndex[$0] == nil }
        if !missing.isEmpty {
            throw .missing(shards: missing.map { "\($0)/\(count)" }, given: byIndex.keys.sorted().map { "\($0)/\(count)" })
        }
        return (1...count).map { byIndex[$0]!.1 }
    }

    /// The shard's files to copy (all but its record, mark and SHA256SUMS), each checked against
    /// its SHA256SUMS; a file missing from the list, or listed but absent or different, is refused.
    func verifiedFiles(_ folder: URL) throws(MergeError) -> [(String, String)] {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(ChecksumList.fileName)),
            let listed = ChecksumList.parse(data)
        else {
            throw .damaged(folder: folder.path, file: ChecksumList.fileName, reason: "missing or unreadable")
        }
        let present: [String]
        do { present = try ChecksumList.files(in: folder) } catch { throw .output(error) }
        let presentSet = Set(present)
        let skipped: Set<String> = [ShardRecord.fileName, ChecksumList.fileName, OutputFolder.markerName]
        var result: [(String, String)] = []
        for path in present where path != ChecksumList.fileName {
            guard let expected = listed[path] else { throw .damaged(folder: folder.path, file: path, reason: "not listed in its SHA256SUMS") }
            let actual: String
            do { actual = try ChecksumList.digest(of: folder.appendingPathComponent(path)) } catch { throw .output(error) }
            if actual != expected { throw .damaged(folder: folder.path, file: path, reason: "does not match its SHA256SUMS (damaged download?)") }
            if !skipped.contains(path) { result.append((path, actual)) }
        }
        if let absent = listed.keys.sorted().first(where: { !presentSet.contains($0) }) {
            throw .damaged(folder: folder.path, file: absent, reason: "listed in SHA256SUMS but missing")
        }
        return result
    }
}

/// What the steps of one merge hand each other: the shards' records, then the files copied from
/// them and the joined manifests; the site step, `SHA256SUMS`, the archive and the swap are
/// exactly the ones `generate` runs.
struct MergeRun {
    let merge: ShardMerge
    let destination: OutputFolder
    /// Held from the first step to the end of the run.
    private(set) var lock: OutputLock?
    /// Whether the staging folder exists: a failure discards it.
    private(set) var staged = false
    private var records: [ShardRecord] = []
    private var recovered: [Diagnostic] = []
    private var digests: [String: String] = [:]
    private var files = 0
    private var manifests: [Manifest] = []

    init(merge: ShardMerge) {
        self.merge = merge
        destination = OutputFolder(destination: merge.output)
    }

    /// Checks the shards are the N shards of one run, takes the output, then copies every shard's
    /// own files (its tabs' sheets), each checked against its SHA256SUMS, and joins the manifests.
    mutating func checkAndCopyShards() throws(MergeError) {
        records = try merge.readShards()
        if let archive = merge.archive, let problem = ArchiveLocation.problem(archive, output: merge.output, inputs: merge.shards) {
            throw .output(.invalidOptions(problem))
        }
        // One run per output at a time, and what a killed run (merge or generate) left is cleared.
        let lock = OutputLock(for: destination.destination)
        do { try lock.acquire(wait: false) } catch { throw .output(error) }
        self.lock = lock
        recovered = destination.recoverLeftovers()
        do { try destination.checkReplaceable() } catch { throw .output(error) }
        do { try destination.prepareStaging() } catch { throw .output(error) }
        staged = true

        var origin: [String: String] = [:]
        let checked = merge.progress.counter(total: merge.shards.count)
        for folder in merge.shards {
            for (path, digest) in try merge.verifiedFiles(folder) {
                // Content-addressed files (animations) may come from several shards, identical.
                if let other = origin[path] {
                    if digests[path] == digest { continue }
                    throw MergeError.sameFile(path: path, folders: [other, folder.path])
                }
                origin[path] = folder.path
                digests[path] = digest
                do {
                    let target = destination.staging.appendingPathComponent(path)
                    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try FileManager.default.copyItem(at: folder.appendingPathComponent(path), to: target)
                } catch {
                    throw MergeError.output(.output(path: destination.staging.appendingPathComponent(path).path, reason: "cannot copy (\(error.localizedDescription))"))
                }
            }
            checked.advance()
        }
        files = origin.count

        // The manifests, each tab from the shard that rendered it.
        let first = records[0]
        manifests = first.manifests.indices.map { index in
            var manifest = first.manifests[index]
            for (tab, assignment) in first.tabs.enumerated() where tab < manifest.tabs.count {
                manifest.tabs[tab] = records[assignment.shard - 1].manifests[index].tabs[tab]
            }
            return manifest
        }
    }

    /// The same site step as a single run, with the first shard's site settings and summary.
    func writeSite() throws(MergeError) {
        do throws(GenerationError) {
            try SiteStep(settings: records[0].site).write(manifests: manifests.map(PagedManifest.init), summary: records[0].summary, to: destination)
        } catch {
            throw .output(error)
        }
    }

    /// SHA256SUMS, the archive and the swap, exactly as `generate` does them.
    func sealAndSwapIn() throws(MergeError) {
        do throws(GenerationError) {
            let pending = try SealStep(archive: merge.archive).seal(destination, knownDigests: digests)
            do throws(GenerationError) { try destination.commit() } catch {
                pending?.discard()
                throw error
            }
            try pending?.commit()
        } catch {
            throw .output(error)
        }
    }

    func report() -> ShardMerge.Report {
        ShardMerge.Report(
            output: merge.output, shards: records.count, tabs: records[0].tabs.count, files: files, wrotePreview: records[0].site.preview, notes: recovered)
    }
}
