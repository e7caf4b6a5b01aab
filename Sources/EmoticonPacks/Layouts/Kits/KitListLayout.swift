import Foundation

/// A chat SDK's own list of emoticons: a plist whose root is an array of dictionaries, told
/// apart by the keys of its first item (ChatKit's `face_image_name`, NIM's `info` and `data`),
/// never by the file's name: kits and apps rename it (`face.plist`, `MyEmotions.plist`), and a
/// `face.plist` may as well be a game's sprite frames.
protocol KitListLayout: PackLayout {
    /// Whether a list whose first item is `first` is this kit's.
    static func fits(_ first: [String: Any]) -> Bool
}

extension KitListLayout {
    static func matches(_ source: PackSource) -> Bool {
        guard let items = source.items, let first = items.first as? [String: Any] else { return false }
        return fits(first)
    }
}

/// Finding a kit's list in a folder that has no other pack file.
enum KitLists {
    /// The kits' layouts, in the order `PackLayouts.detectionOrder` tries them.
    static let layouts: [any KitListLayout.Type] = [ChatKitFaceLayout.self, TUIKitEmojiLayout.self, NIMEmoticonCatalogLayout.self, TextImageListLayout.self]

    /// The folder's one plist that is a kit's list (read to tell, under the pack's limits by
    /// `load`); nil when none is, or when several are (which would the app read?).
    static func listFile(in folder: URL, load: (URL) -> Any?) -> URL? {
        let lists = TextMapLayout.plists(in: folder).filter { url in
            guard let array = load(url) as? [Any], let first = array.first as? [String: Any] else { return false }
            return layouts.contains { $0.fits(first) }
        }
        return lists.count == 1 ? lists.first : nil
    }
}
