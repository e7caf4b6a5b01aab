import Foundation

/// KDE emoticon themes (`emoticons/<theme>/emoticons.xml`, Debian's `libkf5emoticons-data`), as
/// KEmoticons reads them: `<messaging-emoticon-map>` of `<emoticon file="face-angel">`, each
/// with its `<string>`s (the first is inserted). The `file` attribute has no extension: KDE
/// tries the image formats it knows, so emokit looks for `.png`, then `.gif`, then `.svg`, and
/// refuses by name an emoticon that has only an SVG (emokit draws bitmaps).
enum KDEEmoticonsLayout: MapFileLayout {
    static let layout = "kde"
    static var fileNames: [String] { ["emoticons.xml"] }
    static let extensions = ["png", "gif", "svg", "svgz", "mng", "jpg", "jpeg", "webp", "bmp"]
    /// Tried for a `file` without an extension; one array shared by every item.
    static let stemExtensions = ["png", "gif", "svg"]

    /// What is read: each `<emoticon>`'s `file` and `<string>`s.
    static let read = PackXML.Selection(children: ["emoticon": PackXML.Selection(attributes: ["file"], children: ["string": .text])])

    static func parse(_ data: Data, display: String) throws(PackError) -> Any {
        let root = try MapLayouts.parseXML(data, display: display, keeping: read)
        guard root.name == "messaging-emoticon-map" else {
            throw PackError.wrongRoot(path: display, expected: "<messaging-emoticon-map> (a KDE emoticon theme)", found: "<\(root.name)>")
        }
        let items = root.children(named: "emoticon").map { emoticon -> MapItem in
            let file = emoticon.attribute("file") ?? ""
            let texts = emoticon.children(named: "string").map(\.trimmedText)
            // A name that already has an image extension is read as it is.
            let hasExtension = extensions.contains((file as NSString).pathExtension.lowercased())
            return MapItem(texts: texts, image: file, extensions: hasExtension ? nil : stemExtensions, imageKey: "file", textKey: "string")
        }
        return MapFile(layout: layout, items: items, description: "a KDE emoticon theme")
    }
}
