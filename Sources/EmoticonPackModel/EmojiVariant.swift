import Foundation

/// A skin-tone form of an emoji entry (👍🏽 of 👍, 🧑🏻‍🤝‍🧑🏿 of 🧑‍🤝‍🧑): inserted instead of the entry
/// when chosen in the variant picker, drawn in the tab's variants sheets.
public struct EmojiVariant: Equatable, Sendable {
    public var text: String
    public var name: String

    public init(text: String, name: String) {
        self.text = text
        self.name = name
    }
}

extension Entry {
    /// An emoji entry made by emokit itself rather than read from a plist (the emoji keyboard):
    /// `index` is its position in the source it came from, kept as `plistIndex` for messages.
    public static func emoji(_ text: String, index: Int, name: String, keywords: [String] = [], variants: [EmojiVariant] = []) -> Entry {
        var entry = Entry(plistIndex: index, text: text, textTraditional: nil, name: name, content: .emoji(text))
        entry.keywords = keywords
        entry.variants = variants
        return entry
    }
}

extension EmoticonPack {
    /// A tab made by emokit itself (the emoji keyboard's groups). `source` names the data file
    /// in messages, as `plistPath` does for packs.
    public init(
        id: String, titles: [TitleLocale: String], folderName: String, folder: URL, source: String,
        entries: [Entry], iconEntry: Int?
    ) {
        self.id = id
        self.titles = titles
        self.folderName = folderName
        self.folder = folder
        self.plistPath = source
        self.entries = entries
        self.deleteIcon = nil
        self.iconEntry = iconEntry
    }
}
