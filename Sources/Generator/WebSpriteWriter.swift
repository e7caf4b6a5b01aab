import EmoticonManifest
import Foundation
import Imaging

/// `--web`: the sheets described for web tooling, per width and scale, from the finished manifests
/// (so the web files and the manifest can never disagree):
///
/// - `web/<width>/<tab>-page-NNN@<S>x.json`: a TexturePacker JSON hash for one sheet (PixiJS
///   `Assets.load`, Phaser `load.atlas`). Frames are the manifest's sprite rects, keyed
///   `<tab>/<name>`; `meta.related_multi_packs` lists the width and scale's other sheets, as
///   TexturePacker's multipack does, so PixiJS loads them all from one file.
/// - `web/<width>/emoticons.css`: a class per emoticon, `.emk-<tab>-<entry>`, showing its icon
///   from the sheet with `image-set()` for the scales, exact at each scale (a `min-resolution`
///   rule where a scale's rounded rect differs).
struct WebSpriteWriter {
    func write(_ manifests: [Manifest], output: OutputFolder) throws(GenerationError) {
        for manifest in manifests {
            let classes = Self.classPrefixes(for: manifest.tabs.map(\.id))
            var sheetSizes: [String: (width: Int, height: Int)] = [:]
            for tab in manifest.tabs { for page in tab.pages { for path in page.sheets.values { sheetSizes[path] = try Self.size(of: path, in: output) } } }
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

    struct Atlas { let fileName: String; let document: Document }

    struct Document: Encodable {
        var frames: [String: Frame]
        var meta: Meta
    }
    struct Frame: Encodable {
        let frame: Rect
        let rotated = false
        let trimmed = false
        let spriteSourceSize: Rect
        let sourceSize: Size
    }
    struct Rect: Encodable { let x: Int, y: Int, w: Int, h: Int }
    struct Size: Encodable { let w: Int, h: Int }
    struct Meta: Encodable {
        let app = "emokit"
        let version: String
        let image: String
        let format = "RGBA8888"
        let size: Size
        let scale: String
        var relatedMultiPacks: [String] = []
        enum CodingKeys: String, CodingKey { case app, version, image, format, size, scale, relatedMultiPacks = "related_multi_packs" }
    }

    /// One atlas per sheet at `scale`, in tab and page order.
    static func atlases(_ manifest: Manifest, scale: Int, sizes: [String: (width: Int, height: Int)]) -> [Atlas] {
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
        return atlases
    }

    // MARK: CSS

    /// Each tab's class prefix: `emk-` and its id with anything but letters, digits, `-` and `_`
    /// made `-`; prefixes that then clash get `-2`, `-3`... in tab order.
    static func classPrefixes(for tabIDs: [String]) -> [String] {
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

    static func css(_ manifest: Manifest, classes: [String], sizes: [String: (width: Int, height: Int)]) -> String {
        let scales = manifest.scales.sorted()
        let base = scales[0]
        var lines = [
            "/* emokit \(manifest.generator.version): the emoticons at \(manifest.screenWidth) pt. Usage: <span class=\"emk \(classes.first ?? "emk-tab")-0\"></span>",
            "   Each class shows one icon from its page's sheet, sized in CSS px (= points). */",
            ".emk { display: inline-block; background-repeat: no-repeat; vertical-align: middle; }",
        ]
        var overrides: [Int: [String]] = [:]
        for (tabIndex, tab) in manifest.tabs.enumerated() {
            for page in tab.pages {
                guard let baseSheet = page.sheets["\(base)"], let size = sizes[baseSheet] else { continue }
                let urls = scales.compactMap { scale in page.sheets["\(scale)"].map { "url(\"../../\(cssString($0))\") \(scale)x" } }
                let imageSet = urls.joined(separator: ", ")
                let sheetWidth = number(Double(size.width) / Double(base)), sheetHeight = number(Double(size.height) / Double(base))
                for button in page.buttons where button.kind == .emoticon {
                    guard let entry = button.entry, let rect = button.sprite["\(base)"] else { continue }
                    let name = "\(classes[tabIndex])-\(entry)"
                    lines.append("/* \(comment(button.text ?? button.name)) */")
                    lines.append(
                        ".\(name) { width: \(number(Double(rect.width) / Double(base)))px; height: \(number(Double(rect.height) / Double(base)))px; "
                            + "background-image: url(\"../../\(cssString(baseSheet))\"); background-image: -webkit-image-set(\(imageSet)); background-image: image-set(\(imageSet)); "
                            + "background-size: \(sheetWidth)px \(sheetHeight)px; background-position: \(number(-Double(rect.x) / Double(base)))px \(number(-Double(rect.y) / Double(base)))px; }")
                    for scale in scales.dropFirst() {
                        guard let other = button.sprite["\(scale)"] else { continue }
                        let s = Double(scale), b = Double(base)
                        if Double(other.x) / s == Double(rect.x) / b && Double(other.y) / s == Double(rect.y) / b
                            && Double(other.width) / s == Double(rect.width) / b && Double(other.height) / s == Double(rect.height) / b
                        {
                            continue
                        }
                        overrides[scale, default: []].append(
                            "  .\(name) { width: \(number(Double(other.width) / s))px; height: \(number(Double(other.height) / s))px; "
                                + "background-position: \(number(-Double(other.x) / s))px \(number(-Double(other.y) / s))px; }")
                    }
                }
            }
        }
        var previous = base
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
    static func number(_ value: Double) -> String {
        if value == value.rounded() { return String(Int(value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    static func cssString(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\a ")
    }

    static func comment(_ text: String) -> String {
        text.replacingOccurrences(of: "*/", with: "* /").replacingOccurrences(of: "\n", with: " ")
    }

    static func size(of sheet: String, in output: OutputFolder) throws(GenerationError) -> (width: Int, height: Int) {
        do { return try PNGDecoder().peekSize(contentsOf: output.staging.appendingPathComponent(sheet), displayPath: sheet) } catch {
            throw .output(path: sheet, reason: "cannot read back the sheet's size (\(error.description))")
        }
    }

}
