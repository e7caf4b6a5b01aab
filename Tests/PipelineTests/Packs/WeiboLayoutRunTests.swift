import EmoticonManifest
import Foundation
import Imaging
import KeyboardLayout
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// `--layout weibo` end to end: golden manifests at 375 and 414 pt (per-width sheets, whose sprite
/// rects are where YYKit draws each icon), every frame and sprite checked against YYKit's formula
/// (restated in `LayoutPresetTests.weiboPixels`) in both kinds of sheet, and the sheets' pixels
/// against the manifest.
struct WeiboLayoutRunTests {
    static func run(widths: [Int], sheets: Manifest.SheetLayout = .perWidth) throws -> URL {
        let root = Fixtures.temporaryDirectory()
        try PackFixtures.weiboArrayPack(at: root.appendingPathComponent("grid"), count: 23)
        let out = root.appendingPathComponent("out")
        var options = GeneratorOptions(inputs: [root.appendingPathComponent("grid")], output: out)
        options.widths = widths
        options.useLayout(.weibo)
        options.sheetLayout = sheets
        options.writePreview = false
        _ = try Generator(options: options).run()
        return out
    }

    /// The manifest without sheet hashes (they pin PNG encoder bytes, not layout); those are
    /// checked against the files instead.
    static func layoutJSON(_ manifest: Manifest) throws -> Data {
        var copy = manifest
        for t in copy.tabs.indices { for p in copy.tabs[t].pages.indices { copy.tabs[t].pages[p].sheetHashes = [:] } }
        return try copy.jsonData()
    }

    @Test(arguments: [375, 414])
    func goldenManifest(width: Int) throws {
        let out = try Self.run(widths: [width])
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/\(width).json")))
        let produced = try Self.layoutJSON(manifest)
        try GoldenFiles.check(produced, against: "weibo-\(width).json")
    }

    @Test(arguments: [375, 414], Manifest.SheetLayout.allCases)
    func framesSpritesAndSheetsFollowTheFormula(width: Int, sheets: Manifest.SheetLayout) throws {
        let out = try Self.run(widths: [width], sheets: sheets)
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/\(width).json")))
        #expect(manifest.layout == "weibo" && manifest.scales == [2, 3])
        #expect(manifest.grid.columns == 7 && manifest.grid.rows == 3 && manifest.grid.emoticonsPerPage == 20)
        #expect(manifest.metrics.keyboardHeight == 216 && manifest.metrics.gridTop == 5 && manifest.metrics.gridHeight == 150)
        #expect(manifest.metrics.pageControlTop == 150 && manifest.metrics.tabBarHeight == 37 && manifest.metrics.tabBarTop == 179)
        let tab = try #require(manifest.tabs.first)
        #expect(tab.entryCount == 23 && tab.pages.count == 2 && tab.pages.map(\.buttons.count) == [21, 4])
        for scale in [2, 3] {
            let (left, item) = WeiboFormula.pixels(width: width, scale: scale)
            let s = Double(scale)
            let columns = try #require(manifest.grid.columnsByScale?["\(scale)"])
            #expect(abs(columns.left * s - Double(left)) < 1e-9 && abs(columns.cellWidth * s - Double(item)) < 1e-9)
            for page in tab.pages {
                let sheet = try PNGDecoder().decode(contentsOf: out.appendingPathComponent(page.sheets["\(scale)"]!)).image
                // An any-width sheet: 7 x 3 cells of the 32 pt icon box and 1 pt each side.
                let pitch = 34 * scale
                #expect(sheets == .anyWidth ? sheet.width == 7 * pitch && sheet.height == 3 * pitch : sheet.width == width * scale && sheet.height == 150 * scale)
                for button in page.buttons {
                    let frame = try #require(button.frames?["\(scale)"], "frames differ per scale at \(width) pt, so each button lists them")
                    #expect(abs(frame.x * s - Double(left + button.column * item)) < 1e-9)
                    #expect(abs(frame.width * s - Double(item)) < 1e-9 && frame.y == Double(50 * button.row) && frame.height == 50)
                    if scale == 2 { #expect(button.frame == frame, "frame is the smallest scale's") }
                    let rect = try #require(button.sprite["\(scale)"])
                    let icon = 32 * scale
                    if sheets == .anyWidth {
                        #expect(rect.x == button.column * pitch + scale && rect.y == button.row * pitch + scale && rect.width == icon)
                    } else {
                        #expect(rect.x == (2 * (left + button.column * item) + item - icon) / 2)
                        #expect(rect.y == button.row * 50 * scale + (50 * scale - icon) / 2 && rect.width == icon)
                    }
                    guard button.kind == .emoticon, let entry = button.entry else {
                        #expect(button.index == 20 && button.row == 2 && button.column == 6)
                        continue
                    }
                    // Row-major on screen, 20 a page; the icon's colour is its entry's.
                    #expect(entry == page.index * 20 + button.index && button.index == button.row * 7 + button.column)
                    let centre = sheet.pixel(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
                    let rgb = PackFixtures.colour(entry)
                    #expect(centre.a == 255 && abs(Int(centre.r) - Int(rgb.0)) <= 2 && abs(Int(centre.g) - Int(rgb.1)) <= 2)
                }
            }
        }
    }
}
