import EmoticonManifest
import Foundation
import Imaging
import OutputTransaction
import PipelineSteps
import TextEscaping

/// `--web`: the sheets described for web tooling, per width and scale, from the finished manifests
/// (so the web files and the manifest can never disagree):
///
/// - `web/<width>/<tab>-page-NNN@<S>x.json`: a TexturePacker JSON hash for one sheet (PixiJS
///   `Assets.load`, Phaser `load.atlas`). Frames are the manifest's sprite rects, keyed
///   `<tab>/<name>`; `meta.related_multi_packs` lists the width and scale's other sheets, as
///   TexturePacker's multipack does, so PixiJS loads them all from one file.
/// - `web/<width>/tab-icons@<S>x.json`: the same for the tab icon strip, a frame per tab keyed
///   `<tab>/tab-icon`: the icon's whole `size`-pt square (`sourceSize`), trimmed to its pixels.
/// - `web/<width>/emoticons.css`: a class per emoticon, `.emk-<tab>-<entry>`, showing its icon
///   from the sheet with `image-set()` for the scales, exact at each scale (a `min-resolution`
///   rule where a scale's rounded rect differs); and per tab `.emk-<tab>-icon`, its tab icon's
///   square (`-icon` never clashes with an entry number).
package struct WebSpriteWriter {
    package func write(_ manifests: [Manifest], output: OutputFolder) throws(GenerationError) {
        for manifest in manifests {
            let classes = Self.classPrefixes(for: manifest.tabs.map(\.id))
            var sheetSizes: [String: (width: Int, height: Int)] = [:]
            for tab in manifest.tabs { for page in tab.pages { for path in page.sheets.values { sheetSizes[path] = try Self.size(of: path, in: output) } } }
            for tab in manifest.tabs { for path in tab.icon?.sheets.values.sorted() ?? [] where sheetSizes[path] == nil { sheetSizes[path] = try Self.size(of: path, in: output) } }
            for scale in manifest.scales {
                let atlases = Self.atlases(manifest, scale: scale, sizes: sheetSizes)
                for atlas in atlases {
                    var document = atlas.document
                    document.meta.relatedMultiPacks = atlases.map(\.fileName).filter { $0 != atlas.fileName }
                    try output.writeJSON(document, to: "web/\(manifest.screenWidth)/\(atlas.fileName)")
                }
            }
            try output.write(Data(Self.css(manifest, classes: classes, sizes: sheetSizes).utf8), to: "web/\(manifest.screenWidth)/emoticons.css")
        }
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
                for button in page.buttons where button.kind == .emoticon {
                    guard let rect = button.sprite["\(scale)"] else { continue }
                    var key = "\(tab.id)/\(button.name)"
                    if used.contains(key) { key += "~\(button.entry ?? button.index)" }
                    used.insert(key)
                    frames[key] = Frame(
                        frame: Rect(x: rect.x, y: rect.y, w: rect.width, h: rect.height),
                        spriteSourceSize: Rect(x: 0, y: 0, w: rect.width, h: rect.height), sourceSize: Size(w: rect.width, h: rect.height))
                }
                let name = "\(tab.id)-page-\(String(format: "%03d", page.index))@\(scale)x.json"
                let meta = Meta(version: manifest.generator.version, image: "../../\(sheet)", size: Size(w: size.width, h: size.height), scale: "\(scale)")
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
            let meta = Meta(version: manifest.generator.version, image: "../../\(strip)", size: Size(w: size.width, h: size.height), scale: "\(scale)")
            let name = ((strip as NSString).lastPathComponent as NSString).deletingPathExtension + ".json"
            atlases.append(Atlas(fileName: name, document: Document(frames: frames, meta: meta)))
        }
        return atlases
    }

    // MARK: CSS

    /// Each tab's class prefix: `emk-` and its id with anything but letters, digits, `-` and `_`
    /// made `-`; prefixes that then clash get `-2`, `-3`... in tab order.
    package static func classPrefixes(for tabIDs: [String]) -> [String] {
        var taken = Set<String>()
        return tabIDs.map { id in
            let safe = String(id.unicodeScalars.map { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" ? Character($0) : "-" })
            var name = "emk-\(safe)", suffix = 2
            while !taken.insert(name).inserted {
                name = "emk-\(safe)-\(suffix)"
                suffix += 1
            }
            return name
        }
    }

    /// One class: the rect at each scale of the sheet at each scale (`sheets`, `rects` keyed by
    /// scale), sized in CSS px; the rule itself, and per other scale the override its rounded rect
    /// needs (none where it is exactly the base scale's).
    package static func rule(
        _ name: String, comment text: String, sheets: [String: String], rects: [String: Manifest.PixelRect], scales: [Int],
        sizes: [String: (width: Int, height: Int)]
    ) -> (lines: [String], overrides: [Int: String])? {
        let base = scales[0]
        guard let baseSheet = sheets["\(base)"], let size = sizes[baseSheet], let rect = rects["\(base)"] else { return nil }
        let imageSet = scales.compactMap { scale in sheets["\(scale)"].map { "url(\"../../\(cssString($0))\") \(scale)x" } }.joined(separator: ", ")
        let b = Double(base)
        let lines = [
            "/* \(comment(text)) */",
            ".\(name) { width: \(number(Double(rect.width) / b))px; height: \(number(Double(rect.height) / b))px; "
                + "background-image: url(\"../../\(cssString(baseSheet))\"); background-image: -webkit-image-set(\(imageSet)); background-image: image-set(\(imageSet)); "
                + "background-size: \(number(Double(size.width) / b))px \(number(Double(size.height) / b))px; background-position: \(number(-Double(rect.x) / b))px \(number(-Double(rect.y) / b))px; }",
        ]
        var overrides: [Int: String] = [:]
        for scale in scales.dropFirst() {
            guard let other = rects["\(scale)"] else { continue }
            let s = Double(scale)
            if Double(other.x) / s == Double(rect.x) / b && Double(other.y) / s == Double(rect.y) / b
                && Double(other.width) / s == Double(rect.width) / b && Double(other.height) / s == Double(rect.height) / b
            {
                continue
            }
            overrides[scale] =
                "  .\(name) { width: \(number(Double(other.width) / s))px; height: \(number(Double(other.height) / s))px; "
                + "background-position: \(number(-Double(other.x) / s))px \(number(-Double(other.y) / s))px; }"
        }
        return (lines, overrides)
    }

    package static func css(_ manifest: Manifest, classes: [String], sizes: [String: (width: Int, height: Int)]) -> String {
        let scales = manifest.scales.sorted()
        var lines = [
            "/* emokit \(manifest.generator.version): the emoticons at \(manifest.screenWidth) pt. Usage: <span class=\"emk \(classes.first ?? "emk-tab")-0\"></span>",
            "   Each class shows one icon from its page's sheet, sized in CSS px (= points); .emk-<tab>-icon is the tab's tab bar icon. */",
            ".emk { display: inline-block; background-repeat: no-repeat; vertical-align: middle; }",
        ]
        var overrides: [Int: [String]] = [:]
        func add(_ rule: (lines: [String], overrides: [Int: String])?) {
            guard let rule else { return }
            lines += rule.lines
            for (scale, line) in rule.overrides { overrides[scale, default: []].append(line) }
        }
        for (tabIndex, tab) in manifest.tabs.enumerated() {
            for page in tab.pages {
                for button in page.buttons where button.kind == .emoticon {
                    guard let entry = button.entry else { continue }
                    add(rule("\(classes[tabIndex])-\(entry)", comment: button.text ?? button.name, sheets: page.sheets, rects: button.sprite, scales: scales, sizes: sizes))
                }
            }
        }
        // Tab icons: the whole square, so every tab's button is the same size.
        for (tabIndex, tab) in manifest.tabs.enumerated() {
            guard let icon = tab.icon else { continue }
            var squares: [String: Manifest.PixelRect] = [:]
            for (key, rect) in icon.sprite { if let scale = Int(key) { squares[key] = TabIconCell.cell(of: rect, size: icon.size, scale: scale) } }
            add(rule("\(classes[tabIndex])-icon", comment: "tab icon: \(tab.title)", sheets: icon.sheets, rects: squares, scales: scales, sizes: sizes))
        }
        var previous = scales[0]
        for scale in scales.dropFirst() {
            if let rules = overrides[scale] {
                // From halfway between the scales, the browser picks this scale's sheet.
                lines.append("@media (min-resolution: \(number(Double(previous + scale) / 2))dppx) {")
                lines += rules
                lines.append("}")
            }
            previous = scale
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A number for CSS: whole numbers without a decimal point, others to 6 places (exact enough
    /// that `-7.333333px` at 3x lands on device pixel 22).
    package static func number(_ value: Double) -> String {
        if value == value.rounded() { return String(Int(value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    package static func cssString(_ text: String) -> String {
        Escape.cssString(text)
    }

    package static func comment(_ text: String) -> String {
        Escape.cssComment(text)
    }

    package static func size(of sheet: String, in output: OutputFolder) throws(GenerationError) -> (width: Int, height: Int) {
        do { return try PNGDecoder().peekSize(contentsOf: output.staging.appendingPathComponent(sheet), displayPath: sheet) } catch {
            throw .output(path: sheet, reason: "cannot read back the sheet's size (\(error.description))")
        }
    }

}

extension WebSpriteWriter: ManifestWriter {
    package init(value: String, encoder: PNGEncoder) { self.init() }

    /// A width at a time: its CSS and atlases list every page, so it is held whole, but only one.
    package func write(_ manifests: [PagedManifest], output: OutputFolder) throws(GenerationError) {
        for manifest in manifests { try write([manifest.whole()], output: output) }
    }
}
