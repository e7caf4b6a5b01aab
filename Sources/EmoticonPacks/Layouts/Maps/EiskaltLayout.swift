import FileAccess
import Foundation

/// EiskaltDC++'s emoticon packs (Debian's `eiskaltdcpp-emoticons`: `emoticons/default.xml` beside
/// `emoticons/default/`): `<emoticons-map name="...">` of `<emoticon file="smile.png">` with
/// `<name text=":)"/>` texts (the first is inserted), the images in the folder named after the
/// XML. The pack is that folder, whether the user names it, the XML, or the folder holding both
/// (then every such pair is a tab).
enum EiskaltLayout: MapFileLayout {
    static let layout = "eiskalt"

    /// The map of the images' folder `folder`: `<folder>.xml` beside it, when that file starts an
    /// `<emoticons-map>` (read from its first kilobyte, so an unrelated XML is never taken for one).
    /// A named pipe, device or socket of that name is returned unread: reading it as the pack's
    /// map then refuses it by name (a FIFO once hung the run, or the folder was read as plain images).
    static func mapBeside(_ folder: URL) -> URL? {
        let name = folder.lastPathComponent
        guard !name.isEmpty, name != "/" else { return nil }
        let xml = folder.deletingLastPathComponent().appendingPathComponent("\(name).xml").standardizedFileURL
        guard PackReader.isRegularFile(xml), PackReader.isDirectory(folder) else { return nil }
        if RegularFile.specialKind(of: xml) != nil { return xml }
        guard let head = try? RegularFile.readPrefix(xml, count: 1024) else { return nil }
        return String(decoding: head, as: UTF8.self).contains("<emoticons-map") ? xml : nil
    }

    /// How messages name the map beside `folderDisplay` (`emoticons/default.xml` for `emoticons/default`).
    static func display(of xml: URL, folderDisplay: String) -> String {
        // `default.xml/default` when the XML itself was named: its folder is the one to name.
        let parent = (folderDisplay as NSString).deletingLastPathComponent
        let named = parent.isEmpty || parent == xml.lastPathComponent
        return (named ? xml.deletingLastPathComponent().lastPathComponent : parent) + "/" + xml.lastPathComponent
    }

    /// What is read: the map's `name`, each `<emoticon>`'s `file` and its `<name>`s' `text`.
    static let read = PackXML.Selection(
        attributes: ["name"], children: ["emoticon": PackXML.Selection(attributes: ["file"], children: ["name": PackXML.Selection(attributes: ["text"])])])

    static func parse(_ data: Data, display: String) throws(PackError) -> Any {
        let root = try MapLayouts.parseXML(data, display: display, keeping: read)
        guard root.name == "emoticons-map" else {
            throw PackError.wrongRoot(path: display, expected: "<emoticons-map> (an EiskaltDC++ emoticon map)", found: "<\(root.name)>")
        }
        var ignored = 0
        let items = root.children(named: "emoticon").map { emoticon -> MapItem in
            // A `<name>` without a `text` attribute (`Text=`, as one Debian map has) matches
            // nothing in the app: it is left out, and counted in the note.
            let names = emoticon.children(named: "name")
            let texts = names.compactMap { $0.attribute("text") }.filter { !$0.isEmpty }
            ignored += names.count - texts.count
            return MapItem(texts: texts, image: emoticon.attribute("file") ?? "", imageKey: "file", textKey: "name text")
        }
        var map = MapFile(layout: layout, items: items, title: root.attribute("name"), description: "an EiskaltDC++ emoticon map")
        map.titleKey = "name"
        if ignored > 0 { map.details.append("\(ignored) <name> element\(ignored == 1 ? "" : "s") without a text attribute left out") }
        return map
    }
}
