import EmoticonManifest
import Foundation
import Imaging
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// The fediverse's packs end to end: `:shortcode:` buttons drawn from their own images, a tab per
/// Misskey category, tags and aliases as the buttons' keywords.
struct FediversePackRunTests {
    @Test func pleromaAndMisskeyPacksGiveTheirTabsTextsKeywordsAndImages() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let inputs = ["Pleroma/emoji", "Misskey/export"].map { PackLayoutRunTests.fixtures.appendingPathComponent($0) }
        try PipelineRun.generate(inputs, out: out) {
            $0.writePreview = false
            $0.writeWeb = true
        }
        let manifestFile = out.appendingPathComponent("manifests/375.json")
        let manifest = try Manifest.decode(try Data(contentsOf: manifestFile))
        // Image buttons with keywords are what the schema describes.
        let schemaCheck = try JSONSchema.check(["--schemafile", JSONSchema.schema.path, manifestFile.path])
        #expect(schemaCheck.status == 0, "\(schemaCheck.output)")
        #expect(manifest.tabs.map(\.id) == ["blobs", "custom", "export-Animals", "export-Blobs", "export"])
        #expect(manifest.tabs.map(\.title) == ["blobs", "custom", "Animals", "Blobs", "export"])
        let buttons = manifest.tabs.map { tab in tab.pages.flatMap(\.buttons).filter { $0.text != nil } }
        #expect(
            buttons.map { $0.map(\.text) } == [
                [":Blobfox:", ":blob-heart:", ":blob_wave:", ":blobcat:"], [":angel:", ":happy:", ":sad:"], [":awoo:"], [":blob_wave:", ":blobcat:"],
                [":misskey:"],
            ])
        #expect(buttons[1].map(\.keywords) == [nil, ["Tag1", "Tag2"], ["Tag1"]])
        #expect(buttons[3].map(\.keywords) == [["wave", "hello"], ["cat", "blob"]])
        // Each sprite is its own file's colour (the fixtures' images are one colour each).
        let files =
            [
                ["blobs/blobfox.png", "blobs/blob-heart.png", "blobs/animated/blob_wave.gif", "blobs/blobcat.png"],
                ["custom/angel.png", "custom/happy.png", "custom/sad.png"],
            ].map { $0.map { "Pleroma/emoji/\($0)" } } + [["awoo.png"], ["blob_wave.gif", "blobcat.png"], ["misskey.png"]].map { $0.map { "Misskey/export/\($0)" } }
        for (tab, (tabButtons, tabFiles)) in zip(manifest.tabs, zip(buttons, files)) {
            for (button, file) in zip(tabButtons, tabFiles) {
                guard let rect = button.sprite["2"], let page = tab.pages.first(where: { $0.buttons.contains(button) }), let sheet = page.sheets["2"] else {
                    Issue.record("no 2x sprite for \(file)")
                    continue
                }
                let image = try PNGDecoder().decode(contentsOf: out.appendingPathComponent(sheet)).image
                let pixel = image.pixel(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
                let source = try PackLayoutRunTests.firstPixel(of: PackLayoutRunTests.fixtures.appendingPathComponent(file))
                #expect(pixel.r == source.r && pixel.g == source.g && pixel.b == source.b, "\(tab.id) \(file)")
            }
        }
        // The web runtime's search finds an image by a Misskey alias or a Pleroma tag (node runs
        // the generated module as an app would import it). A text is searched once, in the first
        // tab that has it, so `:blob_wave:` (Pleroma's first, without aliases) is not asked for.
        let script = """
            import { search } from \(String(reflecting: out.appendingPathComponent("web/emoticons.mjs").path));
            console.log(JSON.stringify(["wolf", "tag1", "tag2"].map((q) => search(q).map((r) => r.entry.text))));
            """
        let node = try Subprocess.tool("node", ["--input-type=module", "-e", script])
        #expect(node.status == 0, "\(node.stderr)")
        #expect(node.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == #"[[":awoo:"],[":happy:",":sad:"],[":happy:"]]"#)
    }
}
