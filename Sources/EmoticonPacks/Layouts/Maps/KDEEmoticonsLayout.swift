import Foundation

/// KDE emoticon themes (`emoticons/<theme>/emoticons.xml`, Debian's `libkf5emoticons-data`), as
/// KEmoticons reads them: `<messaging-emoticon-map>` of `<emoticon file="face-angel">`, each
/// with its `<string>`s (the first is inserted). The `file` attribute has no extension: KDE
/// tries the image formats Qt reads, so emokit looks for `.png`, then `.gif`, the other formats
/// it draws, then `.svg`, and refuses by name an emoticon that has only an SVG (emokit draws
/// bitmaps). An emoticon with no image at all is left out with a warning, and the rest read:
/// KEmoticons' `KdeEmoticons::loadTheme` skips it (`if (emo.isEmpty()) continue;`), and so does
/// Psi's reader of KDE themes (Debian's Breeze names a `face-embarassed` it does not ship).
enum KDEEmoticonsLayout: MapFileLayout {
    static let layout = "kde"
    static var fileNames: [String] { ["emoticons.xml"] }
    static let extensions = ["png", "gif", "svg", "svgz", "mng", "jpg", "jpeg", "webp", "bmp"]
    /// Tried for a `file` without an extension; one array shared by every item.
    static let stemExtensions = ["png", "gif", "jpg", "jpeg", "webp", "bmp", "svg", "svgz", "mng"]

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
        var map = MapFile(layout: layout, items: items, description: "a KDE emoticon theme")
        map.skipsMissingImagesLike = "KDE"
        return map
    }
}
