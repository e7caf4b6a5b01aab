import EmoticonManifest
import OutputTransaction

/// The step "drawing tab icons and variants": tab icons (the pack's icon.png, else its first
/// emoticon, in one strip per scale); animations, copied under content-addressed names;
/// skin-tone variants, one set of sheets per tab and scale, shared by all widths; the pictures
/// stickers send, copied as they are.
struct DrawingExtras {
    struct Extras {
        let tabIcons: TabIcons
        let animations: [[Manifest.Animation?]]
        let variants: [VariantSheets.Rendered]
        /// Each sticker's picture, copied for the app to send (`images/<sha256>.webp`), by tab and entry.
        var sentImages: [[String?]] = []
    }

    func run(_ generator: Generator, _ read: ReadingPacks.Packs, output: OutputFolder) throws(GenerationError) -> Extras {
        let (options, packs, plan) = (generator.options, read.packs, read.plan)
        let tabIcons = try TabIcons.render(packs: packs, plans: plan.sprites, options: options, emoji: plan.emojiSource, decoder: read.decoder, output: output)
        let animations = try generator.copyAnimations(plan.animations, packs: packs, output: output)
        let rows = VariantSheets.rows(for: options.sheetLayout, grid: options.grid, scales: options.scales)
        let variants = try VariantSheets(grid: options.grid, scales: options.scales, encoder: options.encoder, concurrency: options.concurrency, rowsPerSheet: rows)
            .render(plan.systemGlyphs?.packsForVariantSheets(packs) ?? packs, boxes: options.iconBoxes, emoji: plan.emojiSource, output: output)
        let sentImages = try generator.copySentImages(packs, output: output)
        return Extras(tabIcons: tabIcons, animations: animations, variants: variants, sentImages: sentImages)
    }
}
