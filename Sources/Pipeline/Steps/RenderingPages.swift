import AndroidOutput
import KeyboardLayout
import OutputTransaction

/// The step "rendering pages": every page laid out, composed, encoded and written (pages run
/// concurrently), or taken from the page cache; with `--shard`, only this shard's tabs.
struct RenderingPages {
    /// What the step reads of the run's options (the renderer and the cache read the sheets'
    /// settings themselves).
    struct Settings {
        var grid: GridSpec
        var shard: ShardSpec?

        init(_ options: GeneratorOptions) { (grid, shard) = (options.grid, options.publishing.shard) }
    }

    struct Pages {
        /// With `--shard`: which shard renders each tab.
        let shardTabs: [ShardRecord.Tab]?
        let pages: [Generator.PageKey: Generator.RenderedPage]
        let cache: PageCache
    }

    let settings: Settings

    func run(_ generator: Generator, _ read: ReadingPacks.Packs, output: OutputFolder) throws(GenerationError) -> Pages {
        let packs = read.packs
        let shardTabs = generator.shardAssignment(packs)
        let jobs = packs.indices.filter { tab in shardTabs.map { $0[tab].shard == settings.shard?.index } ?? true }.flatMap { tab in
            (0..<PageLayout.pageCount(entries: packs[tab].entries.count, grid: settings.grid)).map { Generator.PageJob(tab: tab, page: $0) }
        }
        let options = generator.options
        var renderer = PageRenderer(
            options: options, packs: packs, plans: read.plan.sprites, deleteIcons: read.deleteIcons, boxes: options.iconBoxes,
            emoji: read.plan.emojiSource, decoder: read.decoder, output: output)
        if let android = options.outputs.android {
            let boxes = AndroidDensitySheets.boxes(android.densities, grid: settings.grid)
            renderer.android = AndroidDensitySheets(
                densities: android.densities, names: AndroidResourceNames(tabIDs: packs.map(\.id)), grid: settings.grid, packs: packs,
                plans: read.plan.sprites, deleteIcons: try generator.loadDeleteIcons(for: packs, boxes: boxes, decoder: read.decoder),
                emoji: read.plan.emojiSource, decoder: read.decoder, encoder: options.encoder,
                anyWidthScales: options.sheetLayout == .anyWidth ? Set(options.scales) : [], screenWidth: options.widths[0], output: output)
        }
        let cache = PageCache(options: options, emoji: read.plan.emojiSource)
        return Pages(shardTabs: shardTabs, pages: try renderer.renderAll(jobs, cache: cache), cache: cache)
    }
}
