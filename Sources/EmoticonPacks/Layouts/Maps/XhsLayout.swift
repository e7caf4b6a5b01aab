import FileAccess
import Foundation

/// XhsEmoticonsKeyboard's sets (Android: an XML file beside the set's images, found by its
/// `<EmoticonSet>` root; the sample app names it `<set>/<set>.xml`), as its
/// `XmlUtil.ParserXml` reads them: `<EmoticonSet>` with the set's `name`, `line` and `row` (the
/// page's lines and the emoticons per line), `iconUri`, and `<EmoticonBean>`s in order, each with
/// `iconUri` (the image, relative to the set's folder) and `content` (what a tap inserts).
///
/// emokit lays every tab on the keyboard's one grid, so a set's own `line`/`row` cannot be kept
/// for its tab: a warning says what the set asked for and which settings make the grid.
enum XhsLayout: MapFileLayout {
    static let layout = "xhs"

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        guard let map = source.root as? MapFile, map.layout == layout else { return .failure(PackLayouts.unrecognised(source)) }
        var contents = MapLayouts.contents(of: source, map: map)
        if let grid = map.grid {
            let unmapped = contents.warnings
            contents.warnings = { entries in unmapped(entries) + [.setGrid(path: source.display, rows: grid.rows, columns: grid.columns)] }
        }
        return .success(contents)
    }

    /// The folder's XhsEmoticonsKeyboard sets: every `.xml` file whose root element is
    /// `<EmoticonSet>` (the library's `XmlUtil.ParserXml` reads a set from any stream, whatever its
    /// name), told from its first bytes; `<folder>/<folder>.xml`, the sample app's naming, first.
    /// A named pipe, device or socket named `<folder>.xml` is returned unread, so reading it
    /// refuses it by name.
    static func setFiles(in folder: URL) -> [URL] {
        let named = folder.appendingPathComponent("\(folder.lastPathComponent).xml")
        if PackReader.isRegularFile(named), RegularFile.specialKind(of: named) != nil { return [named] }
        let sets = PackFileContent.xmlFiles(in: folder, root: "EmoticonSet")
        return sets.filter { $0.lastPathComponent == named.lastPathComponent } + sets.filter { $0.lastPathComponent != named.lastPathComponent }
    }

    /// What is read: the set's `name`, `iconUri`, `line` and `row`, and its `<EmoticonBean>`s'
    /// `content` and `iconUri`, however deep the beans are wrapped.
    static let read = PackXML.Selection(
        children: [
            "name": .text, "iconUri": .text, "line": .text, "row": .text,
            "EmoticonBean": PackXML.Selection(children: ["content": .text, "iconUri": .text]),
        ], others: .likeThis)

    static func parse(_ data: Data, display: String) throws(PackError) -> Any {
        let root = try MapLayouts.parseXML(data, display: display, keeping: read)
        guard root.name == "EmoticonSet" else {
            throw PackError.wrongRoot(path: display, expected: "<EmoticonSet> (an XhsEmoticonsKeyboard set)", found: "<\(root.name)>")
        }
        var beans: [PackXML.Element] = []
        func collect(_ element: PackXML.Element) {
            for child in element.children {
                if child.name == "EmoticonBean" { beans.append(child) } else { collect(child) }
            }
        }
        collect(root)
        let items = beans.map { bean -> MapItem in
            MapItem(
                texts: [bean.child(named: "content")?.trimmedText ?? ""], image: bean.child(named: "iconUri")?.trimmedText ?? "",
                allowsFolders: true, imageKey: "iconUri", textKey: "content")
        }
        var map = MapFile(layout: layout, items: items, title: root.child(named: "name")?.trimmedText, description: "an XhsEmoticonsKeyboard set")
        map.titleKey = "<name>"
        if let icon = root.child(named: "iconUri")?.trimmedText, !icon.isEmpty { map.ownImages.append(icon) }
        if let rows = root.child(named: "line").flatMap({ Int($0.trimmedText) }), let columns = root.child(named: "row").flatMap({ Int($0.trimmedText) }) {
            map.grid = (rows, columns)
        }
        return map
    }
}
