import Foundation

/// The keyboard's shape as a manifest records it: the grid, its insets and columns, the metrics
/// of the bars around it and its colours.
extension Manifest {
    /// The grid of buttons on every page of a tab: how many, how large, and where they start.
    public struct Grid: Codable, Equatable, Sendable {
        /// Buttons in a row.
        public var columns: Int
        /// Rows on a page.
        public var rows: Int
        /// A cell's width in points (exact, e.g. `375 / 8 = 46.875`; the smallest scale's when
        /// `snapToPixels` is true).
        public var cellWidth: Double
        /// A cell's height in points.
        public var cellHeight: Double
        /// The square an icon is fitted into, in points, centred in its cell.
        public var iconSize: Double
        /// Emoticons on a full page: every cell but the last, which is the delete button.
        public var emoticonsPerPage: Int
        /// The grid's insets in the page, as configured (with `snapToPixels` the real left edge
        /// is `columnsByScale[scale].left`).
        public var insets: Insets?
        /// The gap between columns, in points; absent when zero.
        public var columnSpacing: Double?
        /// The gap between rows, in points; absent when zero.
        public var rowSpacing: Double?
        /// True when cell widths and the left inset are rounded to device pixels, so frames
        /// depend on the scale (then `cellWidth` is the smallest scale's).
        public var snapToPixels: Bool?
        /// Scale ("2") to where the columns start and how wide they are at that scale; written
        /// only when `snapToPixels` is true.
        public var columnsByScale: [String: Columns]?
        /// Creates a grid description.
        public init(
            columns: Int, rows: Int, cellWidth: Double, cellHeight: Double, iconSize: Double, emoticonsPerPage: Int,
            insets: Insets? = nil, columnSpacing: Double? = nil, rowSpacing: Double? = nil, snapToPixels: Bool? = nil,
            columnsByScale: [String: Columns]? = nil
        ) {
            self.columns = columns; self.rows = rows; self.cellWidth = cellWidth; self.cellHeight = cellHeight
            self.iconSize = iconSize; self.emoticonsPerPage = emoticonsPerPage
            self.insets = insets; self.columnSpacing = columnSpacing; self.rowSpacing = rowSpacing
            self.snapToPixels = snapToPixels; self.columnsByScale = columnsByScale
        }
    }

    /// Space around the grid inside the page, in points.
    public struct Insets: Codable, Equatable, Sendable {
        /// The inset on each side, in points.
        public var top: Double, left: Double, bottom: Double, right: Double
        /// Creates insets from each side's value in points.
        public init(top: Double, left: Double, bottom: Double, right: Double) { self.top = top; self.left = left; self.bottom = bottom; self.right = right }
    }

    /// Where the columns start and how wide they are at one scale, for layouts that round to device
    /// pixels.
    public struct Columns: Codable, Equatable, Sendable {
        /// The left edge of the first column, in points.
        public var left: Double
        /// A cell's width at this scale, in points.
        public var cellWidth: Double
        /// Creates one scale's column geometry.
        public init(left: Double, cellWidth: Double) { self.left = left; self.cellWidth = cellWidth }
    }

    /// The keyboard's parts from top to bottom, in points: lay out the views from these so they match
    /// the sheets.
    public struct Metrics: Codable, Equatable, Sendable {
        /// The input bar above the keyboard (text field, emoticon toggle, Send); not part of
        /// `keyboardHeight`.
        public var toolbarHeight: Double
        /// The height of a page's grid, and of its sheet in points.
        public var gridHeight: Double
        /// The page control's height (one dot per page).
        public var pageControlHeight: Double
        /// The tab bar's height, at the bottom of the keyboard.
        public var tabBarHeight: Double
        /// The whole emoticon keyboard that replaces the system keyboard, from the grid's top margin to
        /// the tab bar's bottom; without the toolbar and the device's bottom safe-area inset.
        public var keyboardHeight: Double
        /// Where the grid, the page control and the tab bar start, from the keyboard's top.
        public var gridTop: Double?
        /// The page control's top, from the keyboard's top.
        public var pageControlTop: Double?
        /// The tab bar's top, from the keyboard's top (`keyboardHeight - tabBarHeight`).
        public var tabBarTop: Double?
        /// Creates the keyboard's metrics.
        public init(
            toolbarHeight: Double, gridHeight: Double, pageControlHeight: Double, tabBarHeight: Double, keyboardHeight: Double,
            gridTop: Double? = nil, pageControlTop: Double? = nil, tabBarTop: Double? = nil
        ) {
            self.toolbarHeight = toolbarHeight; self.gridHeight = gridHeight; self.pageControlHeight = pageControlHeight
            self.tabBarHeight = tabBarHeight; self.keyboardHeight = keyboardHeight
            self.gridTop = gridTop; self.pageControlTop = pageControlTop; self.tabBarTop = tabBarTop
        }
    }

    /// The keyboard's colours as `#RRGGBB`, with an optional dark-mode set.
    public struct Colors: Codable, Equatable, Sendable {
        /// The keyboard's background (sheets are transparent).
        public var background: String
        /// A page control dot.
        public var pageDot: String
        /// The current page's dot.
        public var currentPageDot: String
        /// The tab bar's background.
        public var tabBarBackground: String
        /// The selected tab's button.
        public var selectedTab: String
        /// The same keys for dark mode.
        public var dark: Palette?
        /// Creates the colours; `dark` is the dark-mode set.
        public init(
            background: String, pageDot: String, currentPageDot: String, tabBarBackground: String, selectedTab: String,
            dark: Palette? = nil
        ) {
            self.background = background; self.pageDot = pageDot; self.currentPageDot = currentPageDot
            self.tabBarBackground = tabBarBackground; self.selectedTab = selectedTab; self.dark = dark
        }

        /// One set of the keyboard's colours (`#RRGGBB`).
        public struct Palette: Codable, Equatable, Sendable {
            /// The keyboard's background.
            public var background: String
            /// A page control dot.
            public var pageDot: String
            /// The current page's dot.
            public var currentPageDot: String
            /// The tab bar's background.
            public var tabBarBackground: String
            /// The selected tab's button.
            public var selectedTab: String
            /// Creates a palette from `#RRGGBB` strings.
            public init(background: String, pageDot: String, currentPageDot: String, tabBarBackground: String, selectedTab: String) {
                self.background = background; self.pageDot = pageDot; self.currentPageDot = currentPageDot
                self.tabBarBackground = tabBarBackground; self.selectedTab = selectedTab
            }
        }
    }
}
