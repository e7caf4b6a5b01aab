import EmoticonManifest
import Foundation
import Imaging
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// The chat apps' packs end to end: read as their apps read them, drawn from their own images.
struct PackLayoutRunTests {
    @Test func aPidginThemeGivesItsTabAndAReceivedOnlyTab() throws {
        let manifest = try PackRun.generate(fixtures: ["Pidgin/emotes"]).manifest
        #expect(manifest.tabs.map(\.id) == ["default", "default-received"])
        #expect(manifest.tabs.map(\.title) == ["Default", "Default (received)"])
        #expect(manifest.tabs.map { $0.displayOnly ?? false } == [false, true])
        let texts = manifest.tabs.map { tab in tab.pages.flatMap(\.buttons).compactMap(\.text) }
        #expect(texts == [[":)", ":-D", ":-(", ":-/", "O:-)", "\\m/"], ["C:-)", ":-(|)"]])
    }

    @Test func everyLayoutIsDrawnFromItsOwnImages() throws {
        // One colour per file name (Tests/EmoticonPacksTests/Fixtures/README.md): a sprite's centre pixel is its file's colour
        // (the file the 2x sprite is drawn from: 1F600@2x.png for 1F600).
        let run = try PackRun.generate(fixtures: ["Adium/Default.AdiumEmoticonset", "CodePoints/png", "Xhs"])
        let manifest = run.manifest
        #expect(manifest.tabs.map(\.title) == ["Default", "png", "kaomoji"])
        let files = [
            ["Wink.png", "Smile.png", "Angel.gif"].map { "Adium/Default.AdiumEmoticonset/\($0)" },
            ["0023-20E3.png", "00A9.png", "1F600@2x.png", "1f468-200d-1f469.png", "2764.gif"].map { "CodePoints/png/\($0)" },
            ["1807378345340.gif", "1807378345299.gif", "1807378345301.gif"].map { "Xhs/kaomoji/\($0)" },
        ]
        let buttons = manifest.tabs.map { tab in tab.pages.flatMap(\.buttons).filter { $0.text != nil } }
        #expect(buttons.map(\.count) == files.map(\.count))
        try PackRun.expectSpritesDrawn(fromFixtures: files, buttons: buttons, in: run)
        // The code-point folder's buttons insert the emoji, not "[1F600]".
        #expect(manifest.tabs[1].pages.flatMap(\.buttons).compactMap(\.text).contains("😀"))
    }
}
