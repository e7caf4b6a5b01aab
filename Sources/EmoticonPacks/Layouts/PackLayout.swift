import Foundation
import PropertyLists

/// One way an app lays a pack out on disk, read as that app reads it, so a bundle taken unchanged
/// from an app gives the tabs, counts and order the app shows.
///
/// Each layout is one file in `Layouts/`: a type conforming to `PackLayout`, listed once in
/// `PackLayouts.detectionOrder`. What every pack shares (finding and parsing its file, refusing
/// repeated texts, strict and lenient, the delete icon, the tab id) is `PackReader`'s.
protocol PackLayout: Sendable {
    /// Whether `source` is a pack of this layout. `PackLayouts.detect` asks the layouts in
    /// order, so a layout need only tell itself apart from those listed after it.
    static func matches(_ source: PackSource) -> Bool

    /// The pack's items and what it says about itself; a failure when the file is of this layout
    /// but cannot be read as it (a YYKit group whose `emoticons` is not an array).
    static func contents(of source: PackSource) -> Result<PackContents, PackError>

    /// Pack files only this layout reads (say Adium's `Emoticons.plist`), looked for after the
    /// shared `info.json`, `info.plist` and `Emoji.plist`, exactly and then in any
    /// capitalisation. None by default.
    static var fileNames: [String] { get }

    /// The root of a file named in `fileNames`, from its bytes (already checked: inside the pack,
    /// a regular file, within the size limit). By default a plist, binary or XML.
    static func parse(_ data: Data, display: String) throws(PackError) -> Any

    /// How `validate` names the layout in its list of layouts tried (`Pidgin theme`).
    static var layoutName: String { get }

    /// Why `source` is not of this layout (`.absentFile(["theme"])`, or a reason in the product's
    /// words), read from what the folder and its file hold; nil when it matches. The reasons are
    /// gathered in `LayoutDiagnosis.swift`, so they read as one list.
    static func mismatch(_ source: PackSource) -> LayoutMismatch?
}

extension PackLayout {
    static var fileNames: [String] { [] }

    static func parse(_ data: Data, display: String) throws(PackError) -> Any {
        try PackReader.parsePlist(data, display: display, lazyArray: true)
    }
}

/// A pack folder as layouts see it: the folder, and the file it is read from with its parsed
/// root (none for a folder without one).
struct PackSource {
    let folder: URL
    /// The folder as messages name it (`packs/faces`).
    let folderDisplay: String
    /// The pack's file (`info.plist`, `info.json`, `Emoji.plist`, any capitalisation); nil when
    /// the folder has none.
    let file: PackReader.PackPlist?
    /// The file's parsed content (a root array as `PlistItems`); nil without a file.
    let root: Any?

    /// How messages name a file that is not in the folder (EiskaltDC++'s `emoticons/default.xml`).
    var fileDisplay: String? = nil

    /// How messages name the pack: its file (`packs/faces/info.plist`), else its folder (`packs/faces/`).
    var display: String { fileDisplay ?? file.map { "\(folderDisplay)/\($0.url.lastPathComponent)" } ?? folderDisplay + "/" }
    /// The pack file's usual name (`info.plist` for an `Info.plist`), nil without a file.
    var fileName: String? { file?.usualName }
    /// The file is an `Emoji.plist` (Apple's list of emoji strings), whatever its capitalisation.
    var isEmojiPlist: Bool { file?.isEmojiArray ?? false }
    /// The file is JSON (YYKit's `info.json`).
    var isJSON: Bool { file?.url.pathExtension.lowercased() == "json" }
    /// The root as an array of items, when it is one.
    var items: PlistItems? { (root as? PlistItems) ?? (root as? [Any]).map(PlistItems.init) }
    /// The root as a dictionary, when it is one.
    var dictionary: [String: Any]? { root as? [String: Any] }
}

/// What a layout reads from a pack: its items, how each becomes an entry, and the pack's own
/// words about itself (YYKit's group names, id and `display_only`).
struct PackContents {
    /// The items, each read once, in order: item `n` is entry `n` in messages.
    var items: PlistItems
    /// One item (and its index) as an entry, or why it is refused or skipped.
    var entry: (Any, Int) -> Result<Entry, PackError>
    /// Warnings for keys of an item that the layout does not read.
    var unknownKeys: (Any, Int) -> [PackError] = { _, _ in [] }
    /// Notes once the entries are read (the choice emokit made for a folder without a file).
    var notes: ([Entry]) -> [PackError] = { _ in [] }
    /// Warnings once the entries are read (a map's images it does not name, counted).
    var warnings: ([Entry]) -> [PackError] = { _ in [] }
    /// Items the app shows in received messages only, never on the keyboard (Pidgin's `!`
    /// lines): they become a display-only tab of their own after the pack's.
    var displayOnlyItems: Set<Int> = []
    /// The tabs the app shows the pack as, when it shows more than one (Misskey's categories):
    /// each item in one, in tab order. Empty: the pack is one tab.
    var tabs: [Tab] = []
    var titles: [TitleLocale: String] = [:]
    /// How messages name the file's title (a map's `Name`); nil for a plist's `group_name_*`.
    var titleKey: String? = nil
    /// How messages name the part of an item that holds its text, when the layout has not
    /// refused a long one itself (`TextLimits.refusal(entry:…)`).
    var textKey = "text"
    var plistID: String?
    var displayOnly = false
    /// The kit's own delete key images (ChatKit's `[删除].png`), looked for before `delete.png`.
    var deleteKeyNames: [String] = []
    /// The images the app draws itself (`MapFile.ownImages`): used, though no entry names them.
    var ownImages: [String] = []

    /// One tab of a pack shown as several: its title (nil: the pack's own tab, with the folder's
    /// id and title), the items in it, and its own tab icon (a WhatsApp pack's tray image).
    struct Tab {
        var title: String?
        var items: Set<Int>
        var icon: ImageFile? = nil
        /// How messages name the title's key in the file (`sticker_packs[1].name`).
        var titleKey = "title"
    }
}
