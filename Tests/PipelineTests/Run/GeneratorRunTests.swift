import Checksum
import EmoticonManifest
import Foundation
import Imaging
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// End-to-end runs of the pipeline on the sample packs and on fixtures.
struct GeneratorRunTests {
    /// Every emoticon's sprite rect holds opaque pixels, everything outside the rects is
    /// transparent, and the delete icon sits in the last cell of every page.
    @Test(arguments: Manifest.SheetLayout.allCases) func sheetPixelsMatchTheManifest(sheets: Manifest.SheetLayout) throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: out, widths: [320, 414]) { $0.sheetLayout = sheets }
        let anyWidth = sheets == .anyWidth
        for width in [320, 414] {
            let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/\(width).json")))
            #expect(manifest.tabs.map(\.id) == ["faces", "emoji", "com.emokit.animals"])
            for tab in manifest.tabs {
                for page in tab.pages {
                    for scale in manifest.scales {
                        let path = page.sheets["\(scale)"]!
                        let sheet = try PNGDecoder().decode(contentsOf: out.appendingPathComponent(path)).image
                        // Any-width: 8 x 4 cells of the 32 pt icon box and 1 pt each side.
                        let (sheetWidth, sheetHeight) = anyWidth ? (8 * 34 * scale, 4 * 34 * scale) : (width * scale, 200 * scale)
                        #expect(sheet.width == sheetWidth && sheet.height == sheetHeight, "\(path)")
                        var inside = [Bool](repeating: false, count: sheet.width * sheet.height)
                        for button in page.buttons {
                            let rect = try #require(button.sprite["\(scale)"], "\(path): \(button.kind) \(button.index) has no sprite")
                            var opaque = 0
                            for y in rect.y..<(rect.y + rect.height) {
                                for x in rect.x..<(rect.x + rect.width) {
                                    inside[y * sheet.width + x] = true
                                    if sheet.pixel(x: x, y: y).a == 255 { opaque += 1 }
                                }
                            }
                            #expect(opaque > rect.width * rect.height / 8, "\(path): cell \(button.index) is nearly empty")
                            // The sprite lies inside its cell (in an any-width sheet, inside the
                            // cell's 1 pt gutter).
                            if anyWidth {
                                let (pitch, gutter) = (34 * scale, scale)
                                #expect(rect.x >= button.column * pitch + gutter && rect.x + rect.width <= (button.column + 1) * pitch - gutter)
                                #expect(rect.y >= button.row * pitch + gutter && rect.y + rect.height <= (button.row + 1) * pitch - gutter)
                            } else {
                                let cellX = Double(button.column) * manifest.grid.cellWidth * Double(scale)
                                #expect(Double(rect.x) >= cellX.rounded(.down) && Double(rect.x + rect.width) <= cellX + manifest.grid.cellWidth * Double(scale) + 1)
                            }
                        }
                        let delete = page.buttons.last!
                        #expect(delete.kind == .delete && delete.row == 3 && delete.column == 7)
                        var stray = 0
                        for i in 0..<(sheet.width * sheet.height) where !inside[i] && sheet.pixels[4 * i + 3] != 0 { stray += 1 }
                        #expect(stray == 0, "\(path): \(stray) visible pixels outside the sprite rects")
                    }
                }
            }
        }
    }

    @Test func binaryAndXMLPlistsGiveTheSameManifest() throws {
        let dir = Fixtures.temporaryDirectory()
        let source = Fixtures.conformance.appendingPathComponent("plists/weibo-valid")
        var manifests: [Data] = []
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let pack = dir.appendingPathComponent("\(format.rawValue)/weibo")
            try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".png") {
                try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: pack.appendingPathComponent(name))
            }
            let value = try PropertyListSerialization.propertyList(from: Data(contentsOf: source.appendingPathComponent("info.plist")), format: nil)
            try PropertyListSerialization.data(fromPropertyList: value, format: format, options: 0).write(to: pack.appendingPathComponent("info.plist"))
            let out = dir.appendingPathComponent("out-\(format.rawValue)")
            _ = try PipelineRun.generate([pack], out: out)
            manifests.append(try Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        }
        #expect(manifests[0] == manifests[1])
        let manifest = try Manifest.decode(manifests[0])
        #expect(manifest.tabs[0].entryCount == 12 && manifest.tabs[0].pages.count == 1)
        #expect(manifest.tabs[0].kind == .mixed)
    }

    @Test func failedRunLeavesThePreviousOutput() throws {
        let dir = Fixtures.temporaryDirectory()
        let out = dir.appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: out)
        let before = PipelineRun.digests(out)
        #expect(throws: GenerationError.self) {
            try PipelineRun.generate([Fixtures.conformance.appendingPathComponent("plists/missing-png-file")], out: out)
        }
        #expect(PipelineRun.digests(out) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "out" }
        #expect(leftovers.isEmpty, "staging folders left behind: \(leftovers)")
    }

    @Test func refusesToReplaceAForeignFolder() throws {
        let dir = Fixtures.temporaryDirectory()
        let precious = dir.appendingPathComponent("precious.txt")
        try Data("keep me".utf8).write(to: precious)
        do {
            _ = try PipelineRun.generate([Fixtures.samplePacks], out: dir)
            Issue.record("must refuse a folder emokit did not create")
        } catch {
            #expect("\(error)".contains("was not written by emokit"))
        }
        #expect(try String(contentsOf: precious, encoding: .utf8) == "keep me")
    }

    @Test func emptyPackGivesNoSheet() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let report = try PipelineRun.generate([Fixtures.conformance.appendingPathComponent("plists/empty-array")], out: out)
        #expect(report.sheetCount == 0)
        #expect(report.warnings.map(Printed.text).contains { $0.contains("0 emoticons") })
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        #expect(manifest.tabs[0].pages.isEmpty)
    }

    @Test func lenientRunSkipsBadEntriesAndNeverEscapes() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let report = try PipelineRun.generate([Fixtures.conformance.appendingPathComponent("plists/path-traversal")], out: out) { $0.lenient = true }
        #expect(report.tabs[0].entries == 1)
        #expect(report.warnings.map(Printed.text).filter { $0.contains("unsafe path") }.count == 8)
        let manifest = String(decoding: try Data(contentsOf: out.appendingPathComponent("manifests/375.json")), as: UTF8.self)
        #expect(!manifest.contains("passwd") && !manifest.contains("weibo-valid"))
    }

    @Test func variantsAreChosenPerScale() throws {
        // 1x = 32 px, @2x = 64 px, @3x = 96 px: each scale must take the variant that covers its box
        // exactly, so a 2x sheet's sprite is 64 px and a 3x sheet's 96 px wide.
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks.appendingPathComponent("faces")], out: out) { $0.scales = [1, 2, 3] }
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        let first = manifest.tabs[0].pages[0].buttons[0]
        #expect(first.sprite["1"]?.width == 32 && first.sprite["2"]?.width == 64 && first.sprite["3"]?.width == 96)
    }
}
