import EmojiData
import EmojiTabs
import EmoticonPacks

/// `--system-emoji VERSION`: emoji at or below the Emoji version the app's oldest system draws
/// get no image (the app draws their text with the system font, `systemGlyph` in the manifest);
/// newer ones are drawn as before. An app for iOS 16.4 and later needs images for Emoji 15.1
/// only, a small part of the sheets.
///
/// Skin tones go with their emoji: an emoji drawn by the system has its variants drawn by it too
/// when every one of them is at or below the version, else all of them are drawn as images (a
/// picker never mixes the two).
struct SystemGlyphs: Sendable {
    /// The Emoji version the system draws in full.
    let version: EmojiVersion
    /// Each emoji's Emoji version, from emoji-test.txt.
    let data: EmojiDataStep.Outcome

    init?(version text: String?, data: EmojiDataStep.Outcome?) {
        guard let text, let version = EmojiVersion(text), let data else { return nil }
        self.version = version
        self.data = data
    }

    /// Whether the system draws `emoji` (emoji-test.txt lists it at or below the version).
    func draws(_ emoji: String) -> Bool {
        guard let text = data.version(of: emoji), let emojiVersion = EmojiVersion(text) else { return false }
        return emojiVersion <= version
    }

    /// Whether `entry`'s skin-tone variants are left to the system (it and all of them are).
    func drawsVariants(of entry: Entry) -> Bool {
        guard case .emoji(let text) = entry.content, !entry.variants.isEmpty else { return false }
        return draws(text) && entry.variants.allSatisfy { draws($0.text) }
    }

    /// Marks the sprites of the emoji the system draws (found or not in the glyph source) and
    /// returns how many buttons and variants have no image.
    func mark(_ sprites: inout [[SpriteSource]], packs: [EmoticonPack]) -> Int {
        var count = 0
        for tab in packs.indices where tab < sprites.count {
            for (index, entry) in packs[tab].entries.enumerated() where index < sprites[tab].count {
                guard case .emoji(let text) = entry.content, draws(text) else { continue }
                switch sprites[tab][index] {
                case .emoji, .missing: sprites[tab][index] = .systemGlyph(text)
                default: continue
                }
                count += 1
                if drawsVariants(of: entry) { count += entry.variants.count }
            }
        }
        return count
    }

    /// The packs as the variants sheets draw them: without the variants the system draws.
    func packsForVariantSheets(_ packs: [EmoticonPack]) -> [EmoticonPack] {
        packs.map { pack in
            var pack = pack
            for index in pack.entries.indices where drawsVariants(of: pack.entries[index]) { pack.entries[index].variants = [] }
            return pack
        }
    }
}
