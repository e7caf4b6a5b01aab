/// Which Emoji version a phone's system font draws in full, so a keyboard needs images only for
/// newer emoji (`--system-emoji ios16`). The table is in Documentation/Emoji.md with its sources
/// (Apple's and Google's release notes, as tracked by Emojipedia).
///
/// A bare major version (`ios16`) means its first release: iOS 16.0 draws Emoji 14.0, and only
/// iOS 16.4 draws 15.0, so an app whose oldest system is iOS 16 names `ios16` (14.0) and one that
/// requires 16.4 names `ios16.4`.
public enum SystemEmoji {
    /// System release → the Emoji version it draws in full.
    public static let versions: [(system: String, emoji: String)] = [
        ("ios12", "5.0"), ("ios12.1", "11.0"), ("ios13", "11.0"), ("ios13.2", "12.1"), ("ios14", "12.1"), ("ios14.2", "13.0"),
        ("ios14.5", "13.1"), ("ios15", "13.1"), ("ios15.4", "14.0"), ("ios16", "14.0"), ("ios16.4", "15.0"), ("ios17", "15.0"),
        ("ios17.4", "15.1"), ("ios18", "15.1"), ("ios18.4", "16.0"),
        ("android9", "11.0"), ("android10", "12.0"), ("android11", "13.0"), ("android12", "13.1"), ("android13", "14.0"),
        ("android14", "15.0"), ("android15", "15.1"), ("android16", "16.0"),
    ]

    /// The Emoji version meant by `value`: a version (`14.0`, `14`) or a system (`ios16`,
    /// `Android13`); nil when it is neither.
    public static func emojiVersion(for value: String) -> String? {
        let word = value.lowercased().replacingOccurrences(of: " ", with: "")
        if let known = versions.first(where: { $0.system == word }) { return known.emoji }
        return EmojiVersion(word)?.description
    }
}

/// An Emoji version (`12.1`) compared as numbers, not text (`5.0` < `12.0`).
public struct EmojiVersion: Comparable, Sendable, CustomStringConvertible {
    public let major: Int
    public let minor: Int

    /// Parses `15`, `15.0`, `0.6`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let major = Int(parts[0]), major >= 0
        else { return nil }
        let minor = parts.count == 2 ? Int(parts[1]) : 0
        guard let minor, minor >= 0 else { return nil }
        self.major = major
        self.minor = minor
    }

    public static func < (lhs: EmojiVersion, rhs: EmojiVersion) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }

    public var description: String { "\(major).\(minor)" }
}
