/// Where skin-tone variants go in a tab's variants sheets: the variants of all the tab's emoji,
/// in entry order, in a grid of square cells (the icon box plus a 1 pt gutter on every side so
/// neighbours never bleed into a scaled sprite). Variants sheets do not depend on the screen
/// width (a variant is drawn at icon size whatever the width), so every width's manifest points
/// at the same sheets. A sheet holds at most `columns * rowsPerSheet` variants, which keeps a
/// @3x sheet near 1.6 k pixels square; more variants continue on the next sheet.
public struct VariantSheetLayout: Equatable, Sendable {
    public static let columns = 16
    public static let rowsPerSheet = 16
    public static var perSheet: Int { columns * rowsPerSheet }

    public let grid: GridSpec
    /// How many variants the tab has.
    public let count: Int

    public init(grid: GridSpec, count: Int) {
        self.grid = grid
        self.count = count
    }

    public var sheetCount: Int { count <= 0 ? 0 : (count + Self.perSheet - 1) / Self.perSheet }

    /// The variants on `sheet`: a range of indices into the tab's variants.
    public func variants(onSheet sheet: Int) -> Range<Int> {
        let start = sheet * Self.perSheet
        return min(start, count)..<min(start + Self.perSheet, count)
    }

    /// The sheet a variant is on.
    public func sheet(of variant: Int) -> Int { variant / Self.perSheet }

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
        let local = variant % Self.perSheet
        let cell = cellPixels(scale: scale)
        let x = (local % Self.columns) * cell + (cell - width) / 2
        let y = (local / Self.columns) * cell + (cell - height) / 2
        return PixelRect(x: x, y: y, width: width, height: height)
    }
}
