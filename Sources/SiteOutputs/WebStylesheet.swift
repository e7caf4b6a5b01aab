import EmoticonManifest
import Foundation
import TextEscaping

/// `web/emoticons.css`: one stylesheet for every screen. On the web the unit is the CSS px (a
/// point on an iPhone), so an icon is the same size whatever the window's width; what differs
/// between screens is the pixel density, which `image-set()` answers by picking the sheet of the
/// right scale. The rects are the first width's (the smallest), whose sheets hold every icon; with
/// any-width sheets every width's manifest names the same sheets and rects.
///
/// Classes: a button's `webClass` (`emk-<tab>-<name>`, see `WebClassNames`), per tab its delete
/// key (`emk-<tab>-delete`) and its tab bar icon (`emk-<tab>-icon`, the icon's whole square).
enum WebStylesheet {
    /// Paths in the stylesheet are relative to `web/`.
    static let root = "../"

    /// `versions`: each sheet's content hash, added to its URL (`?v=…`) so a CDN may cache it forever.
    static func css(_ manifest: Manifest, sizes: [String: (width: Int, height: Int)], versions: WebFileVersions = .none) -> String {
        let scales = manifest.scales.sorted()
        let prefixes = WebSpriteWriter.classPrefixes(for: manifest.tabs.map(\.id))
        let example = manifest.tabs.lazy.flatMap(\.pages).flatMap(\.buttons).first { $0.kind == .emoticon }?.webClass ?? "emk-tab-name"
        var lines = [
            "/* emokit \(manifest.generator.version): the emoticons for the web, one stylesheet for every screen, in CSS px.",
            "   Usage: <span class=\"emk \(example)\"></span>. The sheet of the screen's scale is chosen by image-set().",
            "   Each class is named after its entry (its image or text), so it stays when entries are added or moved. */",
            ".emk { display: inline-block; background-repeat: no-repeat; vertical-align: middle; }",
        ]
        var overrides: [Int: [String]] = [:]
        func rule(_ name: String, comment: String, sheets: [String: String], rects: [String: Manifest.PixelRect]) -> (lines: [String], overrides: [Int: String])? {
            Self.rule(name, comment: comment, sheets: sheets, rects: rects, scales: scales, sizes: sizes, versions: versions)
        }
        func add(_ rule: (lines: [String], overrides: [Int: String])?) {
            guard let rule else { return }
            lines += rule.lines
            for (scale, line) in rule.overrides { overrides[scale, default: []].append(line) }
        }
        for (tabIndex, tab) in manifest.tabs.enumerated() {
            var deleteDone = false
            for page in tab.pages {
                for button in page.buttons {
                    switch button.kind {
                    case .emoticon:
                        let name = button.webClass ?? "\(prefixes[tabIndex])-\(button.entry ?? button.index)"
                        add(rule(name, comment: button.text ?? button.name, sheets: page.sheets, rects: button.sprite))
                    case .delete where !deleteDone:
                        deleteDone = true
                        let name = button.webClass ?? WebClassNames.deleteClass(prefix: prefixes[tabIndex])
                        add(rule(name, comment: "delete key: \(tab.title)", sheets: page.sheets, rects: button.sprite))
                    case .delete:
                        continue
                    }
                }
            }
        }
        // Tab icons: the whole square, so every tab's button is the same size.
        for (tabIndex, tab) in manifest.tabs.enumerated() {
            guard let icon = tab.icon else { continue }
            var squares: [String: Manifest.PixelRect] = [:]
            for (key, rect) in icon.sprite { if let scale = Int(key) { squares[key] = TabIconCell.cell(of: rect, size: icon.size, scale: scale) } }
            add(rule(WebClassNames.iconClass(prefix: prefixes[tabIndex]), comment: "tab icon: \(tab.title)", sheets: icon.sheets, rects: squares))
        }
        var previous = scales[0]
        for scale in scales.dropFirst() {
            if let rules = overrides[scale] {
                // From halfway between the scales, the browser picks this scale's sheet.
                lines.append("@media (min-resolution: \(WebSpriteWriter.number(Double(previous + scale) / 2))dppx) {")
                lines += rules
                lines.append("}")
            }
            previous = scale
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One class: the rect at each scale of the sheet at each scale (`sheets`, `rects` keyed by
    /// scale), sized in CSS px; the rule itself, and per other scale the override its rounded rect
    /// needs (none where it is exactly the base scale's).
    static func rule(
        _ name: String, comment text: String, sheets: [String: String], rects: [String: Manifest.PixelRect], scales: [Int],
        sizes: [String: (width: Int, height: Int)], versions: WebFileVersions = .none
    ) -> (lines: [String], overrides: [Int: String])? {
        let number = WebSpriteWriter.number
        let base = scales[0]
        guard let baseSheet = sheets["\(base)"], let size = sizes[baseSheet], let rect = rects["\(base)"] else { return nil }
        let imageSet = scales.compactMap { scale in sheets["\(scale)"].map { "url(\"\(root)\(Escape.cssString(versions.url($0)))\") \(scale)x" } }.joined(separator: ", ")
        let b = Double(base)
        let selector = "." + name  // classes are made of CSS identifier characters only (WebClassNames)
        let lines = [
            "/* \(Escape.cssComment(text)) */",
            "\(selector) { width: \(number(Double(rect.width) / b))px; height: \(number(Double(rect.height) / b))px; "
                + "background-image: url(\"\(root)\(Escape.cssString(versions.url(baseSheet)))\"); background-image: -webkit-image-set(\(imageSet)); background-image: image-set(\(imageSet)); "
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
                "  \(selector) { width: \(number(Double(other.width) / s))px; height: \(number(Double(other.height) / s))px; "
                + "background-position: \(number(-Double(other.x) / s))px \(number(-Double(other.y) / s))px; }"
        }
        return (lines, overrides)
    }
}
