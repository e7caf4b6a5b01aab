import EmoticonManifest
import SiteOutputs

/// The step "writing manifests": one manifest per width, each made a page at a time as the site
/// step writes it, with the fields the output writers add (their annotations).
struct WritingManifests {
    let outputWriters: [any ManifestWriter]

    func run(_ options: GeneratorOptions, _ read: ReadingPacks.Packs, _ rendered: RenderingPages.Pages, _ extras: DrawingExtras.Extras) -> [PagedManifest] {
        let (packs, plan) = (read.packs, read.plan)
        let emojiFields = EmojiManifestFields(
            packs: packs, variants: extras.variants, emojiVersion: plan.emojiData?.emojiVersion, locale: options.locale.rawValue,
            versions: plan.emojiData, systemGlyphs: plan.systemGlyphs, groupOrder: plan.emojiData?.groupOrder ?? [])
        let core = ManifestBuilder(
            options: options, packs: packs, plans: plan.sprites, pages: rendered.pages, names: read.names, animations: extras.animations,
            tabIcons: extras.tabIcons.icons, emojiFields: emojiFields, pinyin: read.pinyin.pinyin,
            keywords: read.keywords, sentImages: extras.sentImages
        ).manifests()
        return OutputWriters.annotate(core, by: outputWriters, packs: packs)
    }
}
