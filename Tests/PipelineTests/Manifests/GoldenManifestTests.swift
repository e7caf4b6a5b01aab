import Checksum
import EmojiGlyphs
import EmoticonManifest
import Foundation
import Imaging
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// The sample packs at 375 pt, with any-width sheets (the default) and per-width sheets: the
/// manifest against a golden file (layout only), every frame and sprite rect against the classic
/// layout's formulas restated here (not read back from KeyboardLayout), and the sheets as decoded
/// pixels against a golden list (PNG bytes vary with the zlib build).
struct GoldenManifestTests {
    static let width = 375

    @Test(arguments: Manifest.SheetLayout.allCases) func goldenManifestAt375(sheets: Manifest.SheetLayout) throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: out, widths: [Self.width]) { $0.sheetLayout = sheets }
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/\(Self.width).json")))
        #expect(manifest.schemaVersion == (sheets == .anyWidth ? 2 : 1))
        #expect(manifest.sheetLayout == (sheets == .anyWidth ? .anyWidth : nil))
        try Self.checkGeometry(manifest)

        // Sheets: their decoded pixels, one line per sheet; and each manifest hash names its file.
        var lines: [String] = []
        for tab in manifest.tabs {
            for page in tab.pages {
                for scale in manifest.scales {
                    let path = try #require(page.sheets["\(scale)"])
                    let bytes = [UInt8](try Data(contentsOf: out.appendingPathComponent(path)))
                    #expect(SHA256.hexDigest(bytes) == page.sheetHashes["\(scale)"], "\(path): sheetHashes must be the file's SHA-256")
                    let image = try PNGDecoder().decode(Data(bytes), path: path).image
                    lines.append("\(path)\t\(image.width)x\(image.height)\t\(SHA256.hexDigest(image.pixels))")
                }
            }
        }
        let prefix = sheets == .anyWidth ? "any-width-" : ""
        try GoldenFiles.check(try GoldenFiles.layoutJSON(manifest), against: "\(prefix)375.json")
        try GoldenFiles.check(Data((lines.joined(separator: "\n") + "\n").utf8), against: "\(prefix)375-sheet-pixels.tsv")
    }

    /// The classic layout: 8 x 4 cells of `W/8` x 50 pt; 31 emoticons a page in row-major order
    /// and the delete button in the last cell of every page; each icon fitted to a `32*S` px
    /// square. In a per-width sheet it is placed at `x = floor(((2c+1)*W*S/8 - w)/2)`,
    /// `y = row*50*S + floor((50*S - h)/2)`; in an any-width sheet, in cells of `34*S` px (the
    /// box and 1 pt each side), at `x = c*34*S + (34*S - w)/2`, `y = row*34*S + (34*S - h)/2`.
    static func checkGeometry(_ manifest: Manifest) throws {
        let w = Double(manifest.screenWidth)
        #expect(manifest.grid.cellWidth == w / 8 && manifest.grid.cellHeight == 50 && manifest.grid.emoticonsPerPage == 31)
        let font = try ColorEmojiFont.locateDefault()
        for tab in manifest.tabs {
            #expect(tab.pages.count == (tab.entryCount + 30) / 31, "\(tab.id): ceil(n/31) pages")
            for page in tab.pages {
                let onPage = min(31, tab.entryCount - page.index * 31)
                #expect(page.buttons.count == onPage + 1, "\(tab.id) page \(page.index)")
                for (position, button) in page.buttons.enumerated() {
                    let isDelete = position == page.buttons.count - 1
                    let cell = isDelete ? 31 : position
                    let (row, column) = (cell / 8, cell % 8)
                    let label = "\(tab.id) page \(page.index) cell \(cell)"
                    #expect(button.kind == (isDelete ? .delete : .emoticon), "\(label)")
                    #expect(button.index == cell && button.row == row && button.column == column, "\(label)")
                    #expect(button.entry == (isDelete ? nil : page.index * 31 + cell), "\(label)")
                    #expect(button.frame == Manifest.Rect(x: Double(column) * w / 8, y: Double(row) * 50, width: w / 8, height: 50), "\(label)")
                    for scale in manifest.scales {
                        let s = Double(scale), box = 32 * scale
                        // The fitted icon: the sample artwork and delete icon are square; an emoji
                        // keeps its glyph's aspect, rounded half up.
                        var size = (width: box, height: box)
                        if let text = button.text, button.codePoints != nil {
                            let glyph = try #require(try font.glyph(for: text, pixelSize: box), "\(label): glyph")
                            let longest = Double(max(glyph.width, glyph.height))
                            size = (Int((Double(glyph.width) * Double(box) / longest).rounded()), Int((Double(glyph.height) * Double(box) / longest).rounded()))
                        }
                        var x = Int(((Double(2 * column + 1) * w * s / 8 - Double(size.width)) / 2).rounded(.down))
                        var y = row * 50 * scale + Int((Double(50 * scale - size.height) / 2).rounded(.down))
                        if manifest.sheetLayout == .anyWidth {
                            let pitch = 34 * scale
                            (x, y) = (column * pitch + (pitch - size.width) / 2, row * pitch + (pitch - size.height) / 2)
                        }
                        let expected = Manifest.PixelRect(x: x, y: y, width: size.width, height: size.height)
                        #expect(button.sprite["\(scale)"] == expected, "\(label) @\(scale)x")
                    }
                }
            }
        }
    }
}
