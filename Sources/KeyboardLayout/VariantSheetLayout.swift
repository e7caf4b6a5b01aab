/// Where skin-tone variants go in a tab's variants sheets: the variants of all the tab's emoji,
/// in entry order, in a grid of square cells (the icon box plus a 1 pt gutter on every side so
/// neighbours never bleed into a scaled sprite). Variants sheets do not depend on the screen
/// width (a variant is drawn at icon size whatever the width), so every width's manifest points
/// at the same sheets. A sheet holds at most `columns * rowsPerSheet` variants; more variants
/// continue on the next sheet.
public struct VariantSheetLayout: Equatable, Sendable {
    public static let columns = 16
    /// The rows of a per-width output's sheets, which keep the bytes they always had: a @3x sheet
    /// 1632 pixels square.
    public static let perWidthRows = 16

    public let grid: GridSpec
    /// How many variants the tab has.
    public let count: Int
    /// The most rows of cells a sheet holds.
    public let rowsPerSheet: Int
    public var perSheet: Int { Self.columns * rowsPerSheet }

    public init(grid: GridSpec, count: Int, rowsPerSheet: Int = perWidthRows) {
        self.grid = grid
        self.count = count
        self.rowsPerSheet = max(1, rowsPerSheet)
    }

    /// The most rows (from 1 to `perWidthRows`) whose sheet at `scale` is at most `bytes` of PNG
    /// rows (4 bytes a pixel and a filter byte a row). Any-width output keeps its sheets under the
    /// size the encoder compresses whole (libdeflate, several times faster than the streamed
    /// zlib a larger sheet needs), and its more, smaller sheets share out better among cores.
    public static func rows(grid: GridSpec, scale: Int, fittingIn bytes: Int) -> Int {
        let cell = grid.iconPixels(scale: scale) + 2 * scale
        let rowBytes = columns * cell * 4 + 1
        return max(1, min(perWidthRows, bytes / max(1, rowBytes * cell)))
    }

    public var sheetCount: Int { count <= 0 ? 0 : (count + perSheet - 1) / perSheet }

    /// The variants on `sheet`: a range of indices into the tab's variants.
    public func variants(onSheet sheet: Int) -> Range<Int> {
        let start = sheet * perSheet
        return min(start, count)..<min(start + perSheet, count)
    }

    /// The sheet a variant is on.
    public func sheet(of variant: Int) -> Int { variant / perSheet }

    /// A cell's side in pixels at `scale`: the icon box and a `scale`-pixel gutter each side.
    public func cellPixels(scale: Int) -> Int { grid.iconPixels(scale: scale) + 2 * scale }

    /// The sheet's size in pixels: full rows of `columns` cells, as many rows as it needs.
    public func pixelSize(sheet: Int, scale: Int) -> (width: Int, height: Int) {
        let used = variants(onSheet: sheet).count
        let rows = (used + Self.columns - 1) / Self.columns
        let cell = cellPixels(scale: scale)
        return (Self.columns * cell, max(1, rows) * cell)
    }

    /// The rect of a variant's icon of `width x height` pixels (already fitted to the icon box),
    /// centred in its cell and snapped down to whole pixels.
    public func spriteRect(variant: Int, scale: Int, width: Int, height: Int) -> PixelRect {
        let local = variant % perSheet
        let cell = cellPixels(scale: scale)
        let x = (local % Self.columns) * cell + (cell - width) / 2
        let y = (local / Self.columns) * cell + (cell - height) / 2
        return PixelRect(x: x, y: y, width: width, height: height)
    }
}
