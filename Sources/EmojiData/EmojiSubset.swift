import Foundation

/// Which emoji a keyboard keeps: apps whose readers cannot show the newest emoji
/// (`maxVersion`), regional builds that leave out particular flags (`exclude`), keyboards with only
/// some groups as tabs (`groups`), and keyboards without skin tones (`skinTones == false`).
///
/// It works on emoji-test.txt's entries before the keyboard is made, so every later step sees only
/// what is kept, and it counts what each rule left out (an entry left out by several rules counts
/// for the first: groups, then version, then the list, then skin tones). Excluding an emoji
/// excludes its skin-tone forms with it: they are the same key of the keyboard.
public struct EmojiSubset: Sendable, Equatable {
    /// Emoji newer than this are left out; nil keeps every version.
    public var maxVersion: EmojiVersion?
    /// Emoji left out, by `EmojiSubset.key` (no variation selectors, no skin tones).
    public var exclude: Set<String>
    /// The groups kept (emoji-test.txt's names), in no particular order; nil keeps all.
    public var groups: Set<String>?
    /// False leaves out every skin-tone form.
    public var skinTones: Bool

    public init(maxVersion: EmojiVersion? = nil, exclude: Set<String> = [], groups: Set<String>? = nil, skinTones: Bool = true) {
        self.maxVersion = maxVersion
        self.exclude = exclude
        self.groups = groups
        self.skinTones = skinTones
    }

    /// Whether every emoji is kept.
    public var isEverything: Bool { maxVersion == nil && exclude.isEmpty && groups == nil && skinTones }

    /// Fully-qualified emoji (keys and skin-tone forms) each rule left out.
    public struct LeftOut: Sendable, Equatable {
        public var byGroup = 0
        public var byVersion = 0
        public var byList = 0
        public var bySkinTone = 0
        public var total: Int { byGroup + byVersion + byList + bySkinTone }
        public init() {}
    }

    /// The file with only the kept entries (and groups), and what was left out. Component
    /// entries (skin-tone swatches) are never left out: they are not keys.
    public func apply(to file: EmojiTestFile) -> (file: EmojiTestFile, leftOut: LeftOut) {
        var kept = file
        var leftOut = LeftOut()
        kept.entries = file.entries.filter { entry in
            guard entry.group != EmojiCatalog.componentGroup else { return true }
            let counts = entry.status == .fullyQualified
            if let groups, !groups.contains(entry.group) {
                if counts { leftOut.byGroup += 1 }
                return false
            }
            if let maxVersion, let version = EmojiVersion(entry.emojiVersion), version > maxVersion {
                if counts { leftOut.byVersion += 1 }
                return false
            }
            if !exclude.isEmpty, exclude.contains(Self.key(entry.text)) {
                if counts { leftOut.byList += 1 }
                return false
            }
            if !skinTones, EmojiCatalog.hasSkinTone(entry.text) {
                if counts { leftOut.bySkinTone += 1 }
                return false
            }
            return true
        }
        if let groups { kept.groups = file.groups.filter { groups.contains($0.name) || $0.name == EmojiCatalog.componentGroup } }
        return (kept, leftOut)
    }

    /// The emoji as the exclusion list compares it: without variation selectors or skin tones.
    public static func key(_ emoji: String) -> String { EmojiCatalog.toneFreeKey(emoji) }

    /// One item of an exclusion list: an emoji (`🇹🇼`) or its code points in hex, separated by
    /// spaces (`1F1F9 1F1FC`, `U+1F1F9 U+1F1FC`); nil when it is neither.
    public static func parseItem(_ item: String) -> String? {
        let trimmed = item.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        let words = trimmed.split(separator: " ")
        let hex = words.map { word -> Unicode.Scalar? in
            let digits = word.uppercased().hasPrefix("U+") ? word.dropFirst(2) : word[...]
            guard (1...6).contains(digits.count), digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
            return Unicode.Scalar(value)
        }
        if hex.allSatisfy({ $0 != nil }) {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: hex.compactMap { $0 })
            return key(String(scalars))
        }
        // An emoji: no ASCII letters or digits (those would be a mistyped code point).
        guard words.count == 1, !trimmed.unicodeScalars.contains(where: { $0.isASCII }) else { return nil }
        return key(trimmed)
    }

    /// The items of an exclusion list file: one emoji or code-point sequence a line; `#` starts
    /// a comment, blank lines are skipped. Errors name the file and line.
    public static func readList(_ url: URL) throws(EmojiDataError) -> [String] {
        let text = try EmojiDataFile.readText(url, maxBytes: 1024 * 1024)
        var keys: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespacesAndNewlines)
            if content.isEmpty { continue }
            guard let key = parseItem(content) else {
                throw .malformed(path: url.path, line: index + 1, reason: "\"\(content.prefix(40))\" is neither an emoji nor hex code points")
            }
            keys.append(key)
        }
        return keys
    }
}
