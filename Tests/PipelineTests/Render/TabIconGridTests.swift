import EmoticonManifest
import Foundation
import Imaging
import PipelineTestSupport
import TestSupport
import Testing

@testable import Pipeline

/// The tab icon sheets are bounded (issue 26): 120 tabs made `tab-icons@3x.png` 8640 px wide,
/// which emokit's own reader then refused, so `--xcassets` and `--web` failed with exit 3 after
/// every page had rendered; 10,000 tabs made one 480000x48 px strip, held whole.
struct TabIconGridTests {
    /// `count` one-emoticon packs, each its own colour, in a folder of packs.
    static func packs(_ count: Int, in dir: URL) throws -> URL {
        let root = dir.appendingPathComponent("packs")
        for index in 0..<count {
            let pack = root.appendingPathComponent(String(format: "p%04d", index))
            try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
            var image = RGBAImage(width: 72, height: 72)
            for y in 0..<72 { for x in 0..<72 { image.setPixel(x: x, y: y, (UInt8(index % 251), UInt8(index / 251), 200, 255)) } }
            try Data(PNGEncoder().encode(image)).write(to: pack.appendingPathComponent("a.png"))
            try PropertyListSerialization.data(fromPropertyList: [["chs": "[a]", "png": "a.png", "type": "0"]], format: .binary, options: 0)
                .write(to: pack.appendingPathComponent("info.plist"))
        }
        return root
    }

    @Test func manyTabsFitSheetsEmokitReadsBackForEveryFormat() throws {
        let dir = Fixtures.temporaryDirectory()
        let out = dir.appendingPathComponent("out")
        _ = try PipelineRun.generate([try Self.packs(120, in: dir)], out: out) {
            $0.scales = [3]
            $0.writePreview = false
            $0.assetCatalog = "Icons"
            $0.writeWeb = true
        }
        let manifest = try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        // Read back with the default limits (8192 px a side), as the writers do.
        let sheet = try PNGDecoder().decode(contentsOf: out.appendingPathComponent("sheets/tab-icons@3x.png")).image
        #expect(sheet.width == 32 * 72 && sheet.height == 4 * 72)
        for (index, tab) in manifest.tabs.enumerated() {
            let icon = try #require(tab.icon)
            #expect(icon.sheets["3"] == "sheets/tab-icons@3x.png")
            let rect = try #require(icon.sprite["3"])
            #expect(rect == Manifest.PixelRect(x: index % 32 * 72, y: index / 32 * 72, width: 72, height: 72))
            // The tab's own colour at its square's centre, in the sheet and in the asset catalog.
            let colour = (UInt8(index % 251), UInt8(index / 251), UInt8(200), UInt8(255))
            #expect(sheet.pixel(x: rect.x + 36, y: rect.y + 36) == colour)
            let set = out.appendingPathComponent("Icons.xcassets/\(try #require(icon.imageSet)).imageset/tab-icon@3x.png")
            #expect(try PNGDecoder().decode(contentsOf: set).image.pixel(x: 36, y: 36) == colour)
        }
        let atlas = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("web/tab-icons@3x.json"))) as? [String: Any]
        #expect((atlas?["frames"] as? [String: Any])?.count == 120)
    }

    /// Past 512 tabs, further sheets; each tab's `sheets` names the one that holds it (an
    /// additive change: one sheet per scale up to 512 tabs, as before).
    @Test func gridPlacesTabsOnBoundedSheets() {
        let grid = TabIconGrid(count: 10_000)
        #expect(grid.sheetCount == 20)
        #expect(grid.size(ofSheet: 0) == (32, 16))
        #expect(grid.size(ofSheet: 19) == (32, 9))  // 10,000 - 19 x 512 = 272 tabs: 9 rows
        #expect(grid.cell(of: 0) == (0, 0, 0) && grid.cell(of: 33) == (0, 1, 1) && grid.cell(of: 512) == (1, 0, 0))
        #expect(TabIconGrid.sheetPath(0, scale: 2) == "sheets/tab-icons@2x.png" && TabIconGrid.sheetPath(1, scale: 2) == "sheets/tab-icons-2@2x.png")
        // Up to 32 tabs: the one-row strip emokit always wrote.
        #expect(TabIconGrid(count: 5).size(ofSheet: 0) == (5, 1))
    }

    @Test func aSecondSheetIsWrittenAndDescribedForTheWeb() throws {
        let dir = Fixtures.temporaryDirectory()
        let out = dir.appendingPathComponent("out")
        _ = try PipelineRun.generate([try Self.packs(515, in: dir)], out: out) {
            $0.scales = [1]
            $0.writePreview = false
            $0.writeWeb = true
        }
        let manifest = try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        #expect(manifest.tabs[511].icon?.sheets["1"] == "sheets/tab-icons@1x.png")
        #expect(manifest.tabs[512].icon?.sheets["1"] == "sheets/tab-icons-2@1x.png")
        #expect(manifest.tabs[514].icon?.sprite["1"] == Manifest.PixelRect(x: 48, y: 0, width: 24, height: 24))
        let second = try PNGDecoder().decode(contentsOf: out.appendingPathComponent("sheets/tab-icons-2@1x.png")).image
        #expect(second.width == 3 * 24 && second.height == 24)
        #expect(second.pixel(x: 60, y: 12) == (UInt8(514 % 251), UInt8(514 / 251), 200, 255))
        let atlas = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("web/tab-icons-2@1x.json"))) as? [String: Any]
        #expect((atlas?["frames"] as? [String: Any])?.count == 3)
    }
}
