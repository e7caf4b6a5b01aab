import EmojiData
import EmojiTabs
import Foundation
import OutputSeal
import Settings
import SiteOutputs

// What each lower module's step reads of the run's options: the narrow settings they take, made
// from `GeneratorOptions` here, so those modules never see the whole options.

extension SiteStep.Settings {
    init(_ options: GeneratorOptions) {
        self.init(preview: options.writePreview, baseURL: options.publishing.baseURL?.base)
    }
}

extension SealStep {
    /// Seals with `--archive` (nil: no archive), written where `ArchiveLocation` resolves it.
    init(archive: URL?) {
        self.init(archive: archive, destination: archive.map(ArchiveLocation.resolved))
    }

    /// Path → SHA-256 of the sheets the pages wrote.
    static func digests(of sheets: [Generator.SheetRecord]) -> [String: String] {
        Dictionary(sheets.map { ($0.path, $0.sha256) }, uniquingKeysWith: { first, _ in first })
    }
}

extension EmojiDataStep.Settings {
    init(_ options: GeneratorOptions) {
        self.init(emojiKeyboard: options.emojiKeyboard, emojiData: options.emojiData, cldr: options.cldr, locale: options.locale.rawValue)
        maxVersion = options.emojiMaxVersion.flatMap(EmojiVersion.init)
        exclude = options.emojiExclude
        groups = options.emojiGroups
        skinTones = options.skinTones
        concurrency = options.concurrency
    }
}
