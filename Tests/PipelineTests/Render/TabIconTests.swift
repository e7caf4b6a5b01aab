import EmoticonManifest
import Foundation
import Imaging
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// Every tab gets an icon for the tab bar: the pack's `icon.png` when it has one, else its first
/// emoticon, drawn into one strip per scale with its sprite rect in the manifest. Before, tabs had
/// only titles and `tabs[].icon` did not exist.
struct TabIconTests {
    static let samples = Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks")

    @Test func everyTabHasAnIconFromItsFirstEmoticonDrawnInTheStrip() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        var options = GeneratorOptions(inputs: [Self.samples], output: out)
        options.widths = [375]
        options.writePreview = false
        _ = try Generator(options: options).run()
        let manifest = try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        for scale in [2, 3] {
            let strip = try PNGDecoder().decode(contentsOf: out.appendingPathComponent("sheets/tab-icons@\(scale)x.png")).image
            #expect(strip.width == 24 * scale * manifest.tabs.count && strip.height == 24 * scale)
            for (index, tab) in manifest.tabs.enumerated() {
                let icon = try #require(tab.icon, "\(tab.id) has no icon")
                #expect(icon.source == .firstEmoticon && icon.size == 24 && icon.sheets["\(scale)"] == "sheets/tab-icons@\(scale)x.png")
                let rect = try #require(icon.sprite["\(scale)"])
                // Inside the tab's own square, centred, and not empty.
                #expect(rect.x >= index * 24 * scale && rect.x + rect.width <= (index + 1) * 24 * scale)
                #expect(rect.width == 24 * scale || rect.height == 24 * scale)
                var opaque = 0
                for y in rect.y..<(rect.y + rect.height) { for x in rect.x..<(rect.x + rect.width) where strip.pixel(x: x, y: y).a > 128 { opaque += 1 } }
                #expect(opaque > rect.width * rect.height / 4, "\(tab.id) @\(scale)x icon is nearly empty")
            }
        }
    }

    @Test func aPacksIconPngWinsAndABadOneNamesThePack() throws {
        let dir = Fixtures.temporaryDirectory()
        let pack = dir.appendingPathComponent("cats")
        try WeiboPackFixtures.makePack(pack, entries: [WeiboPackFixtures.entry("[猫]", "cat.png")], images: ["cat.png"])
        var green = RGBAImage(width: 48, height: 48)
        for y in 0..<48 { for x in 0..<48 { green.setPixel(x: x, y: y, (0, 200, 0, 255)) } }
        try Data(PNGEncoder().encode(green)).write(to: pack.appendingPathComponent("icon@2x.png"))
        let out = dir.appendingPathComponent("out")
        var options = GeneratorOptions(inputs: [pack], output: out)
        options.widths = [375]
        options.scales = [2]
        options.writePreview = false
        _ = try Generator(options: options).run()
        let manifest = try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        let icon = try #require(manifest.tabs[0].icon)
        #expect(icon.source == .iconFile && icon.sprite["2"] == Manifest.PixelRect(x: 0, y: 0, width: 48, height: 48))
        let strip = try PNGDecoder().decode(contentsOf: out.appendingPathComponent("sheets/tab-icons@2x.png")).image
        #expect(strip.pixel(x: 24, y: 24) == (0, 200, 0, 255))
        // A damaged icon.png stops the run, naming the pack's tab icon.
        try Data("not a png".utf8).write(to: pack.appendingPathComponent("icon@2x.png"))
        do {
            _ = try Generator(options: options).run()
            Issue.record("a damaged icon.png must be refused")
        } catch {
            let lines = error.diagnostics(.error).map(Printed.text)
            #expect(lines.count == 1 && lines[0].hasPrefix("cats: tab icon: cats/icon@2x.png: "), "\(lines)")
        }
    }
}
