/// The keyboard grid's arithmetic, in one place. emokit computes every frame and sprite rect it
/// writes with these functions, and `EmoticonKeyboard.layout(width:scale:)` computes an app's
/// frames at any width with the same ones, so what the generator writes and what an app lays out
/// cannot drift apart. Pure functions of plain numbers, in doubles, with every operation in the
/// order the generator has always done it (the rounding is part of the output).
public enum GridArithmetic {
    /// Where the first column starts and how wide each cell is on a page `width` points wide.
    ///
    /// The columns share what is left of the width after the left and right insets and the gaps
    /// between columns: `cellWidth = (width - left - right - (columns - 1) * columnSpacing) / columns`.
    /// With `snapToPixels` the arithmetic follows YYKit's `WBEmoticonInputView` step by step, so
    /// the rounding is the app's: the cell width is rounded to device pixels at `scale`, then
    /// the columns are centred with a left inset also rounded to device pixels:
    /// `cell = round(available / columns * S) / S`, `left = round((width - columns * cell - gaps) / 2 * S) / S`.
    public static func columns(
        width: Double, columns: Int, insetLeft: Double, insetRight: Double, columnSpacing: Double, snapToPixels: Bool, scale: Int
    ) -> Manifest.Columns {
        let gaps = Double(max(0, columns - 1)) * columnSpacing
        let available = width - (insetLeft + insetRight) - gaps
        guard snapToPixels else { return Manifest.Columns(left: insetLeft, cellWidth: available / Double(columns)) }
        let cell = pixelRound(available / Double(columns), scale: scale)
        let left = pixelRound((width - Double(columns) * cell - gaps) / 2.0, scale: scale)
        return Manifest.Columns(left: left, cellWidth: cell)
    }

    /// YYKit's `CGFloatPixelRound`: to the nearest device pixel at `scale`, halves away from zero.
    public static func pixelRound(_ value: Double, scale: Int) -> Double {
        let s = Double(max(1, scale))
        return (value * s).rounded(.toNearestOrAwayFromZero) / s
    }

    /// The frame of cell (row, column) in points from the page's top-left corner:
    /// `left + column * (cellWidth + columnSpacing)` across, `top + row * (rowHeight + rowSpacing)`
    /// down, one cell wide and one row high.
    public static func cellFrame(
        row: Int, column: Int, columns: Manifest.Columns, top: Double, rowHeight: Double, columnSpacing: Double, rowSpacing: Double
    ) -> Manifest.Rect {
        let width = columns.cellWidth
        return Manifest.Rect(
            x: columns.left + (width + columnSpacing) * Double(column),
            y: top + (rowHeight + rowSpacing) * Double(row), width: width, height: rowHeight)
    }

    /// Where an icon of `width` x `height` pixels (already fitted to the icon box) is drawn in
    /// the cell `frame` (points) at `scale`, in pixels of the page: centred, its origin snapped
    /// down to whole pixels so the icon stays crisp:
    /// `x = floor(((2 * frame.x + frame.width) * S - width) / 2)`,
    /// `y = floor(frame.y * S + (frame.height * S - height) / 2)`.
    /// Classic frames are exact in binary (W/8); other grids' frames may sit an ulp below a whole
    /// or half pixel, which a nudge of 1e-6 before `floor` absorbs, so a cell starting at a
    /// fractional pixel rounds the same way everywhere. Divide by `scale` for points.
    public static func iconPixelRect(in frame: Manifest.Rect, width: Int, height: Int, scale: Int) -> Manifest.PixelRect {
        let s = Double(scale)
        let x = snapDown(((2 * frame.x + frame.width) * s - Double(width)) / 2)
        let y = snapDown(frame.y * s + (frame.height * s - Double(height)) / 2)
        return Manifest.PixelRect(x: x, y: y, width: width, height: height)
    }

    /// `floor(value + 1e-6)` as a whole pixel (see `iconPixelRect`).
    static func snapDown(_ value: Double) -> Int { Int((value + 1e-6).rounded(.down)) }
}

extension Manifest.Grid {
    /// Where the columns start and how wide a cell is on a page `width` points wide at `scale`
    /// (`GridArithmetic.columns`), from the grid as the manifest records it: absent insets and
    /// spacings are zero, an absent `snapToPixels` is false (manifests from before they existed).
    public func columnGeometry(width: Double, scale: Int) -> Manifest.Columns {
        GridArithmetic.columns(
            width: width, columns: columns, insetLeft: insets?.left ?? 0, insetRight: insets?.right ?? 0,
            columnSpacing: columnSpacing ?? 0, snapToPixels: snapToPixels ?? false, scale: scale)
    }

    /// The frame of cell (row, column) for `columns` (`columnGeometry(width:scale:)`), in points.
    public func cellFrame(row: Int, column: Int, columns: Manifest.Columns) -> Manifest.Rect {
        GridArithmetic.cellFrame(
            row: row, column: column, columns: columns, top: insets?.top ?? 0, rowHeight: cellHeight,
            columnSpacing: columnSpacing ?? 0, rowSpacing: rowSpacing ?? 0)
    }
}
