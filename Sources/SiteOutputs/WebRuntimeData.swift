import EmoticonManifest
import Foundation

/// The keyboard as the web runtime reads it (`Emokit.data`), made from the smallest width's
/// manifest: tabs and their entries in entry order, each with its text, name, class and sprite;
/// the grid, metrics and colours the keyboard is laid out with. Sprites are
/// `[sheet, x, y, width, height]` in CSS px, `sheet` an index into `sheets` (each sheet's path
/// per scale, relative to `web/`, and its size in CSS px), so the runtime can draw an icon at any
/// size, such as a message's font size. The keys are laid out at the element's width with the
/// manifests' arithmetic (`layout`: the grid, and `snapToPixels` at `scale`), so one data set and
/// one sheet set per scale serve every width when the sheets are any-width ones.
struct WebRuntimeData: Encodable {
    struct Sheet: Encodable { let paths: [String: String]; let width: Double; let height: Double }
    struct Variant: Encodable { let text: String; let name: String; let sprite: [Double]? }
    struct Entry: Encodable {
        let text: String
        var cht: String? = nil
        let name: String
        let `class`: String?
        let sprite: [Double]?
        var emoji: Bool? = nil
        var animation: String? = nil
        /// `"image"` for an entry a tap sends as a picture (a sticker): `image` is its file, relative to `web/`.
        var sends: String? = nil
        var image: String? = nil
        var keywords: [String]? = nil
        var pinyin: [String]? = nil
        var variants: [Variant]? = nil
    }
    struct Tab: Encodable {
        let id: String
        let title: String
        let kind: String
        var displayOnly: Bool? = nil
        let iconClass: String?
        let icon: [Double]?
        let deleteClass: String
        let delete: [Double]?
        let entries: [Entry]
    }
    struct Layout: Encodable {
        let columns: Int, rows: Int, perPage: Int, rowHeight: Double, iconSize: Double
        let insets: [Double]
        let columnSpacing: Double, rowSpacing: Double
        let gridHeight: Double, pageControlHeight: Double, tabBarHeight: Double, keyboardHeight: Double
        /// True when cell widths and the left edge round to device pixels (YYKit's layout): the
        /// runtime then snaps at `scale` as the manifest's frames do.
        var snapToPixels: Bool? = nil
        /// The scale the runtime lays out and places icons at: the sheets' smallest, whose frames
        /// are every manifest button's `frame`. Absent where it is 1.
        var scale: Int? = nil
    }

    let version: String
    /// The delete key's name in the run's locale, for its `aria-label`.
    let deleteName: String
    let lang: String
    let locale: String?
    let scales: [Int]
    let sheets: [Sheet]
    let layout: Layout
    let colors: Manifest.Colors
    let tabs: [Tab]

    /// The run's locale (`cn`, `tw`, `en`) as a BCP 47 tag for `lang`; `zh-Hans` when the
    /// manifest does not record one (a run without emoji data, whose default is `cn`).
    static func language(_ locale: String?) -> String {
        switch locale {
        case "tw": return "zh-Hant"
        case "en": return "en"
        default: return "zh-Hans"
        }
    }

    /// `pinyin`: each button's pinyin spellings (`["xiaolian", "xl"]`, for search), keyed
    /// `"<tab>/<page>/<button>"`, where the manifest has them (`Self.pinyin(in:)`). `versions`:
    /// the sheets' and GIFs' content hashes, added to their URLs.
    init(
        _ manifest: Manifest, sizes: [String: (width: Int, height: Int)], versions: WebFileVersions = .none, pinyin: [String: [String]] = [:]
    ) {
        let base = Double(manifest.scales.min() ?? 1)
        let baseKey = "\(manifest.scales.min() ?? 1)"
        var sheets: [Sheet] = []
        var sheetIndex: [String: Int] = [:]
        func sprite(_ paths: [String: String], _ rects: [String: Manifest.PixelRect]) -> [Double]? {
            guard let path = paths[baseKey], let rect = rects[baseKey], let size = sizes[path] else { return nil }
            let index: Int
            if let known = sheetIndex[path] {
                index = known
            } else {
                index = sheets.count
                sheetIndex[path] = index
                sheets.append(Sheet(paths: paths.mapValues { WebStylesheet.root + versions.url($0) }, width: Double(size.width) / base, height: Double(size.height) / base))
            }
            return [Double(index), Double(rect.x) / base, Double(rect.y) / base, Double(rect.width) / base, Double(rect.height) / base]
        }
        let prefixes = WebSpriteWriter.classPrefixes(for: manifest.tabs.map(\.id))
        tabs = manifest.tabs.enumerated().map { tabIndex, tab in
            var entries: [Entry] = []
            var delete: [Double]?
            for (pageIndex, page) in tab.pages.enumerated() {
                for (buttonIndex, button) in page.buttons.enumerated() {
                    guard button.kind == .emoticon else {
                        if delete == nil { delete = sprite(page.sheets, button.sprite) }
                        continue
                    }
                    var entry = Entry(
                        text: button.text ?? "", name: button.name, class: button.webClass, sprite: sprite(page.sheets, button.sprite))
                    entry.cht = button.textTraditional
                    entry.emoji = button.codePoints == nil ? nil : true
                    entry.animation = button.animation.map { WebStylesheet.root + versions.url($0.path) }
                    entry.keywords = button.keywords?.isEmpty == false ? button.keywords : nil
                    // Content-addressed (`images/<sha256>.webp`): its name is its version.
                    (entry.sends, entry.image) = (button.sends?.rawValue, button.image.map { WebStylesheet.root + $0 })
                    entry.pinyin = pinyin["\(tabIndex)/\(pageIndex)/\(buttonIndex)"]
                    entry.variants = button.variants.map { variants in
                        variants.map { Variant(text: $0.text, name: $0.name, sprite: sprite($0.sheet, $0.sprite)) }
                    }
                    entries.append(entry)
                }
            }
            let icon = tab.icon.flatMap { icon -> [Double]? in
                var squares: [String: Manifest.PixelRect] = [:]
                for (key, rect) in icon.sprite { if let scale = Int(key) { squares[key] = TabIconCell.cell(of: rect, size: icon.size, scale: scale) } }
                return sprite(icon.sheets, squares)
            }
            return Tab(
                id: tab.id, title: tab.title, kind: tab.kind.rawValue, displayOnly: tab.displayOnly,
                iconClass: tab.icon == nil ? nil : WebClassNames.iconClass(prefix: prefixes[tabIndex]), icon: icon,
                deleteClass: WebClassNames.deleteClass(prefix: prefixes[tabIndex]), delete: delete, entries: entries)
        }
        self.sheets = sheets
        deleteName = manifest.tabs.lazy.flatMap(\.pages).flatMap(\.buttons).first { $0.kind == .delete }?.name ?? "Delete"
        version = manifest.generator.version
        locale = manifest.locale
        lang = Self.language(manifest.locale)
        scales = manifest.scales.sorted()
        let grid = manifest.grid, metrics = manifest.metrics
        let insets: [Double] = grid.insets.map { inset -> [Double] in [inset.top, inset.left, inset.bottom, inset.right] } ?? [0, 0, 0, 0]
        layout = Layout(
            columns: grid.columns, rows: grid.rows, perPage: grid.emoticonsPerPage, rowHeight: grid.cellHeight, iconSize: grid.iconSize,
            insets: insets, columnSpacing: grid.columnSpacing ?? 0, rowSpacing: grid.rowSpacing ?? 0,
            gridHeight: metrics.gridHeight, pageControlHeight: metrics.pageControlHeight, tabBarHeight: metrics.tabBarHeight,
            keyboardHeight: metrics.keyboardHeight, snapToPixels: grid.snapToPixels == true ? true : nil,
            scale: scales.first.flatMap { $0 == 1 ? nil : $0 })
        colors = manifest.colors
    }

    /// Each button's `pinyin` array as the manifest's JSON has it, keyed `"<tab>/<page>/<button>"`:
    /// read from the JSON form so that the runtime searches pinyin whenever a manifest carries it.
    static func pinyin(in manifest: Manifest) -> [String: [String]] {
        guard let data = try? Manifest.encoder().encode(manifest),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let tabs = root["tabs"] as? [[String: Any]]
        else { return [:] }
        var result: [String: [String]] = [:]
        for (t, tab) in tabs.enumerated() {
            for (p, page) in (tab["pages"] as? [[String: Any]] ?? []).enumerated() {
                for (b, button) in (page["buttons"] as? [[String: Any]] ?? []).enumerated() {
                    if let spellings = button["pinyin"] as? [String], !spellings.isEmpty { result["\(t)/\(p)/\(b)"] = spellings }
                }
            }
        }
        return result
    }

    /// Compact JSON with sorted keys (byte-identical for the same manifest).
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
