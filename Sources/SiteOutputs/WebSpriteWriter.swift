import EmoticonManifest
import Foundation
import Imaging
import OutputTransaction
import TextEscaping

/// `--web`: everything a web page needs to draw the emoticons and the keyboard, from the finished
/// manifests (so the web files and the manifest can never disagree):
///
/// - `web/emoticons.css`: one stylesheet for every screen (`WebStylesheet`), in CSS px.
/// - `web/emoticons.js`, `web/emoticons.mjs`, `web/emoticons.d.ts`, `web/demo.html`: the runtime
///   (`WebRuntimeWriter`): tokenizer, renderer and keyboard, with the data embedded.
/// - `web/<tab>-page-NNN@<S>x.json` (any-width sheets: one set per scale, for every width) or
///   `web/<width>/<tab>-page-NNN@<S>x.json` (`--sheets per-width`: a set per width): a
///   TexturePacker JSON hash for one sheet (PixiJS `Assets.load`, Phaser `load.atlas`). Frames are
///   the manifest's sprite rects, keyed `<tab>/<name>` (the delete key `<tab>/delete`);
///   `meta.related_multi_packs` lists the scale's other sheets (of that width), as TexturePacker's
///   multipack does, so PixiJS loads them all from one file.
/// - `web/tab-icons@<S>x.json` (`web/<width>/…` per width): the same for the tab icon strip, a
///   frame per tab keyed `<tab>/tab-icon`: the icon's whole `size`-pt square (`sourceSize`),
///   trimmed to its pixels.
///
/// The sprites are the page sheets themselves, not new atlases: every icon is in them once per
/// scale, a page's sheet loads only when one of its icons is shown, and the app and the web share
/// the same files (and their hashes in the manifest).
package struct WebSpriteWriter {
    /// `--web` has nothing to choose yet (`WebRequest`).
    package init() {}

    /// One width's TexturePacker JSON files (per-width sheets), or the one set of every width
    /// (any-width sheets, whose sprite rects are the same in every width's manifest).
    package func writeAtlases(_ manifest: Manifest, output: OutputFolder) throws(OutputError) {
        let sheetSizes = try Self.sheetSizes(manifest, output: output)
        let folder = Self.atlasFolder(manifest)
        for scale in manifest.scales {
            let atlases = Self.atlases(manifest, scale: scale, sizes: sheetSizes)
            for atlas in atlases {
                var document = atlas.document
                document.meta.relatedMultiPacks = atlases.map(\.fileName).filter { $0 != atlas.fileName }
                try output.writeJSON(document, to: folder + atlas.fileName)
            }
        }
    }

    /// Where a manifest's atlases go: `web/` for any-width sheets, `web/<width>/` per width.
    package static func atlasFolder(_ manifest: Manifest) -> String {
        manifest.sheetLayout == .anyWidth ? "web/" : "web/\(manifest.screenWidth)/"
    }

    /// The atlases' way back to the output's root, where the sheets' paths start.
    static func outputRoot(_ manifest: Manifest) -> String { manifest.sheetLayout == .anyWidth ? "../" : "../../" }

    /// The pixel size of every sheet a manifest names (pages and tab icons), read back from the output.
    package static func sheetSizes(_ manifest: Manifest, output: OutputFolder) throws(OutputError) -> [String: (width: Int, height: Int)] {
        var sizes: [String: (width: Int, height: Int)] = [:]
        for tab in manifest.tabs { for page in tab.pages { for path in page.sheets.values { sizes[path] = try size(of: path, in: output) } } }
        for tab in manifest.tabs { for path in tab.icon?.sheets.values.sorted() ?? [] where sizes[path] == nil { sizes[path] = try size(of: path, in: output) } }
        for tab in manifest.tabs { for sheet in tab.variantSheets ?? [] { for path in sheet.sheets.values where sizes[path] == nil { sizes[path] = try size(of: path, in: output) } } }
        return sizes
    }

    // MARK: TexturePacker JSON hash

    package struct Atlas { let fileName: String; let document: Document }

    package struct Document: Encodable {
        package var frames: [String: Frame]
        package var meta: Meta
    }
    package struct Frame: Encodable {
        package let frame: Rect
        package let rotated = false
        package var trimmed = false
        package let spriteSourceSize: Rect
        package let sourceSize: Size
    }
    package struct Rect: Encodable { let x: Int, y: Int, w: Int, h: Int }
    package struct Size: Encodable { let w: Int, h: Int }
    package struct Meta: Encodable {
        package let app = "emokit"
        package let version: String
        package let image: String
        package let format = "RGBA8888"
        package let size: Size
        package let scale: String
        package var relatedMultiPacks: [String] = []
        package enum CodingKeys: String, CodingKey { case app, version, image, format, size, scale, relatedMultiPacks = "related_multi_packs" }
    }

    /// One atlas per sheet at `scale`, in tab and page order.
    package static func atlases(_ manifest: Manifest, scale: Int, sizes: [String: (width: Int, height: Int)]) -> [Atlas] {
        var atlases: [Atlas] = []
        var used = Set<String>()
        for tab in manifest.tabs {
            for page in tab.pages {
                guard let sheet = page.sheets["\(scale)"], let size = sizes[sheet] else { continue }
                var frames: [String: Frame] = [:]
                for button in page.buttons {
                    guard let rect = button.sprite["\(scale)"] else { continue }
                    // The delete key: `<tab>/delete` on the first page, `<tab>/delete~<page>` after.
                    var key = button.kind == .delete ? "\(tab.id)/delete" : "\(tab.id)/\(button.name)"
                    if used.contains(key) { key += "~\(button.kind == .delete ? page.index : button.entry ?? button.index)" }
                    used.insert(key)
                    frames[key] = Frame(
                        frame: Rect(x: rect.x, y: rect.y, w: rect.width, h: rect.height),
                        spriteSourceSize: Rect(x: 0, y: 0, w: rect.width, h: rect.height), sourceSize: Size(w: rect.width, h: rect.height))
                }
                let name = "\(tab.id)-page-\(String(format: "%03d", page.index))@\(scale)x.json"
                let meta = Meta(version: manifest.generator.version, image: outputRoot(manifest) + sheet, size: Size(w: size.width, h: size.height), scale: "\(scale)")
                atlases.append(Atlas(fileName: name, document: Document(frames: frames, meta: meta)))
            }
        }
        // One atlas per tab icon sheet, named after it (`tab-icons@2x.json`, then
        // `tab-icons-2@2x.json` for a second sheet of many tabs), in tab order.
        var strips: [String] = []
        for strip in manifest.tabs.compactMap({ $0.icon?.sheets["\(scale)"] }) where !strips.contains(strip) { strips.append(strip) }
        for strip in strips {
            guard let size = sizes[strip] else { continue }
            var frames: [String: Frame] = [:]
            for tab in manifest.tabs {
                guard let icon = tab.icon, icon.sheets["\(scale)"] == strip, let rect = icon.sprite["\(scale)"] else { continue }
                var key = "\(tab.id)/tab-icon"
                if used.contains(key) { key += "~tab" }  // an emoticon named tab-icon keeps its key
                used.insert(key)
                let cell = TabIconCell.cell(of: rect, size: icon.size, scale: scale)
                var frame = Frame(
                    frame: Rect(x: rect.x, y: rect.y, w: rect.width, h: rect.height),
                    spriteSourceSize: Rect(x: rect.x - cell.x, y: rect.y - cell.y, w: rect.width, h: rect.height), sourceSize: Size(w: cell.width, h: cell.height))
                frame.trimmed = rect != cell
                frames[key] = frame
            }
            let meta = Meta(version: manifest.generator.version, image: outputRoot(manifest) + strip, size: Size(w: size.width, h: size.height), scale: "\(scale)")
            let name = ((strip as NSString).lastPathComponent as NSString).deletingPathExtension + ".json"
            atlases.append(Atlas(fileName: name, document: Document(frames: frames, meta: meta)))
        }
        return atlases
    }

    /// Each tab's class prefix: `emk-` and its id with anything but letters, digits, `-` and `_`
    /// made `-`; prefixes that then clash get `-2`, `-3`... in tab order.
    package static func classPrefixes(for tabIDs: [String]) -> [String] {
        // Single hyphens only, none at the ends (`com..x` is `com-x`): a class's `--` is always
        // the delete key's or tab icon's (`WebClassNames`).
        let safe = tabIDs.map { id -> String in
            var out = ""
            for scalar in id.unicodeScalars {
                let keep = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
                if keep { out.unicodeScalars.append(scalar) } else if !out.isEmpty && !out.hasSuffix("-") { out.append("-") }
            }
            while out.hasSuffix("-") { out.removeLast() }
            return "emk-" + (out.isEmpty ? "tab" : out)
        }
        // Two tab ids made alike (`com.x`, `com-x`) both get a suffix from their own id, never
        // one by the order of the tabs: adding a tab never hands its prefix to another.
        var uses: [String: Int] = [:]
        for name in safe { uses[name, default: 0] += 1 }
        return zip(tabIDs, safe).map { id, name in uses[name, default: 0] > 1 ? "\(name)-\(WebClassNames.digest(id))" : name }
    }

    /// A number for CSS: whole numbers without a decimal point, others to 6 places (exact enough
    /// that `-7.333333px` at 3x lands on device pixel 22).
    package static func number(_ value: Double) -> String {
        if value == value.rounded() { return String(Int(value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    package static func size(of sheet: String, in output: OutputFolder) throws(OutputError) -> (width: Int, height: Int) {
        do { return try PNGDecoder().peekSize(contentsOf: output.staging.appendingPathComponent(sheet), displayPath: sheet) } catch {
            throw .cannotWrite(path: sheet, reason: "cannot read back the sheet's size (\(error.description))")
        }
    }

}

extension WebSpriteWriter: ManifestWriter {
    /// `Button.webClass`: each entry's CSS class (`WebClassNames`), from its image name or text
    /// (never its position), and the delete key's.
    package func annotation(for sources: ManifestSources) -> ManifestAnnotation? {
        let classes = WebClassNames.classes(tabIDs: sources.tabIDs, entries: sources.entries)
        return ManifestAnnotation(page: { page, tab, _ in
            for index in page.buttons.indices {
                let button = page.buttons[index]
                switch button.kind {
                case .delete: page.buttons[index].webClass = WebClassNames.deleteClass(prefix: classes.tabs[tab])
                case .emoticon: page.buttons[index].webClass = button.entry.map { classes.entries[tab][$0] }
                }
            }
        })
    }

    /// A width at a time: its atlases list every page, so it is held whole, but only one (and the
    /// smallest width's, whose sheets the stylesheet and the runtime draw from). Any-width sheets
    /// are the same in every width's manifest: their atlases are written once, from the smallest.
    package func write(_ manifests: [PagedManifest], output: OutputFolder) throws(OutputError) {
        var smallest: Manifest?
        for paged in manifests {
            let manifest = paged.whole()
            if manifest.sheetLayout != .anyWidth { try writeAtlases(manifest, output: output) }
            if smallest.map({ manifest.screenWidth < $0.screenWidth }) ?? true { smallest = manifest }
        }
        if let smallest, smallest.sheetLayout == .anyWidth { try writeAtlases(smallest, output: output) }
        guard let smallest else { return }
        let sizes = try Self.sheetSizes(smallest, output: output)
        let versions = try WebFileVersions.read(WebFileVersions.files(of: smallest), output: output)
        try output.write(Data(WebStylesheet.css(smallest, sizes: sizes, versions: versions).utf8), to: "web/emoticons.css")
        try WebRuntimeWriter.write(smallest, sizes: sizes, versions: versions, output: output)
    }
}
