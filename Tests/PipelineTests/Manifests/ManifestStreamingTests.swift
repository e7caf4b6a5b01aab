import Checksum
import EmoticonManifest
import Foundation
import Pipeline
import PipelineTestSupport
import PreviewSite
import TestSupport
import Testing
import TextEscaping

/// Manifests are written a page at a time (`PagedManifest`) so memory stays flat in the number of
/// pages. The bytes must still be exactly `JSONEncoder`'s for the whole manifest: in the file and
/// embedded in the preview page.
struct ManifestStreamingTests {
    static func streamed(_ manifest: PagedManifest) throws -> String {
        var text = ""
        try manifest.writeJSON { text += $0 }
        return text
    }

    static func encoded(_ manifest: Manifest) throws -> String {
        String(decoding: try Manifest.encoder().encode(manifest), as: UTF8.self)
    }

    /// Per-width previews embed their width's manifest; any-width previews all read one copy of
    /// the first width's (none is 375 here), `preview/keyboard-data.js`, and name their width.
    @Test(arguments: [Manifest.SheetLayout.anyWidth, .perWidth])
    func writtenFilesAreTheEncoderBytesOfTheWholeManifest(sheets: Manifest.SheetLayout) throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: out, widths: [320, 414]) {
            $0.assetCatalog = "Emoticons"
            $0.sheetLayout = sheets
        }
        let shared = out.appendingPathComponent("preview/keyboard-data.js")
        #expect(FileManager.default.fileExists(atPath: shared.path) == (sheets == .anyWidth))
        for width in [320, 414] {
            let data = try Data(contentsOf: out.appendingPathComponent("manifests/\(width).json"))
            let manifest = try Manifest.decode(data)
            #expect(manifest.tabs.count == 3 && manifest.tabs.allSatisfy { !$0.pages.isEmpty })
            #expect(data == (try manifest.jsonData()), "manifests/\(width).json")
            let html = try String(contentsOf: out.appendingPathComponent("preview/\(width).html"), encoding: .utf8)
            let script = "<script id=\"emokit-data\" type=\"application/json\">" + Escape.scriptJSON(try Self.encoded(manifest)) + "</script>"
            #expect(html.contains("<main id=\"phone\" class=\"phone\" data-width=\"\(width)\""))
            if sheets == .anyWidth {
                let version = SHA256.hexDigest(try Data(contentsOf: shared)).prefix(12)
                #expect(!html.contains("emokit-data") && html.contains("<script src=\"keyboard-data.js?v=\(version)\"></script>"), "preview/\(width).html")
                if width == 320 {
                    #expect(try String(contentsOf: shared, encoding: .utf8) == "globalThis.EMOKIT_PREVIEW_DATA = " + (try Self.encoded(manifest)) + ";\n")
                }
            } else {
                #expect(html.contains(script), "preview/\(width).html embeds the manifest")
            }
        }
    }

    /// Every page links the script, style and data it loads by a version, the first 12 hex digits
    /// of the file's SHA-256, so a CDN or browser cache can never pair a page with another run's
    /// copy of them; the index links its style the same way. The data is the manifest of 375 pt,
    /// here not the first width, and every page names its version.
    @Test(arguments: [Manifest.SheetLayout.anyWidth, .perWidth])
    func pagesLinkWhatTheyLoadByItsVersion(sheets: Manifest.SheetLayout) throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: out, widths: [320, 375, 834]) { $0.sheetLayout = sheets }
        func version(_ path: String) throws -> String { String(SHA256.hexDigest(try Data(contentsOf: out.appendingPathComponent(path))).prefix(12)) }
        var links = [
            "<link rel=\"stylesheet\" href=\"assets/preview.css?v=\(try version("preview/assets/preview.css"))\">",
            "<script src=\"assets/emoticons.js?v=\(try version("preview/assets/emoticons.js"))\"></script>",
            "<script src=\"assets/preview.js?v=\(try version("preview/assets/preview.js"))\"></script>",
        ]
        if sheets == .anyWidth { links.append("<script src=\"keyboard-data.js?v=\(try version("preview/keyboard-data.js"))\"></script>") }
        if sheets == .anyWidth {
            let manifest = try String(contentsOf: out.appendingPathComponent("manifests/375.json"), encoding: .utf8)
            #expect(try String(contentsOf: out.appendingPathComponent("preview/keyboard-data.js"), encoding: .utf8).contains(manifest.dropLast()))
        }
        for width in [320, 375, 834] {
            let html = try String(contentsOf: out.appendingPathComponent("preview/\(width).html"), encoding: .utf8)
            for link in links { #expect(html.contains(link), "preview/\(width).html: \(link)") }
            // The sheets its keyboard shows (page, skin-tone and tab icon sheets), each with its
            // version, for preview.js; and the pictures of its pages.
            let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/\(width).json")))
            var sheetPaths = Set(manifest.tabs.flatMap { tab in tab.pages.flatMap { $0.sheets.values } + (tab.icon?.sheets.values.map { $0 } ?? []) })
            sheetPaths.formUnion(manifest.tabs.flatMap { ($0.variantSheets ?? []).flatMap { $0.sheets.values } })
            let expected = try Dictionary(uniqueKeysWithValues: sheetPaths.map { ($0, try version($0)) })
            let start = try #require(html.range(of: "<script id=\"emokit-versions\" type=\"application/json\">"))
            let end = try #require(html[start.upperBound...].range(of: "</script>"))
            #expect(try JSONDecoder().decode([String: String].self, from: Data(html[start.upperBound..<end.lowerBound].utf8)) == expected)
            let largest = String(manifest.scales.max() ?? 2)
            let pages = manifest.tabs.flatMap(\.pages)
            for page in pages {
                let path = try #require(page.sheets[largest])
                #expect(html.contains("src=\"../\(path)?v=\(try version(path))\""), "preview/\(width).html shows \(path)")
            }
            #expect(html.components(separatedBy: "?v=").count == links.count + pages.count + 1, "preview/\(width).html links nothing else by version")
        }
        let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("<link rel=\"stylesheet\" href=\"preview/assets/preview.css?v=\(try version("preview/assets/preview.css"))\">"))
    }

    /// Any-width manifests written together share their pages' text (each page made once, every
    /// width filling in its own frames: `SharedPageTexts`); each must be the very file a run of
    /// its width alone writes, page made whole, in both layouts (weibo's frames snap to pixels
    /// per scale) and with skin-tone variants (the sample emoji pack's).
    @Test(arguments: [false, true])
    func sharedPagesWriteWhatEachWidthAloneWrites(weibo: Bool) throws {
        let widths = [320, 393, 834, 1366]
        let root = Fixtures.temporaryDirectory()
        let configure = { (options: inout GeneratorOptions) in
            if weibo { options.useLayout(.weibo) }
        }
        let together = root.appendingPathComponent("together")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: together, widths: widths, configure: configure)
        for width in widths {
            let alone = root.appendingPathComponent("\(width)")
            _ = try PipelineRun.generate([Fixtures.samplePacks], out: alone, widths: [width], configure: configure)
            let path = "manifests/\(width).json"
            let written = try Data(contentsOf: together.appendingPathComponent(path))
            #expect(written == (try Data(contentsOf: alone.appendingPathComponent(path))), "\(path)")
            #expect(String(decoding: written, as: UTF8.self).contains("\"variants\""))
        }
    }

    /// Edge cases the sample run does not have: a tab without pages, a page without sheets, a
    /// button without a sprite, text that JSON and the preview escape.
    @Test func edgeCasesMatchTheEncoder() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: out, widths: [375])
        var manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        var empty = manifest.tabs[0]
        empty.id = "empty"
        empty.title = "\"pages\" : [\n</script>\u{2028}"
        empty.pages = []
        manifest.tabs.insert(empty, at: 1)
        manifest.tabs[0].pages[0].sheets = [:]
        manifest.tabs[0].pages[0].buttons[0].sprite = [:]
        manifest.tabs.append(empty)
        let paged = PagedManifest(manifest)
        #expect(try Self.streamed(paged) == (try Self.encoded(manifest)))
        #expect(paged.whole() == manifest)

        // Pages made by several workers, one declined by PageJSON (a control character) and
        // left to the encoder: the same bytes.
        manifest.tabs[0].pages[0].buttons[0].name = "tab\there"
        for workers in [2, 5] {
            var text = ""
            try PagedManifest(manifest).writeJSON(workers: workers) { text += $0 }
            #expect(text == (try Self.encoded(manifest)), "\(workers) workers")
        }

        var noTabs = manifest
        noTabs.tabs = []
        #expect(try Self.streamed(PagedManifest(noTabs)) == (try Self.encoded(noTabs)))
    }
}
