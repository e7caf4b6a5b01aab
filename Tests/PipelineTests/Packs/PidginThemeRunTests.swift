import EmoticonManifest
import Foundation
import Imaging
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// Debian's Pidgin themes end to end (`pidgin-themes`, installed by .ci/install): old themes'
/// BMP and JPEG smileys are drawn, one button per image file.
struct PidginThemeRunTests {
    static let dmogdotorg = URL(fileURLWithPath: "/usr/share/pixmaps/pidgin/emotes/dmogdotorg")

    @Test func bmpAndJPEGSmileysAreDrawnFromTheirImages() throws {
        try #require(FileManager.default.fileExists(atPath: Self.dmogdotorg.appendingPathComponent("theme").path), "install pidgin-themes (.ci/install)")
        let run = try PackRun.generate([Self.dmogdotorg]) { $0.scales = [2] }
        let manifest = run.manifest
        #expect(manifest.tabs.map(\.id) == ["dmogdotorg", "dmogdotorg-received"])
        let buttons = manifest.tabs[0].pages.flatMap { page in page.buttons.map { (page, $0) } }
        // `69.bmp` and `a.jpg` are 19x19 images without alpha: their sprites are opaque at the centre.
        for (name, text) in [("69", "(69)"), ("a", "(chara)")] {
            let (page, button) = try #require(buttons.first { $0.1.name == name }, "\(name)")
            #expect(button.text == text)
            let rect = try #require(button.sprite["2"])
            let sheet = try PNGDecoder().decode(contentsOf: run.out.appendingPathComponent(page.sheets["2"]!)).image
            #expect(sheet.pixel(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2).a == 255, "\(name)")
        }
        // xD.png is named on four lines of [default]: one button.
        #expect(buttons.filter { $0.1.name == "xD" }.count == 1)
    }
}
