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
        let run = try PackRun.generate(fixtures: ["Kits/ChatKit/Emoji.bundle", "Kits/NIM/NIMKitEmoticon.bundle/Emoji", "Kits/MYPEmotion"])
        let manifest = run.manifest
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
        try PackRun.expectSpritesDrawn(fromFixtures: files, buttons: buttons, in: run)
    }
}
