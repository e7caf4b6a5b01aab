/// The emoticon grid of one keyboard page. Defaults are seed 004's: 8 x 4 cells, each
/// `screenWidth/8` wide and 50 pt high, a 32 pt icon centred in each, and the last cell of
/// every page a delete button, so 31 emoticons a page.
public struct GridSpec: Equatable, Sendable {
    public var columns: Int
    public var rows: Int
    public var rowHeight: Double
    public var iconSize: Double

    public init(columns: Int = 8, rows: Int = 4, rowHeight: Double = 50, iconSize: Double = 32) {
        self.columns = columns; self.rows = rows; self.rowHeight = rowHeight; self.iconSize = iconSize
    }

    public var cellsPerPage: Int { columns * rows }
    /// One cell of every page is the delete button.
    public var emoticonsPerPage: Int { cellsPerPage - 1 }
    public var gridHeight: Double { Double(rows) * rowHeight }

    public func cellWidth(screenWidth: Int) -> Double { Double(screenWidth) / Double(columns) }

    /// The square an icon is scaled to fit at `scale`, in pixels (the same at every width).
    public func iconPixels(scale: Int) -> Int { max(1, Int((iconSize * Double(scale)).rounded())) }

    /// Why a grid cannot be used, or nil when it can.
    public var problem: String? {
        if columns < 1 || rows < 1 { return "the grid needs at least 1 column and 1 row" }
        if cellsPerPage < 2 { return "a page needs room for at least one emoticon beside the delete button" }
        if !(rowHeight > 0) || !(iconSize > 0) { return "row height and icon size must be positive" }
        if iconSize > rowHeight { return "the icon (\(iconSize) pt) is taller than its row (\(rowHeight) pt)" }
        return nil
    }
}

/// The parts of the keyboard around the grid, in points (seed 000 and 004).
public struct KeyboardMetrics: Equatable, Sendable {
    public var toolbarHeight: Double
    public var pageControlHeight: Double
    public var tabBarHeight: Double

    public init(toolbarHeight: Double = 50, pageControlHeight: Double = 30, tabBarHeight: Double = 37) {
        self.toolbarHeight = toolbarHeight; self.pageControlHeight = pageControlHeight; self.tabBarHeight = tabBarHeight
    }

    /// The emoticon keyboard itself: grid, page control and tab bar (the toolbar rides above it).
    public func keyboardHeight(grid: GridSpec) -> Double { grid.gridHeight + pageControlHeight + tabBarHeight }
}

/// Keyboard colours as `#RRGGBB` (seed 004: background RGB(244,244,246), dots RGB(206,206,206)
/// and the current dot RGB(121,121,121)).
public struct KeyboardColors: Equatable, Sendable {
    public var background: String
    public var pageDot: String
    public var currentPageDot: String
    public var tabBarBackground: String
    public var selectedTab: String

    public init(background: String = "#F4F4F6", pageDot: String = "#CECECE", currentPageDot: String = "#797979",
                tabBarBackground: String = "#FFFFFF", selectedTab: String = "#E3E3E8") {
        self.background = background; self.pageDot = pageDot; self.currentPageDot = currentPageDot
        self.tabBarBackground = tabBarBackground; self.selectedTab = selectedTab
    }

    /// `#RGB` or `#RRGGBB`, normalised to upper-case `#RRGGBB`; nil when not a colour.
    public static func normalize(_ text: String) -> String? {
        var hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 3 || hex.count == 6, hex.allSatisfy(\.isHexDigit) else { return nil }
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        return "#" + hex.uppercased()
    }
}
