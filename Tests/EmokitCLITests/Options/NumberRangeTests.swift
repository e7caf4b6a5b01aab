import Foundation
import Pipeline
import TestSupport
import Testing

@testable import EmokitCLI

/// Every number has a documented range; out of range is exit 2 naming the option, on the command
/// line and in the config file, and never an overflow trap or a huge allocation.
struct NumberRangeTests {
    static let pack = Fixtures.conformance.appendingPathComponent("plists/weibo-valid").path

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    func generate(_ extra: [String]) -> (status: Int32, out: String, err: String) {
        run(["generate", Self.pack, "--out", Fixtures.temporaryDirectory().appendingPathComponent("out").path, "--no-preview"] + extra)
    }

    /// These crashed the process (SIGILL on overflow) or tried to allocate gigabytes.
    @Test func hugeNumbersAreUsageErrors() {
        let cases: [([String], String)] = [
            (["--max-plist-size", "9000000000000"], "'--max-plist-size': expected a whole number from 1-1024 MB"),
            (["--columns", "4294967296", "--rows", "4294967296"], "'--columns': expected a whole number from 1-32"),
            (["--row-height", "1e300", "--icon-size", "1e300"], "'--row-height': expected a number from 8-500 pt"),
            (["--widths", "99999999999999999999"], "'--widths': expected whole numbers separated by commas, e.g. 375,414; each from 100-4096 pt"),
            (["--compression", "10"], "'--compression': expected a whole number from 0-9"),
            (["--rows", "-1"], "'--rows'"),
            (["--toolbar-height", "nan"], "'--toolbar-height'"),
            (["--icon-size", "３２"], "'--icon-size'"),  // full-width digits are not numbers here
        ]
        for (arguments, expected) in cases {
            let result = generate(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.err.contains(expected), "\(arguments): \(result.err)")
        }
    }

    /// The same values in a config file: exit 2 naming the key.
    @Test func configNumbersAreRangeChecked() throws {
        let folder = Fixtures.temporaryDirectory()
        let cases: [(String, String)] = [
            (#"{"maxPlistSizeMB": 9000000000000}"#, "key 'maxPlistSizeMB': 9000000000000 is out of range; expected a whole number from 1-1024 MB"),
            (#"{"grid": {"columns": 4294967296, "rows": 4294967296}}"#, "key 'grid.columns': 4294967296 is out of range"),
            (#"{"grid": {"rowHeight": 1e300, "iconSize": 1e300}}"#, "key 'grid.rowHeight': 1e+300 is out of range; expected a number from 8-500 pt"),
            (#"{"widths": [320], "grid": {"rowHeight": 60, "iconSize": 50}}"#, "is wider than its cell (40 pt = --widths 320 / --columns 8)"),
        ]
        for (json, expected) in cases {
            let config = folder.appendingPathComponent("c.json")
            try Data(json.utf8).write(to: config)
            let result = run(["generate", Self.pack, "--config", config.path, "--out", folder.appendingPathComponent("out").path])
            #expect(result.status == 2, "\(json)")
            #expect(result.err.contains(expected), "\(json): \(result.err)")
        }
    }

    /// `--widths 320 --row-height 60 --icon-size 50` gave a sprite at x = -10 and a delete
    /// sprite past the sheet's edge.
    @Test func iconLargerThanItsCellIsRefused() {
        let result = generate(["--widths", "320", "--row-height", "60", "--icon-size", "50"])
        #expect(result.status == 2)
        #expect(result.err.contains("the icon (--icon-size 50 pt) is wider than its cell (40 pt = --widths 320 / --columns 8)"))
        let tall = generate(["--row-height", "30", "--icon-size", "40"])
        #expect(tall.status == 2 && tall.err.contains("the icon (40 pt) is taller than its row (30 pt)"), "\(tall.err)")
    }

    /// Large but finite grids would allocate sheets of many GB.
    @Test func sheetPixelsAreCapped() {
        let perWidth = generate(["--sheets", "per-width", "--widths", "4096", "--scales", "4", "--rows", "32", "--row-height", "500", "--icon-size", "100"])
        #expect(perWidth.status == 2)
        #expect(perWidth.err.contains("a sheet at width 4096 @4x would be 16384x64000 pixels; the limit is 16384 a side and 64 megapixels"))
        // An any-width sheet is the grid of icon boxes (each 1 pt wider each side), whatever the width.
        let grid = ["--widths", "4096", "--scales", "4", "--columns", "32", "--rows", "2", "--row-height", "128", "--icon-size", "128"]
        let anyWidth = generate(grid)
        #expect(anyWidth.status == 2)
        #expect(anyWidth.err.contains("a page's sheet @4x would be 16640x1040 pixels; the limit is 16384 a side and 64 megapixels"), "\(anyWidth.err)")
    }

    @Test func helpShowsEveryRange() {
        let help = run(["generate", "--help"]).out
        for text in [
            "each 100-4096", "each 1-4", "Grid columns, 1-32", "Grid rows, 1-32", "Row height, 8-500", "Icon size, 4-500",
            "Toolbar height, 1-500", "Page control height, 1-500", "Tab bar height, 1-500", "1-1024", "0-9",
        ] {
            #expect(help.contains(text), "\(text)")
        }
    }

    // MARK: - Smaller command-line items
}
