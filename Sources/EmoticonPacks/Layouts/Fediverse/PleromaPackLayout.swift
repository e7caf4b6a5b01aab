import Foundation

/// Pleroma and Akkoma emoji packs (`STATIC-DIR/emoji/<pack>/pack.json`, what `pleroma_ctl emoji
/// get-packs` installs and the admin API writes), as `Pleroma.Emoji.Loader` reads them: `files`,
/// a dictionary of shortcode to the file's path relative to the pack (`"blobcat": "blobcat.png"`,
/// a subfolder allowed); `pack` holds its description and licence, nothing a keyboard shows.
///
/// Each emoji inserts `:shortcode:`. A JSON object has no order, and Pleroma lists its emoji by
/// shortcode, so the entries follow shortcode order.
enum PleromaPackLayout: MapFileLayout {
    static let layout = "pleroma-pack"
    static var fileNames: [String] { ["pack.json"] }

    static func parse(_ data: Data, display: String) throws(PackError) -> Any {
        let files = try Shortcodes.requiredKey(
            "files", of: data, display: display, kind: "a Pleroma emoji pack", missing: "a Pleroma pack.json maps each shortcode to its image file under \"files\"")
        guard let shortcodes = files as? [String: Any] else {
            throw PackError.fileKey(path: display, key: "files", reason: "expected a dictionary of shortcode to file name, found \(PackReader.typeName(files))")
        }
        let items = Shortcodes.sorted(shortcodes.map { ($0.key, $0.value) }).map { shortcode, value -> MapItem in
            var item = MapItem(texts: [Shortcodes.text(shortcode)], image: value as? String ?? "", name: shortcode, allowsFolders: true)
            item.imageKey = "files.\(shortcode)"
            item.textKey = "files"
            if let problem = Shortcodes.problem(shortcode) {
                item.problem = ("files", problem)
            } else if let path = value as? String {
                if path.hasPrefix("/") { item.problem = (item.imageKey, "\(quoted: path) is an absolute path; pack.json names files relative to the pack") }
            } else {
                item.problem = (item.imageKey, "expected the image's file name, found \(PackReader.typeName(value))")
            }
            return item
        }
        var map = MapFile(layout: layout, items: items, description: "a Pleroma emoji pack")
        map.order = "in shortcode order"
        return map
    }
}
