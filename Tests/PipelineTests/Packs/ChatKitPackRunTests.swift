import EmoticonManifest
import Foundation
import Imaging
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// The chat SDKs' packs end to end: ChatKit's faces, NIM's catalog (its images and its emoji), a
/// MYPEmotionKeyboard list from its asset catalog, each button drawn from its own image.
struct ChatKitPackRunTests {
    @Test func chatKitNIMAndAssetCatalogListsGiveTheirTabsTextsAndImages() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let inputs = ["Kits/ChatKit/Emoji.bundle", "Kits/NIM/NIMKitEmoticon.bundle/Emoji", "Kits/MYPEmotion"].map {
            PackLayoutRunTests.fixtures.appendingPathComponent($0)
        }
        try PipelineRun.generate(inputs, out: out) { $0.writePreview = false }
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        #expect(manifest.tabs.map(\.id) == ["Emoji.bundle", "Emoji", "MYPEmotion"])
        let buttons = manifest.tabs.map { tab in tab.pages.flatMap(\.buttons).filter { $0.kind == .emoticon } }
        #expect(
            buttons.map { $0.map(\.text) } == [
                ["[龇牙]", "[调皮]", "[偷笑]", "[擦汗]", "[流泪]"], ["[可爱]", "[大笑]", "[色]", "👍", "👎"], ["[拜拜]", "[悲伤]", "[并不简单]", "[鄙视]"],
            ])
        // NIM's unicode emoticons are emoji buttons (named from Unicode's names, as every emoji).
        #expect(buttons[1].suffix(2).map(\.codePoints) == [["1F44D"], ["1F44E"]])
        #expect(buttons[1].suffix(2).map(\.utf16Length) == [2, 2])
        // Each image button is its own file's colour (the fixtures' images are one colour each).
        let files = [
            ["Kits/ChatKit/Emoji.bundle/[龇牙]@2x.png", "Kits/ChatKit/Emoji.bundle/[调皮]@2x.png"],
            ["Kits/NIM/NIMKitEmoticon.bundle/Emoji/emoji_01@2x.png", "Kits/NIM/NIMKitEmoticon.bundle/Emoji/emoji_00@2x.png"],
            ["Kits/MYPEmotion/Images.xcassets/baibai.imageset/baibai@3x.png", "Kits/MYPEmotion/Images.xcassets/beishang.imageset/beishang@3x.png"],
        ]
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
    }
}
