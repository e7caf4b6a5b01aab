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
        let steps: [PipelineStep<MergeRun, MergeError>] = [
            .step(.checkingShards) { run throws(MergeError) in try run.checkAndCopyShards() },
            .step(.writingSite) { run throws(MergeError) in try run.writeSite() },
            .step(.sealing) { run throws(MergeError) in try run.sealAndSwapIn() },
        ]
        var run = MergeRun(merge: self)
        defer {
            run.destination.interruption?.uninstall()
            run.lock?.release()
        }
        do {
            _ = try StepPipeline(steps, progress: progress).run(&run)
            return run.report()
        } catch {
            if run.staged {
                run.destination.interruption?.waitIfStopped()
                run.destination.discard()
            }
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
            do { data = try ShardFiles.readAll(ShardRecord.fileName, in: folder, maxBytes: ShardRecord.maxBytes) } catch {
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
            do { files = try record.check() } catch {
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
        do { data = try ShardFiles.readAll(ChecksumList.fileName, in: folder, maxBytes: ShardFiles.maxChecksumListBytes) } catch {
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
    func checkOutputPlace(_ destination: OutputFolder) throws(MergeError) {
        let target = destination.destination.resolvingSymlinksInPath().path
        for shard in shards {
            let path = shard.standardizedFileURL.resolvingSymlinksInPath().path
            if target == path || target.hasPrefix(path == "/" ? "/" : path + "/") {
                throw .output(
                    .refusedOutput(
                        path: destination.destination.path,
                        reason: "is the shard \(shard.path) or inside it; write the merged site to a folder outside every shard"))
            }
        }
        do { try destination.checkSurroundings(inputs: shards) } catch { throw .output(error) }
    }
}

/// What the steps of one merge hand each other: the shards' records, then the files copied from
/// them and the joined manifests; the site step, `SHA256SUMS`, the archive and the swap are
/// exactly the ones `generate` runs.
struct MergeRun {
    let merge: ShardMerge
    private(set) var destination: OutputFolder
    /// Held from the first step to the end of the run.
    private(set) var lock: OutputLock?
    /// Whether the staging folder exists: a failure discards it.
    private(set) var staged = false
    private var shards: [ShardMerge.CheckedShard] = []
    private var records: [ShardRecord] { shards.map(\.record) }
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
        shards = try merge.readShards()
        try merge.checkOutputPlace(destination)
        if let archive = merge.archive, let problem = ArchiveLocation.problem(archive, output: merge.output, inputs: merge.shards) {
            throw .output(.invalidOptions(problem))
        }
        // One run per output at a time, and what a killed run (merge or generate) left is cleared.
        let lock = OutputLock(for: destination.destination)
        do { try lock.acquire(wait: false) } catch { throw .output(error) }
        self.lock = lock
        if merge.exitOnSignal {
            let interruption = Interruption(staging: destination.staging, outputLock: lock, progress: merge.progress)
            interruption.install()
            destination.interruption = interruption
        }
        recovered = destination.recoverLeftovers() + SealStep.recoverArchive(merge.archive, output: destination)
        do { try destination.checkReplaceable() } catch { throw .output(error) }
        do { try destination.prepareStaging() } catch { throw .output(error) }
        staged = true

        var origin: [String: String] = [:]
        let checked = merge.progress.counter(total: shards.count)
        for shard in shards {
            for (path, digest) in try merge.listedFiles(shard) {
                // Strips every shard draws (tab icons, variants) and content-addressed animations
                // come from several shards, identical.
                if let other = origin[path] {
                    if digests[path] == digest { continue }
                    throw MergeError.sameFile(path: path, folders: [other, shard.folder.path])
                }
                origin[path] = shard.folder.path
                digests[path] = digest
                try copy(path, from: shard.folder, digest: digest)
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
        try checkImageSets()
    }

    /// One file into staging, read once: checked against its digest as it is copied.
    private func copy(_ path: String, from folder: URL, digest: String) throws(MergeError) {
        let target: URL
        do { target = try destination.prepareFile(path) } catch { throw .output(error) }
        let actual: String
        do { actual = try ShardFiles.copy(path, from: folder, to: target) } catch {
            switch error {
            case .source(let problem): throw .damaged(folder: folder.path, file: path, reason: problem.description)
            case .target(let reason):
                destination.interruption?.waitIfStopped()
                throw .output(.output(path: target.path, reason: "cannot copy (\(reason))"))
            }
        }
        if actual != digest { throw .damaged(folder: folder.path, file: path, reason: "does not match its SHA256SUMS (damaged download?)") }
    }

    /// The asset catalog's image set names in the manifests are paths inside the catalog: each
    /// must be the one emokit gives that tab and page (none without a catalog).
    private func checkImageSets() throws(MergeError) {
        let name = records[0].site.assetCatalog
        for manifest in manifests {
            let folders = AssetCatalogWriter.folderNames(for: manifest.tabs.map(\.id))
            for (index, tab) in manifest.tabs.enumerated() {
                let icon = name.map { _ in AssetCatalogWriter.tabIconSetName(folder: folders[index]) }
                var good = tab.icon?.imageSet == nil || tab.icon?.imageSet == icon
                for page in tab.pages where page.imageSet != nil {
                    good = good && name != nil && page.imageSet == AssetCatalogWriter.imageSetName(folder: folders[index], width: manifest.screenWidth, page: page.index)
                }
                if !good {
                    throw .damaged(
                        folder: shards[records[0].tabs[index].shard - 1].folder.path, file: ShardRecord.fileName,
                        reason: "tab \(tab.id): an asset catalog name that is not one emokit writes")
                }
            }
        }
    }

    /// The same site step as a single run, with the first shard's site settings and summary.
    func writeSite() throws(MergeError) {
        do throws(GenerationError) {
            try SiteStep(settings: SiteStep.Settings(records[0].site)).write(
                manifests: manifests.map(PagedManifest.init), summary: records[0].summary, to: destination)
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
