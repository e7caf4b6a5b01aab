import EmoticonManifest
import Foundation
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

    @Test func writtenFilesAreTheEncoderBytesOfTheWholeManifest() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: out, widths: [320, 414]) { $0.assetCatalog = "Emoticons" }
        for width in [320, 414] {
            let data = try Data(contentsOf: out.appendingPathComponent("manifests/\(width).json"))
            let manifest = try Manifest.decode(data)
            #expect(manifest.tabs.count == 3 && manifest.tabs.allSatisfy { !$0.pages.isEmpty })
            #expect(data == (try manifest.jsonData()), "manifests/\(width).json")
            let html = try String(contentsOf: out.appendingPathComponent("preview/\(width).html"), encoding: .utf8)
            let script = "<script id=\"emokit-data\" type=\"application/json\">" + Escape.scriptJSON(try Self.encoded(manifest)) + "</script>"
            #expect(html.contains(script), "preview/\(width).html embeds the manifest")
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
