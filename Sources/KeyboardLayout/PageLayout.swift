import EmoticonManifest

/// What one cell of a page holds.
public enum ButtonKind: Equatable, Hashable, Sendable {
    /// The emoticon at `entry` in its tab (0-based, pack order).
    case emoticon(entry: Int)
    case delete
}

/// One button of a page: its cell and its frame in points, relative to the page's top-left.
public struct ButtonFrame: Equatable, Sendable {
    public var kind: ButtonKind
    /// Position on the page, row-major from 0; the delete button is always the last cell.
    public var cell: Int
    public var row: Int
    public var column: Int
    public var frame: Frame
}

/// Pagination and button geometry. Pure functions of the grid, the entry count, the width and
/// (for grids that snap to device pixels) the scale.
public struct PageLayout: Equatable, Sendable {
    public let grid: GridSpec
    public let screenWidth: Int
    /// The device scale the frames are for; only grids with `snapToPixels` depend on it.
    public let scale: Int
    public let columns: ColumnGeometry

    public init(grid: GridSpec, screenWidth: Int, scale: Int = 1) {
        self.grid = grid
        self.screenWidth = screenWidth
        self.scale = scale
        self.columns = grid.columnGeometry(screenWidth: screenWidth, scale: scale)
    }

    /// `ceil(count / emoticonsPerPage)`; 0 entries give 0 pages (no empty sheet is made).
    public static func pageCount(entries: Int, grid: GridSpec) -> Int {
        entries <= 0 ? 0 : (entries + grid.emoticonsPerPage - 1) / grid.emoticonsPerPage
    }

    /// The entries on `page`: a range into the tab's entries.
    public static func entries(onPage page: Int, of count: Int, grid: GridSpec) -> Range<Int> {
        let start = page * grid.emoticonsPerPage
        return min(start, count)..<min(start + grid.emoticonsPerPage, count)
    }

    /// Cell (row, column): `left + column * (cellWidth + columnSpacing)` across and
    /// `top + row * (rowHeight + rowSpacing)` down (`GridArithmetic.cellFrame`, as apps compute it).
    public func frame(row: Int, column: Int) -> Frame {
        GridArithmetic.cellFrame(
            row: row, column: column, columns: columns, top: grid.insets.top, rowHeight: grid.rowHeight,
            columnSpacing: grid.columnSpacing, rowSpacing: grid.rowSpacing)
    }

    /// The buttons of `page`: its emoticons in row-major cells, then the delete button in the
    /// last cell (on every page, the last one included).
    public func buttons(page: Int, entryCount: Int) -> [ButtonFrame] {
        let range = Self.entries(onPage: page, of: entryCount, grid: grid)
        var buttons: [ButtonFrame] = []
        for (cell, entry) in range.enumerated() {
            let row = cell / grid.columns, column = cell % grid.columns
            buttons.append(ButtonFrame(kind: .emoticon(entry: entry), cell: cell, row: row, column: column, frame: frame(row: row, column: column)))
        }
        let last = grid.cellsPerPage - 1
        let row = last / grid.columns, column = last % grid.columns
        buttons.append(ButtonFrame(kind: .delete, cell: last, row: row, column: column, frame: frame(row: row, column: column)))
        return buttons
    }
}

/// Where icons go in a sheet's pixels, at one scale.
public struct SheetGeometry: Equatable, Sendable {
    /// The page layout at this geometry's scale.
    public let layout: PageLayout
    public let scale: Int

    public init(layout: PageLayout, scale: Int) {
        self.layout = layout.scale == scale ? layout : PageLayout(grid: layout.grid, screenWidth: layout.screenWidth, scale: scale)
        self.scale = scale
    }

    /// `screenWidth * scale` by `gridHeight * scale` pixels.
    public var pixelWidth: Int { layout.screenWidth * scale }
    public var pixelHeight: Int { Int((layout.grid.gridHeight * Double(scale)).rounded()) }

    /// The square an icon is scaled to fit, in pixels.
    public var iconBox: Int { layout.grid.iconPixels(scale: scale) }

    /// The rect of an icon of `width x height` pixels (already fitted to `iconBox`) centred in
    /// cell (row, column), its origin snapped down to whole pixels so icons stay crisp
    /// (`GridArithmetic.iconPixelRect`: where apps draw it at any width, too). For the classic
    /// grid that is `x = floor(((2c+1) * W * S / columns - w) / 2)`.
    public func spriteRect(row: Int, column: Int, width: Int, height: Int) -> PixelRect {
        GridArithmetic.iconPixelRect(in: layout.frame(row: row, column: column), width: width, height: height, scale: scale)
    }
}
