import Diagnostics
import KeyboardLayout

/// The allowed range of every number a run can be given, shared by the command line, the config
/// file, `--help` and the README, so a huge or negative value is a usage error naming the option
/// (exit 2) and never an overflow trap or a many-gigabyte sheet.
public struct NumberRange: Sendable {
    /// The command-line flag, e.g. `--columns`.
    public let flag: String
    /// The config file key, e.g. `grid.columns`.
    public let key: String
    /// The setting's name as a `Diagnostic` refers to it (the flag without its dashes: `columns`).
    public var setting: String { String(flag.dropFirst(2)) }
    public let lower: Double
    public let upper: Double
    /// Whether only whole numbers are allowed.
    public let whole: Bool
    public let unit: String

    /// `1-32`, `8-500`: the bounds alone, as `--help` shows them after the option's own unit.
    public var bounds: String {
        let format = { (v: Double) in v == v.rounded() ? String(Int(v)) : String(v) }
        return "\(format(lower))-\(format(upper))"
    }

    /// `1-32`, `8-500 pt`: how messages and `Documentation/Options.md` show the range.
    public var text: String { bounds + (unit.isEmpty ? "" : " \(unit)") }

    /// Parses command-line text: ASCII digits only (full-width digits are not numbers here), with
    /// an optional fraction when `whole` is false. nil when it is not such a number or is out of
    /// range.
    public func parse(_ text: String) -> Double? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let digits = { (s: Substring) in !s.isEmpty && s.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
        guard parts.count == 1 || (parts.count == 2 && !whole), parts.allSatisfy(digits), parts[0].count <= 12,
            let value = Double(text)
        else { return nil }
        return contains(value) ? value : nil
    }

    public func contains(_ value: Double) -> Bool {
        value.isFinite && value >= lower && value <= upper && (!whole || value == value.rounded())
    }

    /// The message for a refused value, naming the option as the user wrote it.
    public func refusal(_ value: String, name: String) -> String {
        "The value '\(value)' is invalid for '\(name)': expected \(whole ? "a whole number" : "a number") from \(text)"
    }
}

public enum OptionRanges {
    public static let width = NumberRange(flag: "--widths", key: "widths", lower: 100, upper: 4096, whole: true, unit: "pt")
    public static let scale = NumberRange(flag: "--scales", key: "scales", lower: 1, upper: 4, whole: true, unit: "")
    /// `--xcassets-widths`: widths as `--widths` takes them (each must also be one of them).
    public static let catalogWidth = NumberRange(flag: "--xcassets-widths", key: "xcassetsWidths", lower: 100, upper: 4096, whole: true, unit: "pt")
    public static let columns = NumberRange(flag: "--columns", key: "grid.columns", lower: 1, upper: 32, whole: true, unit: "")
    public static let rows = NumberRange(flag: "--rows", key: "grid.rows", lower: 1, upper: 32, whole: true, unit: "")
    public static let rowHeight = NumberRange(flag: "--row-height", key: "grid.rowHeight", lower: 8, upper: 500, whole: false, unit: "pt")
    public static let iconSize = NumberRange(flag: "--icon-size", key: "grid.iconSize", lower: 4, upper: 500, whole: false, unit: "pt")
    public static let toolbarHeight = NumberRange(flag: "--toolbar-height", key: "metrics.toolbarHeight", lower: 1, upper: 500, whole: false, unit: "pt")
    public static let pageControlHeight = NumberRange(flag: "--page-control-height", key: "metrics.pageControlHeight", lower: 1, upper: 500, whole: false, unit: "pt")
    public static let tabBarHeight = NumberRange(flag: "--tab-bar-height", key: "metrics.tabBarHeight", lower: 1, upper: 500, whole: false, unit: "pt")
    public static let maxPlistSize = NumberRange(flag: "--max-plist-size", key: "maxPlistSizeMB", lower: 1, upper: 1024, whole: true, unit: "MB")
    public static let maxWidth = NumberRange(flag: "--max-width", key: "maxWidth", lower: 1, upper: 65535, whole: true, unit: "pixels")
    public static let maxHeight = NumberRange(flag: "--max-height", key: "maxHeight", lower: 1, upper: 65535, whole: true, unit: "pixels")
    public static let maxPixels = NumberRange(flag: "--max-pixels", key: "maxPixels", lower: 1, upper: 1_073_741_824, whole: true, unit: "pixels")
    public static let compression = NumberRange(flag: "--compression", key: "compression", lower: 0, upper: 9, whole: true, unit: "")
    /// A config key's length in points (`grid.insets.top`, `metrics.gridTop`): no flag has it.
    public static func length(_ key: String) -> NumberRange { NumberRange(flag: "", key: key, lower: 0, upper: 2000, whole: false, unit: "pt") }
    /// Bytes, up to a terabyte (a budget is a few megabytes; the bound only keeps the number sane).
    public static let sizeBudget = NumberRange(flag: "--size-budget", key: "sizeBudget", lower: 1, upper: 1e12, whole: true, unit: "bytes")
    public static let jobs = NumberRange(flag: "--jobs", key: "jobs", lower: 1, upper: 256, whole: true, unit: "")

    /// A sheet is at most this many pixels a side and in all (64 megapixels is 256 MB of RGBA).
    public static let maxSheetSide = 16384
    public static let maxSheetPixels = 64 * 1024 * 1024

    /// Problems of the options taken together, once each number is in its range: an icon larger
    /// than its cell, a sheet past the pixel cap. nil when the geometry can be drawn.
    public static func geometryProblem(grid: GridSpec, widths: [Int], scales: [Int], sheets: SheetLayout) -> Diagnostic.Message? {
        if grid.columns * grid.rows < 2 { return "a page needs room for at least one emoticon beside the delete button (\(setting: "columns") x \(setting: "rows") >= 2)" }
        if grid.iconSize > grid.rowHeight {
            return "the icon (\(setting: "icon-size") \(number(grid.iconSize)) pt) is taller than its row (\(setting: "row-height") \(number(grid.rowHeight)) pt)"
        }
        for width in widths.sorted() {
            let cell = grid.cellWidth(screenWidth: width)
            if grid.iconSize > cell {
                return
                    "the icon (\(setting: "icon-size") \(number(grid.iconSize)) pt) is wider than its cell (\(number(cell)) pt = \(setting: "widths") \(width) / \(setting: "columns") \(grid.columns))"
            }
        }
        if sheets == .anyWidth {
            for scale in scales.sorted().reversed() {
                let sheet = AnyWidthSheet(grid: grid, scale: scale)
                let (w, h) = (Double(sheet.pixelWidth), Double(sheet.pixelHeight))
                if w > Double(maxSheetSide) || h > Double(maxSheetSide) || w * h > Double(maxSheetPixels) {
                    return
                        "a page's sheet @\(scale)x would be \(number(w))x\(number(h)) pixels; the limit is \(maxSheetSide) a side and \(maxSheetPixels / 1_048_576) megapixels (lower \(setting: "columns"), \(setting: "rows"), \(setting: "icon-size") or \(setting: "scales"))"
                }
            }
            return nil
        }
        for width in widths.sorted().reversed() {
            for scale in scales.sorted().reversed() {
                // In Double: insets and spacing (config keys) may make the height huge.
                let w = Double(width * scale)
                let h = (grid.gridHeight * Double(scale)).rounded()
                if w > Double(maxSheetSide) || !(h <= Double(maxSheetSide)) || w * h > Double(maxSheetPixels) {
                    return
                        "a sheet at width \(width) @\(scale)x would be \(number(w))x\(number(h)) pixels; the limit is \(maxSheetSide) a side and \(maxSheetPixels / 1_048_576) megapixels (lower \(setting: "rows"), \(setting: "row-height"), \(setting: "widths") or \(setting: "scales"))"
                }
            }
        }
        return nil
    }

    /// `32`, `32.5`, `1e+300`: a number as a user wrote it (never traps on huge values).
    public static func number(_ v: Double) -> String { GridSpec.text(v) }
}
