import EmoticonManifest

/// The emoticon grid of one keyboard page. Defaults are the classic layout's: 8 x 4 cells, each
/// `screenWidth/8` wide and 50 pt high, a 32 pt icon centred in each, and the last cell of
/// every page a delete button, so 31 emoticons a page.
///
/// Insets and spacing describe other keyboards without code: the columns share the width left
/// after the left/right insets and the gaps between columns. With `snapToPixels` the cell width
/// is rounded to device pixels and the columns are re-centred with a left inset also rounded to
/// device pixels (YYKit's `WBEmoticonInputView`), so the geometry depends on the scale.
public struct GridSpec: Equatable, Sendable {
    public var columns: Int
    public var rows: Int
    public var rowHeight: Double
    public var iconSize: Double
    public var insets: EdgeInsets
    public var columnSpacing: Double
    public var rowSpacing: Double
    public var snapToPixels: Bool

    public init(
        columns: Int = 8, rows: Int = 4, rowHeight: Double = 50, iconSize: Double = 32, insets: EdgeInsets = .zero,
        columnSpacing: Double = 0, rowSpacing: Double = 0, snapToPixels: Bool = false
    ) {
        self.columns = columns; self.rows = rows; self.rowHeight = rowHeight; self.iconSize = iconSize
        self.insets = insets; self.columnSpacing = columnSpacing; self.rowSpacing = rowSpacing; self.snapToPixels = snapToPixels
    }

    public var cellsPerPage: Int { columns * rows }
    /// One cell of every page is the delete button.
    public var emoticonsPerPage: Int { cellsPerPage - 1 }
    /// The page's height: the rows, the gaps between them and the top and bottom insets.
    public var gridHeight: Double { insets.top + Double(rows) * rowHeight + Double(max(0, rows - 1)) * rowSpacing + insets.bottom }

    /// Where the first column starts and how wide each cell is, at `scale` (which matters only
    /// with `snapToPixels`): `GridArithmetic.columns`, the arithmetic apps lay out with too
    /// (`EmoticonKeyboard.layout(width:scale:)`), so the two cannot drift. With `snapToPixels` it
    /// follows `WBEmoticonInputView` step by step, in doubles:
    /// `item = round((W - left - right) / n * S) / S`, then `left = round((W - n * item) / 2 * S) / S`.
    public func columnGeometry(screenWidth: Int, scale: Int = 1) -> ColumnGeometry {
        GridArithmetic.columns(
            width: Double(screenWidth), columns: columns, insetLeft: insets.left, insetRight: insets.right,
            columnSpacing: columnSpacing, snapToPixels: snapToPixels, scale: scale)
    }

    /// The width of a cell at `scale` (see `columnGeometry`).
    public func cellWidth(screenWidth: Int, scale: Int = 1) -> Double { columnGeometry(screenWidth: screenWidth, scale: scale).cellWidth }

    /// The square an icon is scaled to fit at `scale`, in pixels (the same at every width).
    public func iconPixels(scale: Int) -> Int { max(1, Int((iconSize * Double(scale)).rounded())) }

    /// Why a grid cannot be used, or nil when it can.
    public var problem: String? {
        if columns < 1 || rows < 1 { return "the grid needs at least 1 column and 1 row" }
        if cellsPerPage < 2 { return "a page needs room for at least one emoticon beside the delete button" }
        if !(rowHeight > 0) || !(iconSize > 0) { return "row height and icon size must be positive" }
        if iconSize > rowHeight { return "the icon (\(Self.text(iconSize)) pt) is taller than its row (\(Self.text(rowHeight)) pt)" }
        let lengths = [insets.top, insets.left, insets.bottom, insets.right, columnSpacing, rowSpacing]
        if lengths.contains(where: { !($0 >= 0) || !$0.isFinite }) { return "insets and spacing must be zero or more points" }
        return nil
    }

    /// `32`, `32.5`, `1e+300`: a number as a user wrote it (never traps on huge values).
    public static func text(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value) }

    /// Why this grid cannot be drawn at `screenWidth`, or nil: the insets and spacing must
    /// leave the cells some width.
    public func problem(screenWidth: Int, scale: Int = 1) -> String? {
        let cell = cellWidth(screenWidth: screenWidth, scale: scale)
        if !(cell > 0) { return "at \(screenWidth) pt the insets and spacing leave no room for the cells" }
        return nil
    }
}

/// Insets in points, as UIKit's `UIEdgeInsets`.
public struct EdgeInsets: Equatable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets()
}

/// The horizontal geometry of a page's columns at one scale (where the first column starts, how
/// wide a cell is): the manifest's own type, the one `columnsByScale` records.
public typealias ColumnGeometry = Manifest.Columns

/// The parts of the keyboard around the grid, in points. By default they stack: the grid at the
/// top, the page control under it, the tab bar under that. A keyboard of fixed height (YYKit's
/// 216 pt) sets `keyboardHeight`, moves the grid down with `gridTop` and may overlap the page
/// control with the grid (`pageControlTop`); the tab bar always sits at the bottom.
public struct KeyboardMetrics: Equatable, Sendable {
    public var toolbarHeight: Double
    public var pageControlHeight: Double
    public var tabBarHeight: Double
    /// The grid's top edge in the keyboard.
    public var gridTop: Double
    /// The page control's top edge; nil: right under the grid.
    public var pageControlTop: Double?
    /// The whole emoticon keyboard's height; nil: the parts stacked.
    public var fixedKeyboardHeight: Double?

    public init(
        toolbarHeight: Double = 50, pageControlHeight: Double = 30, tabBarHeight: Double = 37, gridTop: Double = 0,
        pageControlTop: Double? = nil, keyboardHeight: Double? = nil
    ) {
        self.toolbarHeight = toolbarHeight; self.pageControlHeight = pageControlHeight; self.tabBarHeight = tabBarHeight
        self.gridTop = gridTop; self.pageControlTop = pageControlTop; self.fixedKeyboardHeight = keyboardHeight
    }

    public func pageControlTop(grid: GridSpec) -> Double { pageControlTop ?? gridTop + grid.gridHeight }

    /// The emoticon keyboard itself: grid, page control and tab bar (the toolbar rides above it).
    public func keyboardHeight(grid: GridSpec) -> Double {
        fixedKeyboardHeight ?? pageControlTop(grid: grid) + pageControlHeight + tabBarHeight
    }

    public func tabBarTop(grid: GridSpec) -> Double { keyboardHeight(grid: grid) - tabBarHeight }

    /// Why these metrics cannot hold `grid`, or nil.
    public func problem(grid: GridSpec) -> String? {
        let lengths = [toolbarHeight, pageControlHeight, tabBarHeight, gridTop, pageControlTop ?? 0, fixedKeyboardHeight ?? 0]
        if lengths.contains(where: { !($0 >= 0) || !$0.isFinite }) { return "keyboard metrics must be zero or more points" }
        if gridTop + grid.gridHeight > tabBarTop(grid: grid) { return "the grid (\(gridTop) + \(grid.gridHeight) pt) runs into the tab bar at \(tabBarTop(grid: grid)) pt" }
        if pageControlTop(grid: grid) + pageControlHeight > tabBarTop(grid: grid) { return "the page control runs into the tab bar" }
        return nil
    }
}

/// Keyboard colours as `#RRGGBB` (the classic Weibo keyboard: background RGB(244,244,246), dots
/// RGB(206,206,206) and the current dot RGB(121,121,121)), and the set for dark mode.
public struct KeyboardColors: Equatable, Sendable {
    public var background: String
    public var pageDot: String
    public var currentPageDot: String
    public var tabBarBackground: String
    public var selectedTab: String
    /// The same keys for dark mode (the preview uses them under `prefers-color-scheme: dark`).
    public var dark: KeyboardPalette

    public init(
        background: String = "#F4F4F6", pageDot: String = "#CECECE", currentPageDot: String = "#797979",
        tabBarBackground: String = "#FFFFFF", selectedTab: String = "#E3E3E8", dark: KeyboardPalette = .defaultDark
    ) {
        self.background = background; self.pageDot = pageDot; self.currentPageDot = currentPageDot
        self.tabBarBackground = tabBarBackground; self.selectedTab = selectedTab; self.dark = dark
    }

    /// One colour setting: its manifest and config key (`dark.pageDot` for dark ones), its
    /// command-line flag (`--dark-page-dot`) and what it colours.
    public struct Setting {
        public let key: String
        public let flag: String
        public let keyPath: WritableKeyPath<KeyboardColors, String>
        public let help: String
    }

    /// Every colour setting; flags, config keys and help text all come from this one table.
    public static var settings: [Setting] {
        let light: [(String, String, WritableKeyPath<KeyboardColors, String>, WritableKeyPath<KeyboardPalette, String>, String)] = [
            ("background", "background", \.background, \.background, "Keyboard background"),
            ("pageDot", "page-dot", \.pageDot, \.pageDot, "Page dot colour"),
            ("currentPageDot", "current-page-dot", \.currentPageDot, \.currentPageDot, "Current page dot colour"),
            ("tabBarBackground", "tab-bar-background", \.tabBarBackground, \.tabBarBackground, "Tab bar background"),
            ("selectedTab", "selected-tab", \.selectedTab, \.selectedTab, "Selected tab background"),
        ]
        let lightDefaults = KeyboardColors(), darkDefaults = KeyboardPalette.defaultDark
        let darkPath: WritableKeyPath<KeyboardColors, KeyboardPalette> = \.dark
        return light.map { Setting(key: $0.0, flag: $0.1, keyPath: $0.2, help: "\($0.4) (default: \(lightDefaults[keyPath: $0.2])).") }
            + light.map {
                Setting(
                    key: "dark.\($0.0)", flag: "dark-\($0.1)", keyPath: darkPath.appending(path: $0.3),
                    help: "\($0.4) in dark mode (default: \(darkDefaults[keyPath: $0.3])).")
            }
    }

    /// `#RGB` or `#RRGGBB`, normalised to upper-case `#RRGGBB`; nil when not a colour.
    public static func normalize(_ text: String) -> String? {
        var hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        // ASCII only: Character.isHexDigit also accepts full-width letters and digits (#ＡＢＣ).
        let ascii = hex.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) }
        guard hex.count == 3 || hex.count == 6, ascii else { return nil }
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        return "#" + hex.uppercased()
    }
}

/// One set of keyboard colours (used for dark mode): the manifest's own type, so the generator
/// writes it as is (no mirror to keep in step).
public typealias KeyboardPalette = Manifest.Colors.Palette

extension Manifest.Colors.Palette {
    /// iOS's dark keyboard greys; the dots keep at least 3:1 contrast against the background.
    public static let defaultDark = KeyboardPalette(
        background: "#1C1C1E", pageDot: "#5C5C60", currentPageDot: "#C7C7CC",
        tabBarBackground: "#2C2C2E", selectedTab: "#48484A")
}
