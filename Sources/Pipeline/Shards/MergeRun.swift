import AndroidOutput
import Diagnostics
import EmoticonManifest
import Foundation
import OutputSeal
import OutputTransaction
import SiteOutputs

/// What the steps of one merge hand each other: the shards' records, then the files copied from
/// them and the joined manifests; the site step, `SHA256SUMS`, the archive and the swap are
/// exactly the ones `generate` runs.
struct MergeRun {
    let merge: ShardMerge
    /// The output, taken once the shards are read (the first step) and held to the end of the run.
    private(set) var session: OutputSession?
    private var destination: OutputFolder {
        guard let session else { preconditionFailure("the output is taken by the first step") }
        return session.folder
    }
    private var shards: [ShardMerge.CheckedShard] = []
    private var records: [ShardRecord] { shards.map(\.record) }
    private var digests: [String: String] = [:]
    private var files = 0
    private var manifests: [Manifest] = []

    init(merge: ShardMerge) {
        self.merge = merge
    }

    /// Checks the shards are the N shards of one run, takes the output, then copies every shard's
    /// own files (its tabs' sheets), each checked against its SHA256SUMS, and joins the manifests.
    mutating func checkAndCopyShards() throws(MergeError) {
        shards = try merge.readShards()
        try merge.checkOutputPlace()
        if let archive = merge.archive, let problem = ArchiveLocation.problem(archive, output: merge.output, inputs: merge.shards) {
            throw .output(.invalidOptions(problem))
        }
        do {
            let session = try OutputSession(
                destination: merge.output, inputs: merge.shards, wait: false, exitOnSignal: merge.exitOnSignal, progress: merge.progress,
                recoverBeside: { SealStep.recoverArchive(merge.archive, output: $0) })
            self.session = session
            try session.stage()
        } catch { throw .output(GenerationError(error)) }

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
        try checkSizes()
    }

    /// `--size-budget` on the whole keyboard (each shard checked only its own share): what an app
    /// ships of the merged sheets (`ShippedSizes`, from the copied files' sizes), before the site
    /// is written and long before the swap.
    private func checkSizes() throws(MergeError) {
        guard let budget = records[0].site.sizeBudget, let first = manifests.first else { return }
        var seen = Set<String>()
        var written: [ShippedSizes.Written] = []
        func add(_ path: String, scale: Int, width: Int?, thinned: Bool = true) throws(MergeError) {
            guard seen.insert(path).inserted else { return }
            // A file this merge just copied into staging (checked against its SHA256SUMS).
            let file = destination.staging.appendingPathComponent(path)
            guard let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int else {
                throw .output(.output(path: file.path, reason: "cannot read its size"))
            }
            written.append(.init(sheet: .init(path: path, bytes: bytes), scale: scale, width: width, thinned: thinned))
        }
        for manifest in manifests {
            let width = manifest.sheetLayout == .anyWidth ? nil : manifest.screenWidth
            for tab in manifest.tabs {
                for page in tab.pages { for (scale, path) in page.sheets { if let scale = Int(scale) { try add(path, scale: scale, width: width) } } }
                for (scale, path) in tab.icon?.sheets ?? [:] { if let scale = Int(scale) { try add(path, scale: scale, width: nil) } }
                for sheet in tab.variantSheets ?? [] {
                    for (scale, path) in sheet.sheets { if let scale = Int(scale) { try add(path, scale: scale, width: nil, thinned: false) } }
                }
            }
        }
        // `--android`: every page's density sheet, smallest density first.
        var android: [ShippedSizes.AndroidWritten] = []
        if let densities = (try? OutputRequests(recorded: records[0].site.outputs))?.android?.densities {
            let names = AndroidResourceNames(tabIDs: first.tabs.map(\.id))
            for density in densities {
                for (tab, info) in first.tabs.enumerated() {
                    for page in info.pages.indices {
                        let path = AndroidWriter.sheetPath(density: density, name: names.page(tab: tab, page: page))
                        let file = destination.staging.appendingPathComponent(path)
                        guard let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int else {
                            throw .output(.output(path: file.path, reason: "cannot read its size"))
                        }
                        android.append(.init(density: density.rawValue, scale: Int(density.scale.rounded(.up)), sheet: .init(path: path, bytes: bytes)))
                    }
                }
            }
        }
        let widths = manifests.map(\.screenWidth)
        let perWidth = first.sheetLayout != .anyWidth
        let sizes = ShippedSizes(
            written: written, scales: first.scales,
            choice: .init(iOSWidths: perWidth ? Set(widths) : [], webWidths: perWidth ? Set(widths.min().map { [$0] } ?? []) : []), android: android)
        let over = sizes.over(budget: budget)
        if let worst = over.first { throw .output(.overBudget(SizeOverrun(budget: budget, worst: worst, others: Array(over.dropFirst())))) }
    }

    /// One file into staging, read once: checked against its digest as it is copied.
    private func copy(_ path: String, from folder: URL, digest: String) throws(MergeError) {
        let target: URL
        do { target = try destination.prepareFile(path) } catch { throw .output(GenerationError(error)) }
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
    /// must be the one emokit gives that tab and page (none without a catalog): with any-width
    /// sheets the page's one image set, else its width's.
    private func checkImageSets() throws(MergeError) {
        let name = records[0].site.requests.assetCatalog?.name
        for manifest in manifests {
            let folders = AssetCatalogWriter.folderNames(for: manifest.tabs.map(\.id))
            let width = manifest.sheetLayout == .anyWidth ? nil : manifest.screenWidth
            for (index, tab) in manifest.tabs.enumerated() {
                let icon = name.map { _ in AssetCatalogWriter.tabIconSetName(folder: folders[index]) }
                var good = tab.icon?.imageSet == nil || tab.icon?.imageSet == icon
                for page in tab.pages where page.imageSet != nil {
                    good = good && name != nil && page.imageSet == AssetCatalogWriter.imageSetName(folder: folders[index], width: width, page: page.index)
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
        do {
            try SiteStep(settings: records[0].site.siteSettings, writers: records[0].site.outputWriters).write(
                manifests: manifests.map(PagedManifest.init), summary: records[0].summary, to: destination)
        } catch {
            throw .output(GenerationError(error))
        }
    }

    /// SHA256SUMS, the archive and the swap, exactly as `generate` does them.
    func sealAndSwapIn() throws(MergeError) {
        let pending: SealStep.PendingArchive?
        do { pending = try SealStep(archive: merge.archive).seal(destination, knownDigests: digests) } catch { throw .output(GenerationError(error)) }
        do { try SealStep.swapIn(destination, archive: pending) } catch { throw .output(GenerationError(error)) }
    }

    func report() -> ShardMerge.Report {
        ShardMerge.Report(
            output: merge.output, shards: records.count, tabs: records[0].tabs.count, files: files, wrotePreview: records[0].site.preview, notes: session?.recovered ?? [])
    }
}
