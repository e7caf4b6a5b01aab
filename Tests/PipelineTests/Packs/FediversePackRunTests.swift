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
        let run = try PackRun.generate(fixtures: ["Pleroma/emoji", "Misskey/export"]) { $0.writeWeb = true }
        let manifest = run.manifest
        // Image buttons with keywords are what the schema describes.
        let schemaCheck = try JSONSchema.check(["--schemafile", JSONSchema.schema.path, run.manifestFile.path])
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
        try PackRun.expectSpritesDrawn(fromFixtures: files, buttons: buttons, in: run)
        // The web runtime's search finds an image by a Misskey alias or a Pleroma tag (node runs
        // the generated module as an app would import it). A text is searched once, in the first
        // tab that has it, so `:blob_wave:` (Pleroma's first, without aliases) is not asked for.
        let script = """
            import { search } from \(String(reflecting: run.out.appendingPathComponent("web/emoticons.mjs").path));
            console.log(JSON.stringify(["wolf", "tag1", "tag2"].map((q) => search(q).map((r) => r.entry.text))));
            """
        let node = try Subprocess.tool("node", ["--input-type=module", "-e", script])
        #expect(node.status == 0, "\(node.stderr)")
        #expect(node.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == #"[[":awoo:"],[":happy:",":sad:"],[":happy:"]]"#)
    }
}
