import EmoticonManifest
import Foundation
import Imaging
import PipelineTestSupport
import TestSupport
import Testing

@testable import Pipeline
@testable import SiteOutputs

/// `--web`: every TexturePacker frame is the manifest's sprite rect, `meta` names the real sheet
/// and its size, multipacks link each other, and the CSS rules reproduce the rects per scale.
/// Any-width sheets (the default) have one set of atlases for every width, in `web/`; per-width
/// sheets a set per width, in `web/<width>/`.
struct WebFormatTests {
    static func run(widths: [Int], sheets: Manifest.SheetLayout = .anyWidth) throws -> URL {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: out, widths: widths) {
            $0.writeWeb = true
            $0.sheetLayout = sheets
        }
        return out
    }

    @Test(arguments: [Manifest.SheetLayout.anyWidth, .perWidth])
    func texturePackerFramesEqualTheManifestsSpriteRects(sheets: Manifest.SheetLayout) throws {
        let out = try Self.run(widths: [320, 414], sheets: sheets)
        let anyWidth = sheets == .anyWidth
        let folders = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("web").path).filter { !$0.contains(".") }
        #expect(folders.sorted() == (anyWidth ? [] : ["320", "414"]))
        for width in [320, 414] {
            let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/\(width).json")))
            // Any-width: every width's manifest has the same sprites, so the one set is each width's.
            let folder = out.appendingPathComponent(anyWidth ? "web" : "web/\(width)")
            let root = anyWidth ? "../" : "../../"
            for scale in manifest.scales {
                var files: [String] = []
                var keys = Set<String>()
                for tab in manifest.tabs {
                    for page in tab.pages {
                        let name = "\(tab.id)-page-\(String(format: "%03d", page.index))@\(scale)x.json"
                        files.append(name)
                        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))) as? [String: Any])
                        let meta = try #require(json["meta"] as? [String: Any])
                        let sheet = try #require(page.sheets["\(scale)"])
                        #expect(meta["image"] as? String == root + sheet)
                        #expect(folder.appendingPathComponent(meta["image"] as! String).standardizedFileURL.path == out.appendingPathComponent(sheet).standardizedFileURL.path)
                        let size = try PNGDecoder().peekSize(contentsOf: out.appendingPathComponent(sheet))
                        #expect(meta["size"] as? [String: Int] == ["w": size.width, "h": size.height])
                        #expect(meta["scale"] as? String == "\(scale)" && meta["format"] as? String == "RGBA8888" && meta["app"] as? String == "emokit")
                        let frames = try #require(json["frames"] as? [String: [String: Any]])
                        let emoticons = page.buttons.filter { $0.kind == .emoticon && $0.sprite["\(scale)"] != nil }
                        // The delete key has a frame too: `<tab>/delete` on the first page, `~<page>` after.
                        let delete = try #require(page.buttons.last { $0.kind == .delete }?.sprite["\(scale)"])
                        let deleteKey = page.index == 0 ? "\(tab.id)/delete" : "\(tab.id)/delete~\(page.index)"
                        #expect(frames[deleteKey]?["frame"] as? [String: Int] == ["x": delete.x, "y": delete.y, "w": delete.width, "h": delete.height])
                        #expect(keys.insert(deleteKey).inserted)
                        #expect(frames.count == emoticons.count + 1)
                        for button in emoticons {
                            // The first emoticon of a name has the plain key; a repeated name adds its entry.
                            var key = "\(tab.id)/\(button.name)"
                            if keys.contains(key) { key += "~\(button.entry!)" }
                            let frame = try #require(frames[key], "\(key) missing")
                            let rect = button.sprite["\(scale)"]!
                            #expect(frame["frame"] as? [String: Int] == ["x": rect.x, "y": rect.y, "w": rect.width, "h": rect.height])
                            #expect(frame["spriteSourceSize"] as? [String: Int] == ["x": 0, "y": 0, "w": rect.width, "h": rect.height])
                            #expect(frame["sourceSize"] as? [String: Int] == ["w": rect.width, "h": rect.height])
                            #expect(frame["rotated"] as? Bool == false && frame["trimmed"] as? Bool == false)
                            #expect(keys.insert(key).inserted, "frame key \(key) used twice in one multipack")
                        }
                    }
                }
                // The tab icon strip: a frame per tab, the icon's pixels in its whole square.
                let iconAtlas = "tab-icons@\(scale)x.json"
                files.append(iconAtlas)
                let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(iconAtlas))) as? [String: Any])
                #expect((json["meta"] as? [String: Any])?["image"] as? String == root + "sheets/tab-icons@\(scale)x.png")
                let strip = try PNGDecoder().peekSize(contentsOf: out.appendingPathComponent("sheets/tab-icons@\(scale)x.png"))
                #expect((json["meta"] as? [String: Any])?["size"] as? [String: Int] == ["w": strip.width, "h": strip.height])
                let frames = try #require(json["frames"] as? [String: [String: Any]])
                #expect(frames.count == manifest.tabs.count)
                for (index, tab) in manifest.tabs.enumerated() {
                    let frame = try #require(frames["\(tab.id)/tab-icon"], "\(tab.id)/tab-icon missing")
                    let rect = tab.icon!.sprite["\(scale)"]!
                    let box = 24 * scale
                    #expect(frame["frame"] as? [String: Int] == ["x": rect.x, "y": rect.y, "w": rect.width, "h": rect.height])
                    #expect(frame["sourceSize"] as? [String: Int] == ["w": box, "h": box])
                    #expect(frame["spriteSourceSize"] as? [String: Int] == ["x": rect.x - index * box, "y": rect.y, "w": rect.width, "h": rect.height])
                    #expect(frame["trimmed"] as? Bool == (rect.width != box || rect.height != box))
                }
                // Each sheet's JSON lists all the others of its width and scale.
                for name in files {
                    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))) as? [String: Any]
                    let related = (json?["meta"] as? [String: Any])?["related_multi_packs"] as? [String]
                    #expect(related == files.filter { $0 != name })
                }
            }
            let listed = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix("x.json") }
            #expect(listed.count == (manifest.tabs.reduce(0) { $0 + $1.pages.count } + 1) * manifest.scales.count)
        }
    }

    /// Reads the CSS back: each emoticon's base rule, under the class the manifest records, is its
    /// rect at the smallest scale in CSS px, and the 3x override (where present) is its 3x rect,
    /// so the icon is exact at both. One stylesheet for every width: the smallest width's sheets.
    /// In an any-width sheet every icon sits at the same place in points at both scales (its cell
    /// is a whole number of points), so no rule needs a 3x override.
    /// A sheet's URL in the web outputs: its path and its content's version.
    func versioned(_ path: String, _ out: URL) throws -> String {
        "\(path)?v=\(WebFileVersions.version(of: try Data(contentsOf: out.appendingPathComponent(path))))"
    }

    @Test(arguments: [Manifest.SheetLayout.anyWidth, .perWidth])
    func cssRulesReproduceTheRectsAtEachScale(sheets: Manifest.SheetLayout) throws {
        let out = try Self.run(widths: [375, 414], sheets: sheets)
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("web/375/emoticons.css").path))
        let css = try String(contentsOf: out.appendingPathComponent("web/emoticons.css"), encoding: .utf8)
        let parts = css.components(separatedBy: "@media (min-resolution: 2.5dppx) {") + (sheets == .anyWidth ? [""] : [])
        #expect(parts.count == 2)
        func rules(_ text: String) -> [String: [String: String]] {
            var result: [String: [String: String]] = [:]
            for line in text.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix(".emk-") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                let name = String(trimmed.dropFirst().prefix { $0 != " " })
                let body = trimmed.drop { $0 != "{" }.dropFirst().dropLast()
                var declarations: [String: String] = [:]
                for declaration in body.split(separator: ";") {
                    let pair = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    if pair.count == 2 { declarations[pair[0]] = pair[1] }
                }
                result[name] = declarations
            }
            return result
        }
        let base = rules(parts[0]), retina = rules(parts[1])
        func px(_ value: Int, _ scale: Int) -> String { WebSpriteWriter.number(Double(value) / Double(scale)) + "px" }
        var checked = 0, overridden = 0
        for (tabIndex, tab) in manifest.tabs.enumerated() {
            let prefix = WebSpriteWriter.classPrefixes(for: manifest.tabs.map(\.id))[tabIndex]
            for page in tab.pages {
                for button in page.buttons where button.kind == .emoticon || page.index == 0 {
                    let name = try #require(button.webClass)
                    #expect(name.hasPrefix(prefix + "-"))
                    let rule = try #require(base[name], "\(name) missing")
                    let r2 = button.sprite["2"]!, r3 = button.sprite["3"]!
                    #expect(rule["width"] == px(r2.width, 2) && rule["height"] == px(r2.height, 2))
                    #expect(rule["background-position"] == "-\(px(r2.x, 2)) -\(px(r2.y, 2))".replacingOccurrences(of: "-0px", with: "0px"))
                    let sheet = try PNGDecoder().peekSize(contentsOf: out.appendingPathComponent(page.sheets["2"]!))
                    #expect(rule["background-size"] == "\(px(sheet.width, 2)) \(px(sheet.height, 2))")
                    #expect(sheets == .anyWidth ? sheet.width == 8 * 68 && sheet.height == 4 * 68 : sheet.width == 750 && sheet.height == 400)
                    #expect(
                        rule["background-image"]?.hasPrefix(
                            "image-set(url(\"../\(try versioned(page.sheets["2"]!, out))\") 2x, url(\"../\(try versioned(page.sheets["3"]!, out))\") 3x)") == true)
                    if let override = retina[name] {
                        #expect(override["background-position"] == "-\(px(r3.x, 3)) -\(px(r3.y, 3))")
                        #expect(override["width"] == px(r3.width, 3) && override["height"] == px(r3.height, 3))
                        overridden += 1
                    } else {
                        #expect(r3.x * 2 == r2.x * 3 && r3.y * 2 == r2.y * 3 && r3.width * 2 == r2.width * 3 && r3.height * 2 == r2.height * 3)
                    }
                    if button.kind == .emoticon { checked += 1 }
                }
            }
        }
        #expect(checked == manifest.tabs.reduce(0) { $0 + $1.entryCount })
        #expect(sheets == .anyWidth ? overridden == 0 : overridden > 0)
        // Each tab's icon class: its 24 pt square in the strip (exact at 3x: no override).
        for (tabIndex, tab) in manifest.tabs.enumerated() {
            let name = WebClassNames.iconClass(prefix: WebSpriteWriter.classPrefixes(for: manifest.tabs.map(\.id))[tabIndex])
            let rule = try #require(base[name], "\(name) missing")
            #expect(rule["width"] == "24px" && rule["height"] == "24px")
            #expect(rule["background-position"] == (tabIndex == 0 ? "0px 0px" : "-\(tabIndex * 24)px 0px"))
            #expect(rule["background-size"] == "\(24 * manifest.tabs.count)px 24px")
            #expect(
                rule["background-image"]
                    == "image-set(url(\"../\(try versioned(tab.icon!.sheets["2"]!, out))\") 2x, url(\"../\(try versioned(tab.icon!.sheets["3"]!, out))\") 3x)")
            #expect(retina[name] == nil)
        }
    }

    /// A sheet's URL in the stylesheet and the runtime changes when its bytes change, and only
    /// then: a second run gives the same URLs, and a run with one picture changed changes the URLs
    /// of exactly the sheets whose bytes changed (so a CDN may cache them forever).
    @Test func sheetURLsChangeIfAndOnlyIfTheSheetsBytesChange() throws {
        let root = Fixtures.temporaryDirectory()
        let pack = root.appendingPathComponent("packs/faces")
        try PackFixtures.weiboArrayPack(at: pack, count: 40)
        func run(_ name: String) throws -> (out: URL, urls: [String: String]) {
            let out = root.appendingPathComponent(name)
            _ = try PipelineRun.generate([pack], out: out) { $0.writeWeb = true }
            var urls: [String: String] = [:]
            for file in ["web/emoticons.css", "web/emoticons.js"] {
                let text = try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)
                for match in text.matches(of: /\.\.\/([a-z0-9_\/@.-]+\.(?:png|gif))\?v=([0-9a-f]{12})/) {
                    let path = String(match.output.1), version = String(match.output.2)
                    #expect(urls[path] == nil || urls[path] == version, "\(path) has two versions")
                    urls[path] = version
                    #expect(version == WebFileVersions.version(of: try Data(contentsOf: out.appendingPathComponent(path))))
                }
            }
            return (out, urls)
        }
        let first = try run("one"), again = try run("two")
        #expect(first.urls.count >= 4 && first.urls == again.urls)
        // One picture on the second page changes.
        try PackFixtures.writePNG(PackFixtures.icon(size: 64, (250, 10, 10)), to: pack.appendingPathComponent("e35@2x.png"))
        let changed = try run("three")
        #expect(Set(changed.urls.keys) == Set(first.urls.keys))
        let bytesChanged = Set(
            try first.urls.keys.filter {
                try Data(contentsOf: first.out.appendingPathComponent($0)) != Data(contentsOf: changed.out.appendingPathComponent($0))
            })
        let urlsChanged = Set(first.urls.keys.filter { first.urls[$0] != changed.urls[$0] })
        #expect(!bytesChanged.isEmpty && urlsChanged == bytesChanged)
        #expect(urlsChanged.allSatisfy { $0.contains("page-001") })
    }

    /// An entry's text in a stylesheet comment cannot end the comment, whatever follows its `*/`
    /// (a combining mark makes `/` and the mark one Swift character): the rest stays a comment.
    @Test func entryTextInACommentCannotEndIt() throws {
        for mark in ["\u{301}", "\u{20DD}", "\u{0903}", "\u{200D}", "\u{FE0F}", "\u{1F3FD}", "\u{1161}", "\r\n"] {
            let text = "[a*/" + mark + " .emk { display: none } /*]"
            let rule = try #require(
                WebStylesheet.rule(
                    "emk-t-a", comment: text, sheets: ["2": "sheets/t/page-000@2x.png"], rects: ["2": .init(x: 0, y: 0, width: 64, height: 64)],
                    scales: [2], sizes: ["sheets/t/page-000@2x.png": (width: 128, height: 128)]))
            let comment = rule.lines[0]
            #expect(comment.hasPrefix("/* ") && comment.hasSuffix(" */") && !comment.contains("\n"))
            let scalars = Array(comment.unicodeScalars)
            let closings = scalars.indices.dropLast().filter { scalars[$0] == "*" && scalars[$0 + 1] == "/" }
            #expect(closings == [scalars.count - 2], "\(scalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func classPrefixesAreSafeAndUnique() {
        #expect(
            WebSpriteWriter.classPrefixes(for: ["faces", "com.emokit.animals", "com-emokit-animals", "表情", "xn--"]) == [
                "emk-faces", "emk-com-emokit-animals-d542de", "emk-com-emokit-animals-d62d8e", "emk-tab", "emk-xn",
            ])
        #expect(WebSpriteWriter.number(7) == "7" && WebSpriteWriter.number(-7.333333333) == "-7.333333" && WebSpriteWriter.number(31.5) == "31.5")
    }
}
