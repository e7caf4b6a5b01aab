import EmoticonPacks
import PreviewSite

extension Generator {
    /// What the preview's index says about the run (and a shard records for `merge`).
    func summary(_ packs: [EmoticonPack], emoji: SourceIdentity?) -> PreviewSiteBuilder.Summary {
        PreviewSiteBuilder.Summary(
            generator: "emokit \(EmokitResources.version)",
            inputs: options.inputs.map { $0.lastPathComponent },
            emojiSource: emoji?.display,
            packs: packs.map { .init(id: $0.id, title: $0.title(locale: options.locale), source: $0.plistPath, entries: $0.entries.count) },
            locale: options.locale.rawValue)
    }
}
