import EmoticonManifest
import Foundation
import Imaging
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// The chat apps' packs end to end: read as their apps read them, drawn from their own images.
struct PackLayoutRunTests {
    static let fixtures = Fixtures.packageRoot.appendingPathComponent("Tests/EmoticonPacksTests/Fixtures")

    func manifest(_ inputs: [String], _ name: String = #function) throws -> (Manifest, URL) {
        let out = Fixtures.temporaryDirectory(name).appendingPathComponent("out")
        try PipelineRun.generate(inputs.map { Self.fixtures.appendingPathComponent($0) }, out: out) { $0.writePreview = false }
        return (try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/375.json"))), out)
    }

    @Test func aPidginThemeGivesItsTabAndAReceivedOnlyTab() throws {
        let (manifest, _) = try manifest(["Pidgin/emotes"])
        #expect(manifest.tabs.map(\.id) == ["default", "default-received"])
        #expect(manifest.tabs.map(\.title) == ["Default", "Default (received)"])
        #expect(manifest.tabs.map { $0.displayOnly ?? false } == [false, true])
        let texts = manifest.tabs.map { tab in tab.pages.flatMap(\.buttons).compactMap(\.text) }
        #expect(texts == [[":)", ":-D", ":-(", ":-/", "O:-)", "\\m/"], ["C:-)", ":-(|)"]])
    }

    @Test func everyLayoutIsDrawnFromItsOwnImages() throws {
        // One colour per file name (Tests/EmoticonPacksTests/Fixtures/README.md): a sprite's centre pixel is its file's colour
        // (the file the 2x sprite is drawn from: 1F600@2x.png for 1F600).
        let (manifest, out) = try manifest(["Adium/Default.AdiumEmoticonset", "CodePoints/png", "Xhs"])
        #expect(manifest.tabs.map(\.title) == ["Default", "png", "kaomoji"])
        let decoder = PNGDecoder()
        for (tab, files) in zip(
            manifest.tabs,
            [
                ["Wink.png", "Smile.png", "Angel.gif"], ["0023-20E3.png", "00A9.png", "1F600@2x.png", "1f468-200d-1f469.png", "2764.gif"],
                ["1807378345340.gif", "1807378345299.gif", "1807378345301.gif"],
            ])
        {
            let buttons = tab.pages.flatMap(\.buttons).filter { $0.text != nil }
            #expect(buttons.count == files.count)
            for (button, file) in zip(buttons, files) {
                guard let rect = button.sprite["2"], let page = tab.pages.first(where: { $0.buttons.contains(button) }), let sheet = page.sheets["2"] else {
                    Issue.record("no 2x sprite for \(file)")
                    continue
                }
                let image = try decoder.decode(contentsOf: out.appendingPathComponent(sheet)).image
                let pixel = image.pixel(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
                let source = try Self.firstPixel(of: Self.folder(of: tab.title).appendingPathComponent(file))
                #expect(pixel.r == source.r && pixel.g == source.g && pixel.b == source.b, "\(tab.title) \(file)")
            }
        }
        // The code-point folder's buttons insert the emoji, not "[1F600]".
        #expect(manifest.tabs[1].pages.flatMap(\.buttons).compactMap(\.text).contains("😀"))
    }

    static func folder(of title: String) -> URL {
        switch title {
        case "Default": return fixtures.appendingPathComponent("Adium/Default.AdiumEmoticonset")
        case "png": return fixtures.appendingPathComponent("CodePoints/png")
        default: return fixtures.appendingPathComponent("Xhs/kaomoji")
        }
    }

    /// The colour of a fixture image (each is one colour; a GIF's first frame).
    static func firstPixel(of url: URL) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        if url.pathExtension == "gif" { return try GIFDecoder().decode(contentsOf: url).firstFrame.pixel(x: 0, y: 0) }
        return try PNGDecoder().decode(contentsOf: url).image.pixel(x: 0, y: 0)
    }
}
