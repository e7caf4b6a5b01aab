import EmojiData
import EmoticonPacks
import Foundation
import KeyboardLayout

// The rows of what the keyboard holds: titles, emoji sources and choices, tabs and pack files.

extension SettingsTable {
    static let content: [Setting] = [
        .value(
            "locale", TitleLocale.choices, key: "locale", type: .word, default: RunDefaults.locale.rawValue, starter: "\"\(RunDefaults.locale.rawValue)\"",
            help: "Which group name titles a tab (default: {default}).",
            apply: { (options, value) throws(RowRefusal) in
                options.locale = try Setting.word(value, among: TitleLocale.allCases.map(\.rawValue), TitleLocale.init(rawValue:))
            }),
        .value(
            "delete-icon", "file", key: "deleteIcon", type: .path, validates: true, help: "Delete button icon (and its @2x/@3x); a pack's own delete.png wins for its tab.",
            apply: { $0.deleteIcon = $1.url }),
        .value(
            "emoji-font", "path", key: "emojiFont", type: .path, validates: true, help: "Colour emoji font (default: Noto Color Emoji from the system).",
            apply: { $0.emojiSource = .font(path: $1.url.relativePath) }),
        .value(
            "emoji-images", "dir", key: "emojiImages", type: .path, validates: true, help: "Folder of emoji PNGs named by code points, instead of a font.",
            apply: { $0.emojiSource = .images(path: $1.url.relativePath) }),
        .onOff(
            "emoji-keyboard", key: "emojiKeyboard",
            help: "Add the Unicode emoji keyboard after the packs: one tab per emoji group, skin tones on long press.",
            apply: { $0.emojiKeyboard = $1.isOn }),
        .onOff("no-emoji-keyboard", help: "Leave out the emoji keyboard, even if the config file adds it.", apply: { options, _ in options.emojiKeyboard = false }),
        .value(
            "emoji-data", "file", key: "emojiData", type: .path, default: "/usr/share/unicode/emoji/emoji-test.txt",
            help: "Unicode's emoji-test.txt (default: {default}).", apply: { $0.emojiData = $1.url }),
        .value(
            "cldr", "dir", key: "cldr", type: .path, default: "/usr/share/unicode/cldr/common",
            help: "CLDR's common folder, for emoji names and keywords (default: {default}).", apply: { $0.cldr = $1.url }),
        .value(
            "missing-glyph", "fail|skip", key: "missingGlyph", type: .word, default: "fail", validates: true,
            help: "An emoji without a glyph stops the run (fail, default) or leaves its cell empty (skip).",
            apply: { (options, value) throws(RowRefusal) in
                options.missingGlyph = try Setting.word(
                    value, among: GeneratorOptions.MissingGlyphPolicy.allCases.map(\.rawValue), GeneratorOptions.MissingGlyphPolicy.init(rawValue:))
            }),
        .value(
            "system-emoji", "version", key: "systemEmoji", type: .word,
            help: "Emoji the app's oldest system draws (an Emoji version like 14.0, or ios16, android13...) get no image: the app draws their text.",
            apply: { (options, value) throws(RowRefusal) in
                guard let version = SystemEmoji.emojiVersion(for: value.text) else {
                    throw RowRefusal(expected: "an Emoji version like 14.0 or a system like ios16 or android13 (see Emoji.md)")
                }
                options.systemEmoji = version
            }),
        .value(
            "emoji-max-version", "version", key: "emojiMaxVersion", type: .word,
            help: "Leave out of the emoji keyboard emoji newer than this Emoji version (e.g. 14.0), for readers that cannot show them.",
            apply: { (options, value) throws(RowRefusal) in
                guard let version = EmojiVersion(value.text) else { throw RowRefusal(expected: "an Emoji version like 14.0") }
                options.emojiMaxVersion = version.description
            }),
        .value(
            "keywords", "file.tsv", key: "keywords", type: .path,
            help: "Search keywords for image entries: a file with a line per entry, its text, a tab, and its keywords separated by commas.",
            apply: { $0.keywordsFile = $1.url }),
        .value(
            "emoji-exclude", "list", key: "emojiExclude", type: .text, atFileItems: true,
            help: "Leave these emoji out of the emoji keyboard: emoji or hex code points (1F1F9 1F1FC), comma-separated; @FILE reads one a line.",
            apply: { (options, value) throws(RowRefusal) in
                let items = value.text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                for item in items where !item.hasPrefix("@") && EmojiSubset.parseItem(item) == nil {
                    throw RowRefusal(expected: "emoji or hex code points separated by commas, or @FILE (\"\(item.prefix(40))\" is neither)")
                }
                options.emojiExclude = items
            }),
        .value(
            "emoji-groups", "list", key: "emojiGroups", type: .text,
            help: "Only these emoji groups become tabs, comma-separated (names like \"Smileys & Emotion\" or tab ids like smileys-emotion).",
            apply: { options, value in
                options.emojiGroups = value.text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }),
        .value(
            "skin-tones", "none|all", key: "skinTones", type: .word, default: "all",
            help: "Skin-tone forms of emoji on long press (all, default) or none at all.",
            apply: { (options, value) throws(RowRefusal) in
                options.skinTones = try Setting.word(value, among: ["none", "all"]) { ["none": false, "all": true][$0] }
            }),
        .configOnly(
            "tabIds", type: .object, help: "Tab ids by pack folder name or plist id: {\"猫 咪\": \"cats\"}.",
            apply: { $0.tabIDs = $1.object }),
        .configOnly(
            "tabTitles", type: .objects,
            help: "Tab titles by pack folder name or plist id, by locale, over the pack's own: {\"小喵\": {\"cn\": \"小喵\", \"en\": \"Kitty\"}}.",
            apply: { (options, value) throws(RowRefusal) in options.tabTitles = try tabTitles(value.objects) }),
        .configOnly(
            "packFiles", type: .objects,
            help: "Which files a pack folder is read from, when it holds several: {\"经典\": {\"map\": \"Emotions.plist\", \"order\": \"Order.plist\", "
                + "\"images\": \"经典表情\", \"texts\": \"keys\"}}.",
            apply: { (options, value) throws(RowRefusal) in options.packFiles = try packFiles(value.objects) }),
    ]

    /// Titles by locale, each a title a tab can show.
    static func tabTitles(_ objects: [String: [String: String]]) throws(RowRefusal) -> [String: [TitleLocale: String]] {
        var titles: [String: [TitleLocale: String]] = [:]
        for (pack, byLocale) in objects.sorted(by: { $0.key < $1.key }) {
            for (name, title) in byLocale.sorted(by: { $0.key < $1.key }) {
                guard let locale = TitleLocale(rawValue: name) else {
                    throw RowRefusal(expected: "a locale, \(RowRefusal.oneOf(TitleLocale.allCases.map(\.rawValue)).expected)", at: "\(pack).\(name)")
                }
                let length = title.unicodeScalars.count
                guard length > 0, length <= TextLimits.title, !title.contains(where: { $0.isNewline }) else {
                    throw RowRefusal(expected: "a title of 1 to \(TextLimits.title) characters on one line", at: "\(pack).\(name)")
                }
                titles[pack, default: [:]][locale] = title
            }
        }
        return titles
    }

    static func packFiles(_ objects: [String: [String: String]]) throws(RowRefusal) -> [String: PackFileChoice] {
        var files: [String: PackFileChoice] = [:]
        for (pack, object) in objects.sorted(by: { $0.key < $1.key }) {
            switch PackFileChoice.parse(object) {
            case .success(let choice): files[pack] = choice
            case .failure(let problem): throw RowRefusal(expected: problem.expected, at: "\(pack).\(problem.key)")
            }
        }
        return files
    }
}
