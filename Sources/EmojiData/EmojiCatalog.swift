/// The emoji keyboard's content, decided from `emoji-test.txt` alone: one section per group
/// except Component, fully-qualified emoji only, in the file's order, each skin-tone emoji folded
/// under its base as a variant (the system keyboards' one key per emoji, tones on long press).
///
/// `isDrawable` says which emoji the glyph source can draw as one glyph; the others are left out
/// and counted. No images here: the caller supplies the predicate.
public struct EmojiCatalog: Sendable, Equatable {
    /// One key of the keyboard: an emoji and its skin-tone variants in file order.
    public struct Key: Sendable, Equatable {
        public var base: EmojiTestFile.Entry
        public var variants: [EmojiTestFile.Entry]
    }

    public struct Section: Sendable, Equatable {
        /// The group's name in the file (`Smileys & Emotion`).
        public var group: String
        public var keys: [Key]
        /// Fully-qualified emoji of this group the glyph source cannot draw.
        public var leftOut: [EmojiTestFile.Entry]
        public var variantCount: Int { keys.reduce(0) { $0 + $1.variants.count } }
    }

    /// The group emoji-test.txt uses for skin-tone swatches and hair parts: never keys.
    public static let componentGroup = "Component"

    public var version: String?
    public var sections: [Section]

    public init(_ file: EmojiTestFile, isDrawable: (String) -> Bool) {
        version = file.version
        sections = []
        for group in file.groups where group.name != Self.componentGroup {
            var section = Section(group: group.name, keys: [], leftOut: [])
            var byKey: [String: Int] = [:]  // tone-free key → index in section.keys
            var byName: [String: Int] = [:]  // short name → index in section.keys
            for entry in file.entries(inGroup: group.name) where entry.status == .fullyQualified {
                guard isDrawable(entry.text) else {
                    section.leftOut.append(entry)
                    continue
                }
                if Self.hasSkinTone(entry.text),
                    let index = byKey[Self.toneFreeKey(entry.text)] ?? Self.baseNames(entry.name).lazy.compactMap({ byName[$0] }).first
                {
                    section.keys[index].variants.append(entry)
                    continue
                }
                // A base, or a toned emoji whose base is not drawable: it becomes the key and
                // later tones of the same base join it.
                byKey[Self.toneFreeKey(entry.text)] = section.keys.count
                if byName[entry.name] == nil { byName[entry.name] = section.keys.count }
                section.keys.append(Key(base: entry, variants: []))
            }
            sections.append(section)
        }
    }

    /// Every key by its base emoji, spelled without variation selectors (see `lookupKey`), so a
    /// pack's `❤` finds the keyboard's `❤️`.
    public var keysByText: [String: Key] {
        var result: [String: Key] = [:]
        for section in sections {
            for key in section.keys where result[Self.lookupKey(key.base.text)] == nil { result[Self.lookupKey(key.base.text)] = key }
        }
        return result
    }

    /// The emoji without U+FE0F and U+FE0E, for matching spellings that differ only in those.
    public static func lookupKey(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { $0.value != 0xFE0F && $0.value != 0xFE0E })
        return String(scalars)
    }

    /// U+1F3FB…U+1F3FF, the Fitzpatrick skin-tone modifiers.
    public static func isSkinTone(_ scalar: Unicode.Scalar) -> Bool { (0x1F3FB...0x1F3FF).contains(scalar.value) }

    public static func hasSkinTone(_ text: String) -> Bool { text.unicodeScalars.contains(where: isSkinTone) }

    /// The emoji without skin tones and variation selectors: `🕵🏻‍♂️` and `🕵️‍♂️` share one key.
    static func toneFreeKey(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !isSkinTone($0) && $0.value != 0xFE0F && $0.value != 0xFE0E })
        return String(scalars)
    }

    /// Names a toned emoji's base may have, most specific first:
    /// `kiss: person, person, light skin tone, dark skin tone` → `kiss: person, person`, `kiss`.
    /// Needed where the toned form is a different sequence from its base (🫱🏻‍🫲🏿 under 🤝,
    /// 🧑🏻‍❤️‍💋‍🧑🏿 under 💏).
    static func baseNames(_ name: String) -> [String] {
        guard let colon = name.range(of: ": ") else { return [] }
        let head = String(name[..<colon.lowerBound])
        let parts = name[colon.upperBound...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let kept = parts.filter { !$0.hasSuffix("skin tone") }
        return kept.isEmpty ? [head] : [head + ": " + kept.joined(separator: ", "), head]
    }
}
