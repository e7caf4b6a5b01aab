import Checksum
import EmoticonManifest
import Foundation
import Imaging
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// A pack's own delete icon replaces the default in that pack's tab only.
struct DeleteIconTests {
    @Test func aPackMayBringItsOwnDeleteIcon() throws {
        let dir = Fixtures.temporaryDirectory()
        let root = dir.appendingPathComponent("packs")
        try Fixtures.copy(Fixtures.samplePacks.appendingPathComponent("faces"), to: root.appendingPathComponent("faces"))
        try Fixtures.copy(Fixtures.conformance.appendingPathComponent("plists/weibo-valid"), to: root.appendingPathComponent("weibo"))
        // A solid green 64x64 delete icon for the "weibo" pack only.
        var green = RGBAImage(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { green.setPixel(x: x, y: y, (0, 200, 0, 255)) } }
        try Data(try PNGEncoder().encode(green)).write(to: root.appendingPathComponent("weibo/delete.png"))
        let out = dir.appendingPathComponent("out")
        _ = try PipelineRun.generate([root], out: out) { $0.scales = [2] }
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        for tab in manifest.tabs {
            let page = tab.pages[0]
            let rect = try #require(page.buttons.last?.sprite["2"])
            let sheet = try PNGDecoder().decode(contentsOf: out.appendingPathComponent(page.sheets["2"]!)).image
            let centre = sheet.pixel(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
            if tab.id == "weibo" {
                #expect(centre == (0, 200, 0, 255))
            } else {
                #expect(!(centre.r == 0 && centre.g == 200 && centre.b == 0), "\(tab.id) must keep the default icon")
            }
        }
    }

    /// A plain folder's `[删除]@2x.png` (as Weibo/WeChat packs name it) is drawn as its delete
    /// key, not listed as an emoticon.
    @Test func aPlainFoldersBracketedDeleteImageIsItsDeleteKey() throws {
        let dir = Fixtures.temporaryDirectory()
        let folder = dir.appendingPathComponent("faces")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var red = RGBAImage(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { red.setPixel(x: x, y: y, (210, 0, 0, 255)) } }
        try Data(try PNGEncoder().encode(red)).write(to: folder.appendingPathComponent("smile@2x.png"))
        var blue = RGBAImage(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { blue.setPixel(x: x, y: y, (0, 0, 220, 255)) } }
        try Data(try PNGEncoder().encode(blue)).write(to: folder.appendingPathComponent("[删除]@2x.png"))
        let out = dir.appendingPathComponent("out")
        _ = try PipelineRun.generate([folder], out: out) { $0.scales = [2] }
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        let page = try #require(manifest.tabs.first?.pages.first)
        #expect(page.buttons.compactMap(\.text) == ["[smile]"])
        let rect = try #require(page.buttons.last?.sprite["2"])
        let sheet = try PNGDecoder().decode(contentsOf: out.appendingPathComponent(page.sheets["2"]!)).image
        #expect(sheet.pixel(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2) == (0, 0, 220, 255))
    }
}
