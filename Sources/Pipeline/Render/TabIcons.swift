import Checksum
import EmojiGlyphs
import EmoticonManifest
import EmoticonPacks
import Foundation
import Imaging
import OutputTransaction
import SiteOutputs

/// The tab bar's icons: one per tab, the pack's own `icon.png` (and its @2x/@3x) when its folder
/// has one, else its first emoticon. Tabs' icons share sheets per scale, each icon in a
/// `size*S` square cell in tab order (`TabIconGrid`), so an app loads one image per scale (for up
/// to 512 tabs) and draws each tab's icon from its sprite rect.
struct TabIcons {
    /// Where each tab's icon lives, for the manifest (nil for a tab with nothing to show).
    var icons: [Manifest.TabIcon?] = []
    var sheets: [Generator.SheetRecord] = []

    /// Icon size in points: 24, or less in a tab bar lower than 28 pt.
    static func size(tabBarHeight: Double) -> Double { max(1, min(24, tabBarHeight - 4)) }

    static func sheetPath(scale: Int) -> String { TabIconGrid.sheetPath(0, scale: scale) }

    /// Draws and writes the sheets, one grid sheet at a time: each tab's icon is decoded, drawn
    /// into that sheet at every scale and dropped, so memory holds one sheet per scale whatever
    /// the number of tabs (10,000 tabs once made one 480000x48 px strip, held whole). Sources were
    /// checked by the planning step (the pack's entries) or are checked here (`icon.png`), and a
    /// bad `icon.png` names the pack.
    static func render(
        packs: [EmoticonPack], plans: [[SpriteSource]], options: GeneratorOptions, emoji: EmojiGlyphSource?,
        decoder: PNGDecoder, output: OutputFolder
    ) throws(GenerationError) -> TabIcons {
        let size = Self.size(tabBarHeight: options.metrics.tabBarHeight)
        let boxes = Dictionary(uniqueKeysWithValues: options.scales.map { ($0, TabIconCell.box(size: size, scale: $0)) })
        let grid = TabIconGrid(count: packs.count)
        var sourcer = TabIconSources(plans: plans, boxes: boxes, emoji: emoji, decoder: decoder)
        var result = TabIcons()
        var kinds: [Manifest.TabIcon.Source?] = []
        var entries: [Int?] = []
        var sprites: [[String: Manifest.PixelRect]] = Array(repeating: [:], count: packs.count)
        for sheet in 0..<grid.sheetCount {
            let tabs = grid.tabs(onSheet: sheet)
            let cells = grid.size(ofSheet: sheet)
            var canvases = boxes.mapValues { box in RGBAImage(width: cells.columns * box, height: cells.rows * box) }
            for tab in tabs {
                let source = try sourcer.icon(tab: tab, pack: packs[tab])
                kinds.append(source.kind)
                entries.append(source.entry)
                let cell = grid.cell(of: tab)
                for (scale, box) in boxes {
                    guard let image = source.images?[scale] else { continue }
                    let icon = Resampler.scaleToFit(image, box: box)
                    let x = cell.column * box + (box - icon.width) / 2, y = cell.row * box + (box - icon.height) / 2
                    canvases[scale]!.draw(icon, atX: x, y: y)
                    sprites[tab]["\(scale)"] = Manifest.PixelRect(x: x, y: y, width: icon.width, height: icon.height)
                }
            }
            for scale in options.scales.sorted() {
                let path = TabIconGrid.sheetPath(sheet, scale: scale)
                let png: [UInt8]
                do { png = try options.encoder.encode(canvases[scale]!, path: path) } catch { throw .output(path: path, reason: error.description) }
                canvases[scale] = nil
                do { try output.write(Data(png), to: path) } catch { throw GenerationError(error) }
                result.sheets.append(Generator.SheetRecord(path: path, sha256: SHA256.hexDigest(png), bytes: png.count))
            }
        }
        result.icons = packs.indices.map { tab in
            kinds[tab].map { kind in
                let sheetPaths = Dictionary(uniqueKeysWithValues: options.scales.map { ("\($0)", TabIconGrid.sheetPath(grid.cell(of: tab).sheet, scale: $0)) })
                var icon = Manifest.TabIcon(source: kind, size: size, sheets: sheetPaths, sprite: sprites[tab])
                if kind == .representativeEmoji { icon.entry = entries[tab] }
                return icon
            }
        }
        return result
    }
}

/// Where each tab's icon square lies: rows of at most `columns` squares, at most `rows` rows a
/// sheet, further sheets as needed. Up to 32 tabs this is the one-row strip emokit always wrote;
/// a sheet is never wider than 32 squares (3,072 px at 4x), so emokit's own reader, the asset
/// catalog and the web sprites read it back within the default image limits (120 tabs once made
/// an 8,640 px strip that `--xcassets` then refused).
struct TabIconGrid {
    static let columns = 32
    static let rows = 16
    static var perSheet: Int { columns * rows }

    let count: Int

    var sheetCount: Int { max(1, (count + Self.perSheet - 1) / Self.perSheet) }

    func tabs(onSheet sheet: Int) -> Range<Int> { (sheet * Self.perSheet)..<min(count, (sheet + 1) * Self.perSheet) }

    /// The sheet's size in squares (at least 1x1, for a run without tabs).
    func size(ofSheet sheet: Int) -> (columns: Int, rows: Int) {
        let tabs = tabs(onSheet: sheet).count
        return (max(1, min(tabs, Self.columns)), max(1, (tabs + Self.columns - 1) / Self.columns))
    }

    func cell(of tab: Int) -> (sheet: Int, row: Int, column: Int) {
        let within = tab % Self.perSheet
        return (tab / Self.perSheet, within / Self.columns, within % Self.columns)
    }

    /// `sheets/tab-icons@2x.png`, then `sheets/tab-icons-2@2x.png`, ... for further sheets.
    static func sheetPath(_ sheet: Int, scale: Int) -> String {
        sheet == 0 ? "sheets/tab-icons@\(scale)x.png" : "sheets/tab-icons-\(sheet + 1)@\(scale)x.png"
    }
}
