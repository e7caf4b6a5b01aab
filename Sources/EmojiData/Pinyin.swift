import Foundation

/// Pinyin for names, so a keyboard's search finds `[哈哈]` by `haha` and 笑脸 by `xl`: a Chinese
/// user searches in the input method's pinyin mode far more often than in characters.
///
/// The readings are CLDR's `Han-Latin` transform (`unicode-cldr-core`; see `HanLatinRules`), which
/// covers simplified and traditional characters alike. Each character has the one reading the
/// transform gives it (kMandarin's first), except where one of the transform's compounds says
/// otherwise (重庆 is `chongqing`, 重 alone `zhong`). Tones are dropped, and ü is spelt `v`, as
/// pinyin input methods type it (`lv` for 绿); characters other than Han ones add nothing.
public struct Pinyin: Sendable, Equatable {
    private let readings: [Unicode.Scalar: String]
    private let compounds: [Unicode.Scalar: [HanLatinRules.Compound]]

    /// Where the transform sits under CLDR's `common` folder.
    public static let transformPath = "transforms/Han-Latin.xml"

    /// The biggest transform file read (CLDR's is about 170 KB).
    public static let maxFileBytes = 8 * 1024 * 1024

    /// Reads `transforms/Han-Latin.xml` under CLDR's `common` folder, keeping only the readings
    /// of `characters` when given (the names' characters: the whole file is checked either way).
    public init(cldrCommon common: URL, characters: Set<Unicode.Scalar>? = nil) throws(EmojiDataError) {
        let url = common.appendingPathComponent(Self.transformPath)
        let text = try EmojiDataFile.readText(url, maxBytes: Self.maxFileBytes)
        try self.init(transform: text, path: url.path, characters: characters)
    }

    /// Parses the transform's XML text (`path` names it in errors).
    public init(transform xml: String, path: String, characters: Set<Unicode.Scalar>? = nil) throws(EmojiDataError) {
        let parsed = try HanLatinRules.parse(xml, path: path) { characters?.contains($0) ?? true }
        readings = parsed.readings
        compounds = Dictionary(grouping: parsed.compounds, by: \.character)
    }

    /// How many characters have a reading.
    public var count: Int { readings.count }

    /// The syllables of `name`'s Han characters in order (`笑脸` → `["xiao", "lian"]`); empty
    /// when it has none the transform reads.
    public func syllables(of name: String) -> [String] {
        let scalars = Array(name.unicodeScalars)
        var result: [String] = []
        for (index, scalar) in scalars.enumerated() {
            guard let reading = readings[scalar] else { continue }
            // The transform's contexts allow one space between the two characters.
            let next = index + 1 < scalars.count ? (scalars[index + 1] == " " && index + 2 < scalars.count ? scalars[index + 2] : scalars[index + 1]) : nil
            let compound = compounds[scalar]?.first { $0.next == next }
            result.append(compound?.syllable ?? reading)
        }
        return result
    }

    /// The manifest's `pinyin`: the whole pinyin, then the syllables' initials
    /// (`笑脸` → `["xiaolian", "xl"]`); nil when the name has no Han character the transform reads.
    public func searchTerms(for name: String) -> [String]? {
        let syllables = syllables(of: name)
        guard !syllables.isEmpty else { return nil }
        return [syllables.joined(), String(syllables.compactMap(\.first))]
    }

    /// Whether `text` has a Han character at all: names without one need no pinyin.
    public static func hasHan(_ text: String) -> Bool { text.unicodeScalars.contains(where: isHan) }

    /// An ideograph, or a CJK or Kangxi radical (the transform reads radicals too: ⻉ bèi).
    public static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isIdeographic || (0x2E80...0x2FDF).contains(scalar.value)
    }

    /// A toned syllable as typed: `lǜ` → `lv`, `Zhòng` → `zhong`; nil unless the result is
    /// plain letters a-z (what the transform's readings are).
    public static func toneless(_ reading: String) -> String? {
        // The transform's readings use a few precomposed letters: a table avoids Foundation's
        // decomposition for each of its 1,400 lines; anything else is decomposed below.
        var fast = String.UnicodeScalarView()
        for scalar in reading.unicodeScalars {
            if let plain = plainLetters[scalar.value] {
                fast.append(plain)
            } else if (0x61...0x7A).contains(scalar.value) || (0x41...0x5A).contains(scalar.value) {
                fast.append(Unicode.Scalar(scalar.value | 0x20)!)
            } else {
                return decomposedToneless(reading)
            }
        }
        return fast.isEmpty ? nil : String(fast)
    }

    /// Toned letters → the letter typed (ü forms → `v`).
    private static let plainLetters: [UInt32: Unicode.Scalar] = {
        var table: [UInt32: Unicode.Scalar] = [:]
        let rows: [(Unicode.Scalar, [UInt32])] = [
            ("a", [0x101, 0xE1, 0x1CE, 0xE0]), ("e", [0x113, 0xE9, 0x11B, 0xE8, 0xEA, 0x1EBF, 0x1EC1]),
            ("i", [0x12B, 0xED, 0x1D0, 0xEC]), ("o", [0x14D, 0xF3, 0x1D2, 0xF2]), ("u", [0x16B, 0xFA, 0x1D4, 0xF9]),
            ("v", [0x1D6, 0x1D8, 0x1DA, 0x1DC, 0xFC]), ("n", [0x144, 0x148, 0x1F9]), ("m", [0x1E3F]),
        ]
        for (plain, toned) in rows { for value in toned { table[value] = plain } }
        return table
    }()

    private static func decomposedToneless(_ reading: String) -> String? {
        var result = ""
        let scalars = Array(reading.decomposedStringWithCanonicalMapping.lowercased().unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x61...0x7A:
                let umlaut = scalar == "u" && index + 1 < scalars.count && scalars[index + 1].value == 0x308
                result.unicodeScalars.append(umlaut ? "v" : scalar)
            case 0x300...0x36F: continue  // tone marks and ü's diaeresis (handled above)
            default: return nil
            }
        }
        return result.isEmpty ? nil : result
    }
}
