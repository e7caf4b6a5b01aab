import Diagnostics
import Foundation

/// NetEase NIM UIKit's emoticon catalogs, `NIMKitEmoticon.bundle/Emoji/emoji_ios.plist` (older
/// kits: `emoji.plist`, the same shape), read as its `NIMInputEmoticonManager` reads them: an
/// array of catalogs `{info: {id, title, normal, pressed}, data: [{id, tag, file, unicode}]}`.
///
/// The keyboard shows the catalog whose `info.id` is `default` (`NIMKit_EmojiCatalog`), its
/// emoticons in `data`'s order: a tap inserts `tag` (`[可爱]`); the button draws `file` from the
/// plist's folder (`emoji_01.png`, found as `@3x`, `@2x` or plain). An emoticon with `unicode` is
/// that emoji, inserting itself as emokit's emoji buttons do (NIM inserts its tag, which NIM's
/// clients draw as the same emoji). An emoticon without `id` is left out, as the kit leaves it
/// out. Other catalogs of the file are never on the keyboard, but their tags are drawn in
/// received messages: they become the pack's display-only tab. The delete key is
/// `emoji_del_normal.png` in the folder.
///
/// Recognised by content: a root array whose first item is a dictionary with `info` and `data`.
enum NIMEmoticonCatalogLayout: KitListLayout {
    /// The catalog the keyboard shows (`NIMKit_EmojiCatalog`).
    static let keyboardCatalog = "default"
    /// The delete key's images, as `addDeleteEmotButtonToView` names them.
    static let deleteKeys = ["emoji_del_normal", "emoji_del_pressed"]

    static func fits(_ first: [String: Any]) -> Bool { first["info"] != nil && first["data"] != nil }

    /// One emoticon of a catalog: its item, its emoji when it is drawn as one, and whether its
    /// catalog is only drawn in received messages.
    struct Emoticon {
        var item: MapItem
        var unicode: String?
        var displayOnly: Bool
    }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        guard let catalogs = source.items else { return .failure(PackLayouts.unrecognised(source)) }
        var emoticons: [Emoticon] = []
        var title: String?
        var hasKeyboardCatalog = false
        var others: [String] = []
        for (index, catalog) in catalogs.enumerated() {
            guard let dict = catalog as? [String: Any] else {
                return .failure(.fileKey(path: source.display, key: "item \(index)", reason: "expected a catalog dictionary of info and data, found \(PackReader.typeName(catalog))"))
            }
            guard let info = dict["info"] as? [String: Any], let id = info["id"] as? String else {
                return .failure(.fileKey(path: source.display, key: "item \(index).info.id", reason: "missing: each catalog names itself with info.id (the keyboard's is \"default\")"))
            }
            guard let data = dict["data"] as? [Any] else {
                let found = dict["data"].map { "expected an array of emoticons, found \(PackReader.typeName($0))" } ?? "missing"
                return .failure(.fileKey(path: source.display, key: "item \(index).data", reason: "\(found)"))
            }
            let shown = id == keyboardCatalog
            if shown {
                hasKeyboardCatalog = true
                title = info["title"] as? String
            } else {
                others.append(id)
            }
            emoticons += data.enumerated().map { self.emoticon($1, catalog: index, index: $0, displayOnly: !shown) }
        }
        guard hasKeyboardCatalog else {
            let ids = others.isEmpty ? "none" : others.map { PackError.quote($0) }.joined(separator: ", ")
            return .failure(
                .packageOrder(path: source.display, reason: "no catalog has info.id \"default\", the one NIM's keyboard shows (catalogs: \(ids))"))
        }
        // The keyboard's catalog first, then the others (a tab of their own).
        let ordered = emoticons.filter { !$0.displayOnly } + emoticons.filter(\.displayOnly)
        var map = MapFile(layout: "nim-catalogs", items: ordered.map(\.item), description: "a NetEase NIM emoticon catalog list")
        map.title = title
        map.titleKey = "info.title"
        map.order = "in the order of the \"default\" catalog"
        map.ownImages = deleteKeys
        if !others.isEmpty { map.details.append("catalogs shown in received messages only: \(others.joined(separator: ", "))") }
        var contents = MapLayouts.contents(of: source, map: map)
        let drawn = contents.entry
        let unicodes = ordered.map(\.unicode)
        contents.entry = { item, index in
            let position = item as! Int
            guard let unicode = unicodes[position] else { return drawn(item, index) }
            return emoji(ordered[position].item, unicode: unicode, index: index, display: source.display)
        }
        contents.deleteKeyNames = ["\(deleteKeys[0]).png"]
        contents.displayOnlyItems = Set(ordered.indices.filter { ordered[$0].displayOnly })
        return .success(contents)
    }

    /// An emoticon drawn as its `unicode` emoji: it inserts the emoji, named by its tag.
    static func emoji(_ item: MapItem, unicode: String, index: Int, display: String) -> Result<Entry, PackError> {
        let at = item.locator
        if let problem = item.problem { return .failure(.entry(path: display, index: index, key: problem.key, text: item.texts.first, reason: problem.reason, at: at)) }
        if let reason = item.skipped { return .failure(.skippedEntry(path: display, index: index, text: item.texts.first, reason: reason, at: at)) }
        guard let text = item.texts.first else { return .failure(.entry(path: display, index: index, key: "tag", text: nil, reason: "no text to insert", at: at)) }
        if let problem = TextLimits.problem(unicode, limit: TextLimits.entryText) {
            return .failure(.entry(path: display, index: index, key: "unicode", text: text, reason: "\(problem.message)", at: at))
        }
        // An emoji button inserts the emoji itself, as every emoji button of emokit's does (NIM's
        // inserts the tag, which its clients turn back into the same emoji); the tag names it.
        var entry = Entry(plistIndex: index, text: unicode, textTraditional: nil, name: Entry.bareName(text), content: .emoji(unicode))
        entry.locator = at
        return .success(entry)
    }

    /// One emoticon of catalog `catalog` as a map item.
    static func emoticon(_ value: Any, catalog: Int, index: Int, displayOnly: Bool) -> Emoticon {
        let dict = value as? [String: Any] ?? [:]
        let tag = dict["tag"] as? String ?? ""
        let file = dict["file"] as? String ?? ""
        var item = MapItem(texts: tag.isEmpty ? [] : [tag], image: file, name: Entry.bareName(tag), imageKey: "file", textKey: "tag")
        // A bare name is a PNG, as `nim_EmojiImage` looks it up.
        if (file as NSString).pathExtension.isEmpty { item.extensions = ["png"] }
        let unicode = (dict["unicode"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        let key = "item \(catalog).data[\(index)]"
        // Entries are numbered across catalogs (the keyboard's first): messages name this place.
        item.locator = key
        if !(value is [String: Any]) {
            item.problem = (key, "expected an emoticon dictionary of id, tag and file, found \(PackReader.typeName(value))")
        } else if dict["id"] == nil {
            item.skipped = "no id: NIM's keyboard leaves out an emoticon without one"
        } else if let id = dict["id"], !(id is String) {
            item.problem = ("id", "expected a string, found \(PackReader.typeName(id))")
        } else if tag.isEmpty && dict["tag"] is String {
            item.problem = ("tag", "is empty: a tap inserts the tag")
        } else if !(dict["tag"] is String) {
            item.problem = ("tag", dict["tag"].map { "expected the text a tap inserts, found \(PackReader.typeName($0))" } ?? "missing: a tap inserts the tag")
        } else if unicode == nil && !(dict["file"] is String) {
            item.problem = ("file", dict["file"].map { "expected the image's file name, found \(PackReader.typeName($0))" } ?? "missing, and no unicode to draw instead")
        }
        return Emoticon(item: item, unicode: unicode, displayOnly: displayOnly)
    }
}
