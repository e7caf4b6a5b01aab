import Foundation

/// Adium's emoticon sets (`Name.AdiumEmoticonset/Emoticons.plist`), as Adium's `AIEmoticonPack`
/// reads them: `AdiumSetVersion` 1 has an `Emoticons` dictionary keyed by image file (PNG or GIF,
/// beside the plist), each with `Equivalents` (the texts; the first is inserted) and `Name`;
/// version 0 (Proteus) the same with `String Representations` and `Meaning`.
///
/// Entries follow the dictionary's order in the file, as the set's author wrote it (a plist
/// dictionary has no order once parsed, so the keys' order is read from the XML itself); a
/// binary plist keeps none that emokit reads, so its entries go by file name, and the note says so.
enum AdiumLayout: MapFileLayout {
    static let layout = "adium"
    static var fileNames: [String] { ["Emoticons.plist"] }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        MapLayouts.contents(of: source, layout: layout).map { contents in
            var contents = contents
            // Adium names a set after its folder (`Default.AdiumEmoticonset` is "Default").
            let name = source.folder.lastPathComponent
            if name.lowercased().hasSuffix(".adiumemoticonset") { contents.titles[.en] = String(name.dropLast(".AdiumEmoticonset".count)) }
            return contents
        }
    }

    static func parse(_ data: Data, display: String) throws(PackError) -> Any {
        let root = try PackReader.parsePlist(data, display: display)
        guard let dict = root as? [String: Any] else {
            throw PackError.wrongRoot(path: display, expected: "dictionary (an Adium emoticon set)", found: PackReader.typeName(root))
        }
        let version = (dict["AdiumSetVersion"] as? NSNumber)?.intValue ?? 0
        let (textsKey, nameKey) = version >= 1 ? ("Equivalents", "Name") : ("String Representations", "Meaning")
        guard let emoticons = dict["Emoticons"] as? [String: Any] else {
            throw PackError.entry(
                path: display, index: 0, key: "Emoticons", text: nil,
                reason: dict["Emoticons"] == nil ? "missing: an Adium set lists its emoticons there" : "expected a dictionary of image file to emoticon")
        }
        let order = xmlKeyOrder(data, of: "Emoticons").filter { emoticons[$0] != nil }
        let ordered = order.count == emoticons.count ? order : emoticons.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let items = ordered.map { file -> MapItem in
            let entry = emoticons[file] as? [String: Any] ?? [:]
            let texts = (entry[textsKey] as? [Any] ?? []).compactMap { $0 as? String }
            return MapItem(texts: texts, image: file, name: entry[nameKey] as? String, imageKey: "Emoticons key", textKey: textsKey)
        }
        var map = MapFile(layout: layout, items: items, description: "an Adium emoticon set")
        if order.count != emoticons.count { map.details.append("entries by file name (the plist keeps no order emokit reads)") }
        if version == 0 { map.details.append("the older Proteus keys (String Representations, Meaning)") }
        return map
    }

    /// The keys of the root dictionary's `key` dictionary in file order, read from the XML
    /// (empty for a binary plist, or when the XML cannot be read).
    static func xmlKeyOrder(_ data: Data, of key: String) -> [String] {
        guard let plist = try? PackXML.parse(data, keeping: keyOrder), let root = plist.child(named: "dict") else { return [] }
        guard let value = pairs(root).first(where: { $0.key == key })?.value, value.name == "dict" else { return [] }
        return pairs(value).map(\.key)
    }

    /// What `xmlKeyOrder` reads of a plist: the root `<dict>`'s keys, and the keys of the
    /// dictionaries in it, each value kept by name only.
    static let keyOrder = PackXML.Selection(children: [
        "dict": PackXML.Selection(
            children: ["key": .text, "dict": PackXML.Selection(children: ["key": .text], others: .skeletons)], others: .skeletons)
    ])

    /// What `TextMapLayout` reads of a plist: the root `<dict>`'s keys, each value by name only.
    static let rootKeys = PackXML.Selection(children: ["dict": PackXML.Selection(children: ["key": .text], others: .skeletons)])

    /// A plist `<dict>`'s `<key>`s, each with the element after it.
    static func pairs(_ dict: PackXML.Element) -> [(key: String, value: PackXML.Element)] {
        var result: [(String, PackXML.Element)] = []
        var index = 0
        while index + 1 < dict.children.count {
            if dict.children[index].name == "key" { result.append((dict.children[index].text, dict.children[index + 1])) }
            index += 2
        }
        return result
    }
}
