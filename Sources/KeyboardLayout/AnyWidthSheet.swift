import EmoticonManifest

/// Where a page's icons go in its any-width sheet at one scale: the page's grid (columns x rows,
/// the delete button in the last cell) at a fixed pitch that does not depend on the screen width,
/// so one sheet per page and scale serves every width. A cell is the icon box (`iconSize * S`)
/// and an `S`-pixel (1 pt) transparent gutter on every side, so two sprites are at least 2 pt
/// apart: a filter that samples a pixel or two around a sprite (bilinear scaling, a mipmap level
/// below) reads only transparent pixels, never a neighbour. An icon is centred in its cell, its
/// origin snapped down to whole pixels, so its pixels are the same image the per-width sheet
/// draws (only where it sits differs).
public struct AnyWidthSheet: Equatable, Sendable {
    public let grid: GridSpec
    public let scale: Int

    public init(grid: GridSpec, scale: Int) {
        self.grid = grid
        self.scale = scale
    }

    /// A cell's side in pixels: the icon box and a 1 pt gutter each side.
    public var cellPixels: Int { grid.iconPixels(scale: scale) + 2 * scale }
    public var pixelWidth: Int { grid.columns * cellPixels }
    public var pixelHeight: Int { grid.rows * cellPixels }
}

/// A sheet's pixel geometry: where an icon of a given size is drawn for a cell. The per-width
/// sheet (`SheetGeometry`, the page at one screen width) and the any-width sheet
/// (`AnyWidthSheet`) place the same icons differently; the renderer, the page cache and the
/// manifest ask this one question of either.
public protocol SheetPlacement: Sendable {
    var scale: Int { get }
    var pixelWidth: Int { get }
    var pixelHeight: Int { get }
    /// The rect of an icon of `width x height` pixels (already fitted to the icon box) in cell
    /// (row, column).
    func spriteRect(row: Int, column: Int, width: Int, height: Int) -> PixelRect
}

extension AnyWidthSheet: SheetPlacement {
    /// Centred in the cell, the origin snapped down to whole pixels.
    public func spriteRect(row: Int, column: Int, width: Int, height: Int) -> PixelRect {
        let cell = cellPixels
        return PixelRect(x: column * cell + (cell - width) / 2, y: row * cell + (cell - height) / 2, width: width, height: height)
    }
}

extension SheetGeometry: SheetPlacement {}

/// Which sheets a run draws (`--sheets`): the manifest's own type.
public typealias SheetLayout = Manifest.SheetLayout

extension GridSpec {
    /// The geometry of a page's sheet at `scale`: the any-width sheet, or the per-width sheet
    /// of `screenWidth` (`SheetKey.width`; 0 for the any-width sheet).
    public func sheetPlacement(screenWidth: Int, scale: Int) -> any SheetPlacement {
        screenWidth == AnyWidthSheet.width
            ? AnyWidthSheet(grid: self, scale: scale)
            : SheetGeometry(layout: PageLayout(grid: self, screenWidth: screenWidth), scale: scale)
    }
}

extension AnyWidthSheet {
    /// The width a run's records give the any-width sheet where they key sheets by screen width
    /// (its path, the page cache, the output note): 0, no screen's width.
    public static let width = 0
}
