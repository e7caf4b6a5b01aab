import Diagnostics
import EmoticonManifest
import Foundation
import OutputTransaction
import Publishing
import SiteOutputs

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
        do { actual = try UntrustedFolder.copy(path, from: folder, to: target) } catch {
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
        let name = records[0].site.requests.assetCatalog?.name
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
            try SiteStep(settings: records[0].site.siteSettings, writers: records[0].site.outputWriters).write(
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
