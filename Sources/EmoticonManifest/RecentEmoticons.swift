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
    /// name (WhatsApp's `accessibility_text` often repeats), never a picture. Nil for an entry that
    /// types text, and for a sticker remembered by name alone (found by name, as before).
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

    /// Whether this item is `other`'s older form: the same sticker remembered by name alone.
    func supersedes(_ other: RecentEmoticon) -> Bool {
        image != nil && other.image == nil && other.tab == tab && other.text == text
    }
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

    /// The list `store` holds; unreadable bytes (another app version's, a damaged file) read as
    /// an empty list rather than an error: Recent is a convenience.
    public init(store: RecentEmoticonStore, limit: Int = 31) {
        self.store = store
        self.limit = max(1, limit)
        let decoded = store.loadRecent().flatMap { try? JSONDecoder().decode([RecentEmoticon].self, from: $0) } ?? []
        var seen: Set<RecentEmoticon> = []
        items = Array(decoded.filter { seen.insert($0).inserted }.prefix(self.limit))
    }

    /// Puts `emoticon` first (moving it up if it was there) and saves the list.
    public mutating func record(_ emoticon: Emoticon) {
        let item = RecentEmoticon(emoticon)
        // A sticker remembered by name alone before gives way to its item by picture.
        items.removeAll { $0 == item || item.supersedes($0) }
        items.insert(item, at: 0)
        if items.count > limit { items.removeLast(items.count - limit) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(items) { store.saveRecent(data) }
    }

    /// The items that `keyboard` has, in order: each resolves to the first button of its tab with
    /// that text (or a skin-tone variant of that text, or for an entry without text that name; a
    /// sticker to the button with its picture); an item whose tab, text or picture is gone is left
    /// out.
    public func emoticons(in keyboard: EmoticonKeyboard) -> [Emoticon] {
        items.compactMap { Self.resolve($0, in: keyboard) }
    }

    /// `item`'s emoticon in `keyboard`, or nil.
    public static func resolve(_ item: RecentEmoticon, in keyboard: EmoticonKeyboard) -> Emoticon? {
        guard let tabIndex = keyboard.tabIndex(id: item.tab) else { return nil }
        let tab = keyboard.tabs[tabIndex]
        var variantMatch: Emoticon?, nameMatch: Emoticon?
        for (pageIndex, page) in tab.pages.enumerated() {
            for button in page.buttons where button.kind == .emoticon {
                let emoticon = Emoticon(tab: tabIndex, tabID: tab.id, page: pageIndex, button: button)
                if let picture = item.image {
                    // A sticker is its picture: another of the same name never stands in for it.
                    if button.sends == .image, let path = button.image, RecentEmoticon.pictureKey(path) == picture { return emoticon }
                    continue
                }
                if button.text == item.text { return emoticon }
                if variantMatch == nil, let variant = button.variants?.first(where: { $0.text == item.text }) {
                    variantMatch = Emoticon(tab: tabIndex, tabID: tab.id, page: pageIndex, button: button, variant: variant)
                }
                if nameMatch == nil, button.text?.isEmpty ?? true, button.name == item.text { nameMatch = emoticon }
            }
        }
        return variantMatch ?? nameMatch
    }
}
