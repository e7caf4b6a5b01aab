import EmoticonManifest
import TextEscaping

/// `res/values/emokit.xml` and `res/values-night/emokit.xml`: the keyboard's colours, dimensions
/// (dp) and grid size as Android resources, so a layout XML or a theme uses
/// `@color/emokit_background`, `@dimen/emokit_keyboard_height`, `@integer/emokit_columns`. The
/// night file holds the dark colours under the same names: Android picks it in dark mode.
enum AndroidValues {
    static func xml(colors: Manifest.Colors, grid: Manifest.Grid, metrics: Manifest.Metrics) -> String {
        let palette = Manifest.Colors.Palette(
            background: colors.background, pageDot: colors.pageDot, currentPageDot: colors.currentPageDot,
            tabBarBackground: colors.tabBarBackground, selectedTab: colors.selectedTab)
        var lines = colorLines(palette)
        let dimensions: [(String, Double)] = [
            ("emokit_cell_height", grid.cellHeight), ("emokit_icon_size", grid.iconSize), ("emokit_grid_height", metrics.gridHeight),
            ("emokit_page_control_height", metrics.pageControlHeight), ("emokit_tab_bar_height", metrics.tabBarHeight),
            ("emokit_toolbar_height", metrics.toolbarHeight), ("emokit_keyboard_height", metrics.keyboardHeight),
            ("emokit_column_spacing", grid.columnSpacing ?? 0), ("emokit_row_spacing", grid.rowSpacing ?? 0),
        ]
        lines += dimensions.map { "    <dimen name=\"\($0.0)\">\(number($0.1))dp</dimen>" }
        lines.append("    <integer name=\"emokit_columns\">\(grid.columns)</integer>")
        lines.append("    <integer name=\"emokit_rows\">\(grid.rows)</integer>")
        return document(lines)
    }

    /// The dark colours under the light ones' names.
    static func nightXML(_ dark: Manifest.Colors.Palette) -> String { document(colorLines(dark)) }

    static func colorLines(_ palette: Manifest.Colors.Palette) -> [String] {
        let colours = [
            ("emokit_background", palette.background), ("emokit_page_dot", palette.pageDot), ("emokit_current_page_dot", palette.currentPageDot),
            ("emokit_tab_bar_background", palette.tabBarBackground), ("emokit_selected_tab", palette.selectedTab),
        ]
        return colours.map { "    <color name=\"\($0.0)\">\(Escape.xmlText($0.1))</color>" }
    }

    static func document(_ lines: [String]) -> String {
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- Written by emokit: the emoticon keyboard's values. -->\n<resources>\n"
            + lines.joined(separator: "\n") + "\n</resources>\n"
    }

    /// `50`, `12.5`: a dimension as written in XML.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
