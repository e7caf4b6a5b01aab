import EmoticonManifest
import OutputTransaction
import PreviewSite
import SiteOutputs

/// The step "writing the site": the manifest files, asset catalog, web sprite data and preview
/// site (`SiteStep`, the same step `merge` runs); a shard instead records what `merge` needs.
struct WritingSite {
    let site: SiteStep

    func run(
        _ generator: Generator, _ read: ReadingPacks.Packs, _ rendered: RenderingPages.Pages, manifests: [PagedManifest], output: OutputFolder
    ) throws(GenerationError) {
        let summary = generator.summary(read.packs, emoji: read.emojiIdentity)
        do {
            if let shardTabs = rendered.shardTabs {
                let record = generator.shardRecord(read.packs, tabs: shardTabs, manifests: manifests.map { $0.whole() }, summary: summary)
                try output.write(try record.data(), to: ShardRecord.fileName)
            } else {
                try site.write(manifests: manifests, summary: summary, to: output, workers: generator.options.concurrency)
            }
        } catch { throw GenerationError(error) }
    }
}
