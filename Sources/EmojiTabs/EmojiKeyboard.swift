import EmojiData
import EmoticonPacks
import Foundation

/// The emoji keyboard (`--emoji-keyboard`): one tab per Unicode emoji group except Component, in
/// emoji-test.txt's order, fully-qualified emoji only, skin tones folded under their base as
/// variants, each emoji named and given keywords from CLDR in the keyboard's locale.
///
/// Emoji the glyph source cannot draw as one glyph are left out and counted, never drawn in
/// pieces and never a failure. The tabs are ordinary emoji packs from here on.
package struct EmojiKeyboard {
    package typealias Summary = EmojiKeyboardReport

    package let packs: [EmoticonPack]
    package let summary: Summary

    package init(catalog: EmojiCatalog, source: URL, names: EmojiNames) {
        var packs: [EmoticonPack] = []
        var groups: [Summary.Group] = []
        var englishNames = 0
        for section in catalog.sections {
            var entries: [Entry] = []
            for key in section.keys {
                let base = names.lookup(key.base.text, english: key.base.name)
                if base.isEnglishFallback { englishNames += 1 }
                let variants = key.variants.map { variant -> EmojiVariant in
                    let named = names.lookup(variant.text, english: variant.name)
                    if named.isEnglishFallback { englishNames += 1 }
                    return EmojiVariant(text: variant.text, name: named.name)
                }
                entries.append(.emoji(key.base.text, index: key.base.line, name: base.name, keywords: base.keywords, variants: variants))
            }
            // A group with nothing to draw is no tab (a trimmed emoji-test.txt, or an old font);
            // what it left out is still counted.
            if section.keys.isEmpty && section.leftOut.isEmpty { continue }
            let tabID = EmojiGroupTitles.tabID(for: section.group)
            let icon = EmojiGroupTitles.icons[section.group].flatMap { text in entries.firstIndex { $0.text == text } }
            if !entries.isEmpty {
                packs.append(
                    EmoticonPack(
                        id: tabID, titles: EmojiGroupTitles.titles(for: section.group), folderName: section.group,
                        folder: source.deletingLastPathComponent(), source: source.path, entries: entries,
                        iconEntry: icon ?? 0))
            }
            groups.append(.init(name: section.group, tabID: tabID, keys: section.keys.count, variants: section.variantCount, leftOut: section.leftOut.count))
        }
        self.packs = packs
        self.summary = Summary(emojiVersion: catalog.version, groups: groups, englishNames: englishNames, cldrLocale: names.annotations?.locale)
    }
}

/// What the emoji keyboard holds, for the run's report.
public struct EmojiKeyboardReport: Sendable, Equatable {
    public struct Group: Sendable, Equatable {
        /// The group's name in emoji-test.txt.
        public var name: String
        public var tabID: String
        /// Buttons (one per emoji, skin tones folded in).
        public var keys: Int
        /// Skin-tone variants under those buttons.
        public var variants: Int
        /// Fully-qualified emoji the glyph source cannot draw.
        public var leftOut: Int
    }

    /// The Emoji version of emoji-test.txt (`15.0`), nil when its header lacks one.
    public var emojiVersion: String?
    public var groups: [Group]
    /// Emoji (buttons and variants) CLDR does not name in the locale: named in English from
    /// emoji-test.txt instead.
    public var englishNames: Int
    /// The CLDR locale names came from (`zh`), nil when CLDR was not available.
    public var cldrLocale: String?
    /// `--system-emoji`: the Emoji version left to the system font, nil when every emoji is drawn.
    public var systemEmoji: String? = nil
    /// Emoji (buttons and variants, the packs' too) left to the system font: no image drawn.
    public var systemGlyphs = 0
    /// What `--emoji-max-version`, `--emoji-exclude`, `--emoji-groups` and `--skin-tones` left
    /// out, nil when they keep every emoji.
    public var subset: EmojiSubset.LeftOut? = nil
}

/// Names and keywords of emoji in the keyboard's locale: CLDR's, else the English name from
/// emoji-test.txt (Debian's CLDR 41 is older than its emoji data 15.0) with no keywords.
package struct EmojiNames: Sendable {
    package let annotations: EmojiAnnotations?

    package struct Named {
        package var name: String
        package var keywords: [String]
        package var isEnglishFallback: Bool
    }

    package func lookup(_ emoji: String, english: String) -> Named {
        if let annotation = annotations?.annotation(for: emoji), let name = annotation.name {
            return Named(name: name, keywords: annotation.keywords, isEnglishFallback: false)
        }
        return Named(name: english, keywords: annotations?.keywords(for: emoji) ?? [], isEnglishFallback: true)
    }
}
