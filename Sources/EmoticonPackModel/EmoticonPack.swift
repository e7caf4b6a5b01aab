import Foundation

/// One tab of the keyboard, as read from its folder.
public struct EmoticonPack: Equatable, Sendable {
    /// Safe as a path component: derived from the folder name, never from plist contents.
    public var id: String
    /// Group names by locale (`cn`, `tw`, `en`) when the pack has them (YYKit layout).
    public var titles: [TitleLocale: String]
    public var folderName: String
    public var folder: URL
    /// The plist the entries came from, for messages.
    public var plistPath: String
    public var entries: [Entry]
    /// The pack's own delete button icon: a `delete.png` (and @2x/@3x) in its folder.
    public var deleteIcon: ImageFile?
    /// The pack's own tab bar icon: an `icon.png` (and @2x/@3x) in its folder, found (and its
    /// links checked) when the pack is read.
    public var tabIcon: ImageFile? = nil
    /// Images the pack's app draws itself beside its entries (NIM's pressed delete key, a Pidgin
    /// theme's `Icon`), and delete-key images a note already named as left unused, by name:
    /// never reported again as images no entry names.
    public var ownImages: [String] = []
    /// A group an app shows only in received text, never as a keyboard tab (YYKit's
    /// `display_only`); it still gets sheets so its emoticons can be drawn in messages.
    public var displayOnly = false
    /// The plist's own `id` (YYKit layout), which the tab id derives from when present.
    public var plistID: String? = nil
    /// The entry whose picture stands for the tab in the tab bar (the emoji keyboard's groups).
    public var iconEntry: Int?

    /// A pack as read from its folder (EmoticonPacks' reader); the rest of its fields are set
    /// after, as the reader finds them.
    package init(
        id: String, titles: [TitleLocale: String], folderName: String, folder: URL, plistPath: String, entries: [Entry], deleteIcon: ImageFile?,
        plistID: String?
    ) {
        self.id = id
        self.titles = titles
        self.folderName = folderName
        self.folder = folder
        self.plistPath = plistPath
        self.entries = entries
        self.deleteIcon = deleteIcon
        self.plistID = plistID
    }

    public func title(locale: TitleLocale) -> String {
        titles[locale] ?? titles[.cn] ?? titles[.en] ?? titles[.tw] ?? folderName
    }

    public enum Kind: String, Sendable { case image, emoji, mixed }

    public var kind: Kind {
        let images = entries.contains { if case .image = $0.content { return true } else { return false } }
        let emoji = entries.contains { if case .emoji = $0.content { return true } else { return false } }
        switch (images, emoji) {
        case (true, true): return .mixed
        case (false, true): return .emoji
        default: return .image
        }
    }
}

/// One emoticon of a pack.
public struct Entry: Equatable, Sendable {
    /// Index in the plist array (kept for messages after bad entries are skipped).
    public var plistIndex: Int
    /// What a tap inserts: `chs` for images (`[哈哈]`), the emoji itself for emoji.
    public var text: String
    public var textTraditional: String?
    public var name: String
    public var content: Content
    /// The animated version apps show on long press (Weibo's `gif`, QQ's `024@2x.gif`).
    public var animation: ImageFile?
    /// The file the entry was read from when it is not the pack's own (YYKit's
    /// `additional/<group>/info.json`), for messages.
    public var sourcePath: String?

    public init(
        plistIndex: Int, text: String, textTraditional: String?, name: String, content: Content,
        animation: ImageFile? = nil, sourcePath: String? = nil
    ) {
        self.plistIndex = plistIndex; self.text = text; self.textTraditional = textTraditional; self.name = name
        self.content = content; self.animation = animation; self.sourcePath = sourcePath
    }
    /// Search keywords: CLDR annotations for emoji, in the keyboard's locale; the pack's own for
    /// images (a Pleroma emoji's tags).
    public var keywords: [String] = []
    /// Skin-tone variants of an emoji, offered on long press (see `EmojiVariant`).
    public var variants: [EmojiVariant] = []
    /// Where a file that nests its entries in groups keeps this one (`sticker_packs[1].stickers[0]`,
    /// NIM's `item 0.data[1]`): messages name it there, since `plistIndex` counts across the groups
    /// and would say `entry 3` of what the file calls `stickers[0]`. Nil for a flat list.
    public var locator: String? = nil
    /// A tap sends the entry's image, never text (a WhatsApp sticker): `text` is only its key
    /// in the pack, and the manifest marks its button `"sends": "image"` with the image's path.
    public var sendsImage = false

    public enum Content: Equatable, Sendable {
        case image(ImageFile)
        case emoji(String)
    }
}

/// An image entry's file and its resolution variants (`x.png`, `x@2x.png`, `x@3x.png`).
public struct ImageFile: Equatable, Sendable {
    /// The name as the plist gives it.
    public var name: String
    /// Variants present on disk, by the nominal scale in their name, sorted by scale.
    public var variants: [Variant]
    /// PNG, or GIF for an entry that has only an animation (its first frame is the sprite).
    public var format: Format

    public enum Format: String, Equatable, Sendable { case png, gif }

    public init(name: String, variants: [Variant], format: Format = .png) {
        self.name = name
        self.variants = variants
        self.format = format
    }

    /// One file. It keeps its folder and its name apart: the folder (and its name for messages)
    /// is one value shared by every entry of a pack, so a pack of 40,000 entries holds 40,000
    /// short names, not 40,000 URLs.
    public struct Variant: Equatable, Sendable {
        public var scale: Int
        /// The folder the plist's name is relative to.
        public var folder: URL
        /// The name as found on disk (`x@2x.png`, or `sub/x.png` for a name with a folder).
        public var fileName: String
        /// How messages name `folder` (`<pack folder name>`).
        public var folderDisplay: String

        public init(scale: Int, folder: URL, fileName: String, folderDisplay: String) {
            self.scale = scale; self.folder = folder; self.fileName = fileName; self.folderDisplay = folderDisplay
        }

        public var url: URL { folder.appendingPathComponent(fileName) }
        /// Path for messages: `<pack folder name>/<file>`.
        public var displayPath: String { "\(folderDisplay)/\(fileName)" }
    }
}
