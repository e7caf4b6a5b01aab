import FileAccess
import Foundation
import PropertyLists

/// What a file in a pack folder holds, told from its content rather than its name: an XML
/// file's root element, a plist's root shape. Layouts whose app finds its file by content
/// (an XhsEmoticonsKeyboard set, a kit's plist) are found with it; layouts whose app reads one
/// name only (Pidgin's `theme`, Psi's `icondef.xml`) use it to say what a renamed file is.
enum PackFileContent {
    /// How much of an XML file is read to find its root: a declaration, a doctype and
    /// comments fit in it.
    static let xmlHeadBytes = 4096

    /// The root element's name of the XML file `url` (`EmoticonSet`), from its first bytes; nil
    /// when it is no regular file or no element starts there.
    static func xmlRoot(of url: URL) -> String? {
        guard PackReader.isRegularFile(url), RegularFile.specialKind(of: url) == nil,
            let head = try? RegularFile.readPrefix(url, count: xmlHeadBytes)
        else { return nil }
        return xmlRoot(in: head)
    }

    /// The first element's name in `head`, past the XML declaration, processing instructions,
    /// comments and a doctype.
    static func xmlRoot(in head: Data) -> String? {
        let bytes = [UInt8](head)
        var index = 0
        func skip(past terminator: String) -> Bool {
            let end = Array(terminator.utf8)
            while index + end.count <= bytes.count {
                if Array(bytes[index..<index + end.count]) == end {
                    index += end.count
                    return true
                }
                index += 1
            }
            return false
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let rest = bytes[index...]
            if rest.starts(with: Array("<?".utf8)) {
                guard skip(past: "?>") else { return nil }
            } else if rest.starts(with: Array("<!--".utf8)) {
                guard skip(past: "-->") else { return nil }
            } else if rest.starts(with: Array("<!".utf8)) {
                guard skip(past: ">") else { return nil }
            } else {
                let nameBytes = rest.dropFirst().prefix { byte in
                    !(byte == UInt8(ascii: " ") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == 9 || byte == 10 || byte == 13)
                }
                let name = String(decoding: nameBytes, as: UTF8.self)
                return name.isEmpty ? nil : name
            }
        }
        return nil
    }

    /// The `.xml` files of `folder` (not hidden, regular), in name order.
    static func xmlFiles(in folder: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".xml") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { folder.appendingPathComponent($0) }
            .filter(PackReader.isRegularFile)
    }

    /// The XML files of `folder` whose root element is `root`, in name order.
    static func xmlFiles(in folder: URL, root: String) -> [URL] { xmlFiles(in: folder).filter { xmlRoot(of: $0) == root } }

    /// The plists of `folder` that a plist layout reads by their shape alone, whatever their name:
    /// an emoji list (`EmojiPlistLayout.isList`), an array of entry dictionaries, or a dictionary with `emoticons` (a
    /// YYKit group). Not the shared names (found by name first), nor YYKit's `emoticons.plist`
    /// (a bundle's group order), nor a text map (`TextMapLayout` finds those). `load` parses one
    /// under the pack's limits.
    static func shapedPlists(in folder: URL, load: (URL) -> Any?) -> [(url: URL, isEmojiList: Bool)] {
        TextMapLayout.plists(in: folder).compactMap { url in
            switch load(url) {
            case let array as [Any]:
                if EmojiPlistLayout.isList(array) { return (url, true) }
                return array.first is [String: Any] ? (url, false) : nil
            case let dict as [String: Any]:
                return dict["emoticons"] is [Any] ? (url, false) : nil
            default: return nil
            }
        }
    }

    /// A root as messages describe it: `a dictionary (keys: data, id, tag)`, `an array of 3 items,
    /// the first a dictionary (keys: chs, png)`.
    static func describe(_ root: Any?) -> String {
        switch root {
        case nil: return "nothing"
        case let map as MapFile: return map.description
        case is TextMapLayout.TextMap: return "a dictionary of texts to image names"
        case is MisskeyExportLayout.Export: return "a Misskey emoji export"
        case let items as PlistItems:
            guard items.count > 0 else { return "an empty array" }
            return "an array of \(items.count) item\(items.count == 1 ? "" : "s"), the first \(describeItem(items[0]))"
        case let array as [Any]:
            guard let first = array.first else { return "an empty array" }
            return "an array of \(array.count) item\(array.count == 1 ? "" : "s"), the first \(describeItem(first))"
        case let root?: return describeItem(root)
        }
    }

    /// One value as messages describe it: `a dictionary (keys: id, tag)`, `a string`.
    static func describeItem(_ value: Any) -> String {
        if let dict = value as? [String: Any] {
            let keys = dict.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let shown = keys.prefix(6).map { PackError.quote($0) }.joined(separator: ", ") + (keys.count > 6 ? ", …" : "")
            return keys.isEmpty ? "an empty dictionary" : "a dictionary (keys: \(shown))"
        }
        let name = PackReader.typeName(value)
        return (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
    }

    /// The layouts whose app reads its map under one name only, by the map's XML root: what a
    /// renamed map is, and the name its app needs.
    static let nameBoundRoots: [String: (layout: String, name: String, app: String)] = [
        "icondef": ("a Jabber iconset", "icondef.xml", "Psi and Gajim"),
        "messaging-emoticon-map": ("a KDE emoticon theme", "emoticons.xml", "KDE"),
    ]

    /// Why an XML file beside a folder's images was not read, from its root: never that its
    /// root is unknown when emokit knows it.
    static func unreadXMLReason(_ file: URL) -> String {
        guard let root = xmlRoot(of: file) else { return "emokit found no XML element at its start" }
        if let bound = nameBoundRoots[root] {
            return "its root <\(root)> makes it \(bound.layout), but \(bound.app) read\(bound.app.contains(" and ") ? "" : "s") one only as \(bound.name): rename it"
        }
        switch root {
        case "emoticons-map": return "its root <emoticons-map> makes it an EiskaltDC++ map, which EiskaltDC++ reads beside the folder of its name (NAME.xml beside NAME/)"
        case "EmoticonSet": return "its root <EmoticonSet> makes it an XhsEmoticonsKeyboard set, but the folder holds more than one; give each set a folder of its own"
        default: return "its root <\(root)> is no layout emokit knows"
        }
    }

    /// Why a plist beside a folder's images was not read, from what it holds; `subject` names
    /// the file in the sentence (`it`, `settings.plist`).
    static func unreadPlistReason(_ file: URL, subject: String = "it", maxBytes: Int = 10 * 1024 * 1024) -> String {
        guard let data = try? RegularFile.read(file, maxBytes: maxBytes), let root = try? PackReader.parsePlist(data, display: file.lastPathComponent) else {
            return "emokit could not read \(subject) as a property list"
        }
        if let dict = root as? [String: Any], dict["Emoticons"] is [String: Any] {
            return "\(subject) holds an Adium emoticon set (Emoticons, a dictionary of image files), but Adium reads one only as Emoticons.plist: rename it"
        }
        let shaped = shapedPlists(in: file.deletingLastPathComponent()) { $0 == file ? root : nil }.isEmpty == false
        if shaped { return "\(subject) holds \(describe(root)); emokit reads a plist of that shape under another name only when it is the folder's only one" }
        return "\(subject) holds \(describe(root)), a shape no layout emokit knows"
    }
}
