import Foundation

/// Jabber iconsets (XEP-0038), as Psi and Gajim ship them: `icondef.xml` with `<meta><name>` and
/// `<icon>` elements, each with its `<text>`s (the first is inserted) and `<object mime="...">`
/// files, paths relative to the iconset's folder. An icon may give several objects (a PNG and an
/// animation): the first PNG or GIF is drawn. A `.jisp` is the same folder zipped: emokit reads
/// folders, and asks for it to be unzipped (`PackReader.packFolders`).
enum JabberIconsetLayout: MapFileLayout {
    static let layout = "jabber"
    static var fileNames: [String] { ["icondef.xml"] }

    /// What is read: each `<icon>`'s `<text>`s and `<object>`s, and `<meta><name>`.
    static let read = PackXML.Selection(children: [
        "icon": PackXML.Selection(children: ["text": .text, "object": .text]), "meta": PackXML.Selection(children: ["name": .text]),
    ])

    static func parse(_ data: Data, display: String) throws(PackError) -> Any {
        let root = try MapLayouts.parseXML(data, display: display, keeping: read)
        guard root.name == "icondef" else {
            throw PackError.wrongRoot(path: display, expected: "<icondef> (a Jabber iconset)", found: "<\(root.name)>")
        }
        let items = root.children(named: "icon").map { icon -> MapItem in
            let texts = icon.children(named: "text").map(\.trimmedText)
            let objects = icon.children(named: "object").map(\.trimmedText).filter { !$0.isEmpty }
            let drawn = objects.first { MapLayouts.drawnExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            return MapItem(texts: texts, image: drawn ?? objects.first ?? "", allowsFolders: true, imageKey: "object", textKey: "text")
        }
        let meta = root.child(named: "meta")
        var map = MapFile(layout: layout, items: items, title: meta?.child(named: "name")?.trimmedText, description: "a Jabber iconset (XEP-0038)")
        map.titleKey = "<meta><name>"
        return map
    }
}
