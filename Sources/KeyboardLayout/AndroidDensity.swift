import EmoticonManifest

/// Android's screen densities that `--android` draws sheets for (`--android-densities`): a
/// density bucket's name (its `res/drawable-<name>/` folder) and its scale, device pixels per dp
/// (Android's dp is emokit's pt: 160 dpi is 1x).
public enum AndroidDensity: String, CaseIterable, Sendable, Comparable {
    case mdpi, hdpi, xhdpi, xxhdpi, xxxhdpi

    /// Device pixels per dp: 1, 1.5, 2, 3, 4.
    public var scale: Double { Double(halfScale) / 2 }

    /// The scale in halves (2, 3, 4, 6, 8): a whole number that keys this density's sprites
    /// where keys are whole numbers, and orders the densities.
    public var halfScale: Int {
        switch self {
        case .mdpi: 2
        case .hdpi: 3
        case .xhdpi: 4
        case .xxhdpi: 6
        case .xxxhdpi: 8
        }
    }

    /// Android's dots per inch for the bucket (`DisplayMetrics.DENSITY_*`; `Bitmap.getDensity()`).
    public var dpi: Int { 80 * halfScale }

    /// The scale as a whole number when it is one (1, 2, 3, 4), nil for hdpi's 1.5.
    public var wholeScale: Int? { halfScale % 2 == 0 ? halfScale / 2 : nil }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.halfScale < rhs.halfScale }
}

/// A page's sheet at an Android density: the any-width sheet's arrangement (the page's grid at a
/// fixed pitch, icons centred in their cells) at a scale that may have a half (hdpi, 1.5x). The
/// icon box is the grid's icon size at that scale, rounded (`round(32 * 1.5)` = 48 px), so an
/// icon is drawn from its source at its own box, never scaled from another density's sheet; the
/// gutter is 1 dp rounded up to whole pixels (2 px at 1.5x), so filtering never reads a
/// neighbour. At a whole scale it is exactly `AnyWidthSheet` (same box, gutter and placement):
/// the xhdpi and xxhdpi sheets are the `@2x` and `@3x` sheets, byte for byte.
public struct DensitySheet: Equatable, Sendable {
    public let grid: GridSpec
    public let density: AndroidDensity

    public init(grid: GridSpec, density: AndroidDensity) {
        self.grid = grid
        self.density = density
    }

    /// The square an icon is fitted into, in pixels.
    public var iconPixels: Int { max(1, Int((grid.iconSize * density.scale).rounded())) }
    /// The transparent margin on every side of the icon box: 1 dp, rounded up.
    public var gutterPixels: Int { (density.halfScale + 1) / 2 }
    /// A cell's side in pixels.
    public var cellPixels: Int { iconPixels + 2 * gutterPixels }
    public var pixelWidth: Int { grid.columns * cellPixels }
    public var pixelHeight: Int { grid.rows * cellPixels }

    /// Where an icon of `width` x `height` pixels is drawn in cell (row, column): centred, the
    /// origin snapped down (`AnyWidthSheet.spriteRect`).
    public func spriteRect(row: Int, column: Int, width: Int, height: Int) -> PixelRect {
        let cell = cellPixels
        return PixelRect(x: column * cell + (cell - width) / 2, y: row * cell + (cell - height) / 2, width: width, height: height)
    }

    /// The icon box of cell (row, column): the square every icon of that cell lies in, centred
    /// with transparent pixels around a narrower icon. What the Android manifest records as a
    /// button's sprite, so an app crops the same square at every density without knowing the
    /// icon's own size.
    public func boxRect(row: Int, column: Int) -> PixelRect {
        spriteRect(row: row, column: column, width: iconPixels, height: iconPixels)
    }
}
