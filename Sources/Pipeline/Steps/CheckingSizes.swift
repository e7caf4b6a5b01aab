import AndroidOutput
import EmoticonPacks
import KeyboardLayout

/// The step "checking sizes": what an app ships per platform and scale (`ShippedSizes`), from
/// the sizes of the sheets this run wrote; over `--size-budget`, the run stops here, before the
/// manifests and the site are written and long before the swap, so the previous output stays
/// as it was.
struct CheckingSizes {
    /// `--size-budget`: the most bytes one platform may ship at one scale; nil: no budget.
    let budget: Int?

    func run(_ generator: Generator, _ read: ReadingPacks.Packs, _ rendered: RenderingPages.Pages, _ extras: DrawingExtras.Extras) throws(GenerationError)
        -> ShippedSizes
    {
        let sizes = generator.shippedSizes(read.packs, rendered.pages, extras)
        let over = sizes.over(budget: budget)
        if let budget, let worst = over.first { throw .overBudget(SizeOverrun(budget: budget, worst: worst, others: Array(over.dropFirst()))) }
        return sizes
    }
}

extension Generator {
    /// The report of what each platform ships (see `ShippedSizes` for what each takes).
    func shippedSizes(_ packs: [EmoticonPack], _ pages: [PageKey: RenderedPage], _ extras: DrawingExtras.Extras) -> ShippedSizes {
        var written: [ShippedSizes.Written] = []
        for (key, page) in pages {
            for sheet in page.sheets {
                let path = Generator.sheetPath(tab: packs[key.tab].id, width: sheet.key.width, page: key.page, scale: sheet.key.scale)
                written.append(
                    .init(sheet: .init(path: path, bytes: sheet.bytes), scale: sheet.key.scale, width: sheet.key.width == AnyWidthSheet.width ? nil : sheet.key.width))
            }
        }
        for record in extras.tabIcons.sheets {
            // A strip's path ends in its scale (`sheets/tab-icons@2x.png`).
            guard let scale = options.scales.first(where: { record.path.hasSuffix("@\($0)x.png") }) else { continue }
            written.append(.init(sheet: .init(path: record.path, bytes: record.bytes), scale: scale, width: nil))
        }
        for tab in extras.variants {
            for sheet in tab.sheets {
                for (scale, record) in sheet {
                    written.append(.init(sheet: .init(path: record.path, bytes: record.bytes), scale: scale, width: nil, thinned: false))
                }
            }
        }
        let perWidth = options.sheetLayout == .perWidth
        let choice = ShippedSizes.Choice(
            iOSWidths: perWidth ? Set(options.assetCatalogWidths ?? options.widths) : [],
            webWidths: perWidth ? Set(options.widths.min().map { [$0] } ?? []) : [])
        return ShippedSizes(written: written, scales: options.scales, choice: choice, android: androidSheets(packs, pages))
    }

    /// `--android`: every page's density sheets, smallest density first.
    func androidSheets(_ packs: [EmoticonPack], _ pages: [PageKey: RenderedPage]) -> [ShippedSizes.AndroidWritten] {
        guard let densities = options.outputs.android?.densities else { return [] }
        let names = AndroidResourceNames(tabIDs: packs.map(\.id))
        return densities.flatMap { density in
            pages.sorted { ($0.key.tab, $0.key.page) < ($1.key.tab, $1.key.page) }.compactMap { key, page -> ShippedSizes.AndroidWritten? in
                guard let sheet = page.android.first(where: { $0.density == density }) else { return nil }
                let path = AndroidWriter.sheetPath(density: density, name: names.page(tab: key.tab, page: key.page))
                return .init(density: density.rawValue, scale: Int(density.scale.rounded(.up)), sheet: .init(path: path, bytes: sheet.bytes))
            }
        }
    }
}
