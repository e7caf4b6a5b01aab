import Foundation

/// Where the Recent list is kept between launches: the app backs it with whatever it likes
/// (`UserDefaultsRecentStore` is the usual choice); the list is JSON bytes it need not read.
public protocol RecentEmoticonStore: AnyObject {
    /// The list as last saved (nil before the first save).
    func loadRecent() -> Data?
    /// Keeps `data`, replacing what was saved before.
    func saveRecent(_ data: Data)
}

/// A Recent list kept in `UserDefaults` under one key (default `emokit-recent`; give each keyboard
/// its own key when an app has two).
public final class UserDefaultsRecentStore: RecentEmoticonStore, @unchecked Sendable {
    // @unchecked: UserDefaults is thread-safe (Apple documents it so) but not marked Sendable.
    private let defaults: UserDefaults
    /// The key the list is saved under.
    public let key: String

    /// A store in `defaults` under `key`.
    public init(defaults: UserDefaults = .standard, key: String = "emokit-recent") {
        self.defaults = defaults
        self.key = key
    }

    /// The list saved under `key`.
    public func loadRecent() -> Data? { defaults.data(forKey: key) }
    /// Saves the list under `key`.
    public func saveRecent(_ data: Data) { defaults.set(data, forKey: key) }
}

/// A Recent list held in memory only (previews, tests, an app that forgets on quit).
public final class InMemoryRecentStore: RecentEmoticonStore, @unchecked Sendable {
    // @unchecked: the one stored value is guarded by `lock`.
    private let lock = NSLock()
    private var data: Data?

    /// An empty store, or one holding `data`.
    public init(data: Data? = nil) { self.data = data }

    /// The list last saved.
    public func loadRecent() -> Data? {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
    /// Keeps `data`.
    public func saveRecent(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        self.data = data
    }
}

/// One use remembered by what was used, never by where it was: the tab's id and the text a tap
/// inserts (for an entry without text, its `name`), and for a sticker its picture. The rule the web
/// and Android keyboards share, so Recent survives a rebuild that added, removed or reordered
/// emoticons.
public struct RecentEmoticon: Codable, Equatable, Hashable, Sendable {
    /// The tab's `id`.
    public var tab: String
    /// What a tap inserts (a skin-tone variant's own text), or the entry's `name` when it has none.
    public var text: String
    /// A sticker's picture, by the SHA-256 its file is named for (`images/<sha256>.webp` gives
    /// `<sha256>`, as the web and Android keyboards store it): two stickers of one tab may share a
    /// name (WhatsApp's `accessibility_text` often repeats), and two stickers may share a picture
    /// (identical files are written once), so a sticker's item is its tab and picture, its text
    /// only choosing between stickers of one picture. Nil for an entry that types text, and for a
    /// sticker remembered by name alone (found by name, as before).
    public var image: String?

    /// A remembered use.
    public init(tab: String, text: String, image: String? = nil) { self.tab = tab; self.text = text; self.image = image }

    /// The remembered form of `emoticon`.
    public init(_ emoticon: Emoticon) {
        let picture = emoticon.sendsImage ? emoticon.button.image.map(Self.pictureKey) : nil
        self.init(tab: emoticon.tabID, text: emoticon.text.isEmpty ? emoticon.name : emoticon.text, image: picture)
    }

    /// The key a sticker's picture is remembered by: its file name (`Manifest.Button.image`,
    /// content-addressed) without folder or extension.
    public static func pictureKey(_ path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The item `object` (one element of the stored array) describes, or nil when it is not one:
    /// `tab` and `text` strings, `image` a string, null or absent (null: an item stored by text).
    init?(stored object: Any) {
        guard let fields = object as? [String: Any], let tab = fields["tab"] as? String, let text = fields["text"] as? String else { return nil }
        switch fields["image"] {
        case nil, is NSNull: self.init(tab: tab, text: text)
        case let image as String: self.init(tab: tab, text: text, image: image)
        default: return nil
        }
    }

    /// What makes two stored items one: a sticker's tab and picture (whatever its text), else its
    /// tab and text.
    var identity: [String] { image.map { [tab, "image", $0] } ?? [tab, "text", text] }
}

/// The Recent tab's emoticons, most recent first, at most `limit` (a page's worth by default),
/// read from and saved to a `RecentEmoticonStore` as a JSON array of `{"tab", "text"}` (a sticker's
/// with its `"image"`).
///
/// ```swift
/// var recent = RecentEmoticons(store: UserDefaultsRecentStore(), limit: keyboard.manifest.grid.emoticonsPerPage)
/// recent.record(emoticon)                           // after each insert
/// let shown = recent.emoticons(in: keyboard)        // the Recent page, resolved against this build
/// ```
public struct RecentEmoticons {
    /// Where the list is kept.
    public let store: RecentEmoticonStore
    /// The most items kept.
    public let limit: Int
    /// The list as stored, most recent first (items this keyboard lacks included: they come back
    /// if a later build has them again, until pushed out).
    public private(set) var items: [RecentEmoticon]

    /// The list `store` holds, read item by item: an item that is not one (another app version's,
    /// a damaged file) is left out alone, and unreadable bytes read as an empty list rather than an
    /// error: Recent is a convenience. An item repeating an earlier one's identity is left out too.
    public init(store: RecentEmoticonStore, limit: Int = 31) {
        self.store = store
        self.limit = max(1, limit)
        let stored = store.loadRecent().flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [Any] ?? []
        var seen: Set<[String]> = []
        items = Array(stored.compactMap(RecentEmoticon.init(stored:)).filter { seen.insert($0.identity).inserted }.prefix(self.limit))
    }

    /// Puts `emoticon` first (moving it up if it was there) and saves the list. A sticker replaces
    /// any item of its tab and picture, whatever its text (a rebuild may have renamed it). Pass
    /// the `keyboard` the emoticon is from so that an item of the sticker remembered by name alone
    /// (an older version's) is replaced too, when it finds this very sticker (never another's of
    /// the same name); without it such an item stays, and `emoticons(in:)` shows the sticker once.
    public mutating func record(_ emoticon: Emoticon, in keyboard: EmoticonKeyboard? = nil) {
        let item = RecentEmoticon(emoticon)
        items.removeAll { stored in
            if stored.identity == item.identity { return true }
            guard item.image != nil, stored.image == nil, stored.tab == item.tab, stored.text == item.text, let keyboard else { return false }
            return Self.resolve(stored, in: keyboard) == emoticon
        }
        items.insert(item, at: 0)
        if items.count > limit { items.removeLast(items.count - limit) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(items) { store.saveRecent(data) }
    }

    /// The items that `keyboard` has, in order: each resolves to the first button of its tab with
    /// that text (or a skin-tone variant of that text, or for an entry without text that name; a
    /// sticker to the button with its picture, the one of that name if several share it); an item
    /// whose tab, text or picture is gone is left out, and so is one that finds an emoticon an
    /// earlier item found (an emoticon shows once).
    public func emoticons(in keyboard: EmoticonKeyboard) -> [Emoticon] {
        var shown: [Emoticon] = []
        for item in items {
            if let emoticon = Self.resolve(item, in: keyboard), !shown.contains(emoticon) { shown.append(emoticon) }
        }
        return shown
    }

    /// `item`'s emoticon in `keyboard`, or nil.
    public static func resolve(_ item: RecentEmoticon, in keyboard: EmoticonKeyboard) -> Emoticon? {
        guard let tabIndex = keyboard.tabIndex(id: item.tab) else { return nil }
        let tab = keyboard.tabs[tabIndex]
        var variantMatch: Emoticon?, nameMatch: Emoticon?, pictureMatch: Emoticon?
        for (pageIndex, page) in tab.pages.enumerated() {
            for button in page.buttons where button.kind == .emoticon {
                let emoticon = Emoticon(tab: tabIndex, tabID: tab.id, page: pageIndex, button: button)
                if let picture = item.image {
                    // A sticker is its picture: another of the same name never stands in for it.
                    guard button.sends == .image, let path = button.image, RecentEmoticon.pictureKey(path) == picture else { continue }
                    if RecentEmoticon(emoticon).text == item.text { return emoticon }
                    if pictureMatch == nil { pictureMatch = emoticon }
                    continue
                }
                if button.text == item.text { return emoticon }
                if variantMatch == nil, let variant = button.variants?.first(where: { $0.text == item.text }) {
                    variantMatch = Emoticon(tab: tabIndex, tabID: tab.id, page: pageIndex, button: button, variant: variant)
                }
                if nameMatch == nil, button.text?.isEmpty ?? true, button.name == item.text { nameMatch = emoticon }
            }
        }
        return pictureMatch ?? variantMatch ?? nameMatch
    }
}
