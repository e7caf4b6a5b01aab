import Foundation
import KeyboardLayout

// The rows of where things are and how the keyboard is shaped: paths, the grid and metrics.

extension SettingsTable {
    static let paths: [Setting] = [
        .configOnly(
            "packs", type: .paths, starter: #"["."]"#, help: "Pack folders or folders of packs, as the command line's <pack> arguments.",
            apply: { $0.inputs = $1.urls }),
        .value("config", "file", short: "c", type: .path, validates: true, help: "A JSON config file (see Documentation/ConfigFile.md); flags override it.", apply: nil),
        .value(
            "out", "dir", short: "o", key: "out", type: .path, default: RunDefaults.output, starter: "\"\(RunDefaults.output)\"",
            help: "Output folder (default: {default}). Replaced whole on success.", apply: { $0.output = $1.url }),
    ]

    static let geometry: [Setting] = {
        let grid = GridSpec(), metrics = KeyboardMetrics()
        return [
            .value(
                "widths", "list", key: "widths", type: .wholeNumbers, range: OptionRanges.width, default: list(RunDefaults.widths, separator: ","),
                starter: "[" + list(RunDefaults.widths, separator: ", ") + "]", example: "375,414", validates: true,
                help: "Screen widths in points, each {range} (default: {default}).", apply: { $0.widths = $1.numbers }),
            .value(
                "sheets", SheetLayout.allCases.map(\.rawValue).joined(separator: "|"), key: "sheets", type: .word, default: RunDefaults.sheetLayout.rawValue,
                starter: "\"\(RunDefaults.sheetLayout.rawValue)\"", validates: true,
                help: "Page sheets (default: {default}): one per page and scale that every width lays out, or per-width: one per width too.",
                apply: { (options, value) throws(RowRefusal) in
                    options.sheetLayout = try Setting.word(value, among: SheetLayout.allCases.map(\.rawValue), SheetLayout.init(rawValue:))
                }),
            .value(
                "scales", "list", key: "scales", type: .wholeNumbers, range: OptionRanges.scale, default: list(RunDefaults.scales, separator: ","),
                starter: "[" + list(RunDefaults.scales, separator: ", ") + "]", example: "2,3 (whole scales 1 to 4; a 1.5x screen uses the @2x sheets)",
                validates: true, help: "Pixel scales, each {range} (default: {default}).", apply: { $0.scales = $1.numbers }),
            .value(
                "layout", LayoutPreset.allCases.map(\.rawValue).joined(separator: "|"), key: "layout", type: .word, default: RunDefaults.layout.rawValue,
                starter: "\"\(RunDefaults.layout.rawValue)\"", validates: true, appliesFirst: true,
                help: "The keyboard the frames follow (default: {default}, 8x4; weibo: YYKit's 7x3).",
                apply: { (options, value) throws(RowRefusal) in
                    options.useLayout(try Setting.word(value, among: LayoutPreset.allCases.map(\.rawValue), LayoutPreset.init(name:)))
                }),
            .value(
                "columns", "n", key: "grid.columns", type: .wholeNumber, range: OptionRanges.columns, default: "\(grid.columns)", validates: true,
                help: "Grid columns, {range} (default: {default}).", apply: { $0.grid.columns = $1.whole }),
            .value(
                "rows", "n", key: "grid.rows", type: .wholeNumber, range: OptionRanges.rows, default: "\(grid.rows)", validates: true,
                help: "Grid rows, {range} (default: {default}).", apply: { $0.grid.rows = $1.whole }),
            .value(
                "row-height", "pt", key: "grid.rowHeight", type: .number, range: OptionRanges.rowHeight, default: number(grid.rowHeight), validates: true,
                help: "Row height, {range} (default: {default}).", apply: { $0.grid.rowHeight = $1.number }),
            .value(
                "icon-size", "pt", key: "grid.iconSize", type: .number, range: OptionRanges.iconSize, default: number(grid.iconSize), validates: true,
                help: "Icon size, {range} and at most the cell, centred in it (default: {default}).", apply: { $0.grid.iconSize = $1.number }),
            .configOnly(
                "grid.insets.top", type: .number, help: "Space above the grid's first row, in points, {range} (default: 0).",
                apply: { $0.grid.insets.top = $1.number }),
            .configOnly(
                "grid.insets.left", type: .number, help: "Space left of the grid's first column, in points, {range} (default: 0).",
                apply: { $0.grid.insets.left = $1.number }),
            .configOnly(
                "grid.insets.bottom", type: .number, help: "Space below the grid's last row, in points, {range} (default: 0).",
                apply: { $0.grid.insets.bottom = $1.number }),
            .configOnly(
                "grid.insets.right", type: .number, help: "Space right of the grid's last column, in points, {range} (default: 0).",
                apply: { $0.grid.insets.right = $1.number }),
            .configOnly("grid.columnSpacing", type: .number, help: "Space between columns, in points, {range} (default: 0).", apply: { $0.grid.columnSpacing = $1.number }),
            .configOnly("grid.rowSpacing", type: .number, help: "Space between rows, in points, {range} (default: 0).", apply: { $0.grid.rowSpacing = $1.number }),
            .configOnly("grid.snapToPixels", type: .onOff, help: "Round cell edges to whole pixels (default: false).", apply: { $0.grid.snapToPixels = $1.isOn }),
            .value(
                "toolbar-height", "pt", key: "metrics.toolbarHeight", type: .number, range: OptionRanges.toolbarHeight, default: number(metrics.toolbarHeight),
                help: "Toolbar height, {range} (default: {default}).", apply: { $0.metrics.toolbarHeight = $1.number }),
            .value(
                "page-control-height", "pt", key: "metrics.pageControlHeight", type: .number, range: OptionRanges.pageControlHeight,
                default: number(metrics.pageControlHeight), help: "Page control height, {range} (default: {default}).",
                apply: { $0.metrics.pageControlHeight = $1.number }),
            .value(
                "tab-bar-height", "pt", key: "metrics.tabBarHeight", type: .number, range: OptionRanges.tabBarHeight, default: number(metrics.tabBarHeight),
                help: "Tab bar height, {range} (default: {default}).", apply: { $0.metrics.tabBarHeight = $1.number }),
            .configOnly(
                "metrics.gridTop", type: .number, help: "Where the grid starts below the keyboard's top, in points, {range} (default: 0).",
                apply: { $0.metrics.gridTop = $1.number }),
            .configOnly(
                "metrics.pageControlTop", type: .number, help: "Where the page control starts, in points, {range} (default: right below the grid).",
                apply: { $0.metrics.pageControlTop = $1.number }),
            .configOnly(
                "metrics.keyboardHeight", type: .number, help: "The keyboard's whole height, in points, {range} (default: grid, page control and tab bar).",
                apply: { $0.metrics.fixedKeyboardHeight = $1.number }),
        ]
    }()
}
