import EmokitCLI
import EmoticonManifest
import Foundation
import PipelineTestSupport
import TestSupport
import Testing

/// `--layout` and the config keys for layouts, insets and spacing, through the command line.
struct LayoutOptionTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    func manifest(_ out: URL, _ width: Int) throws -> Manifest {
        try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifests/\(width).json")))
    }

    @Test func layoutFlagChoosesThePreset() throws {
        let dir = Fixtures.temporaryDirectory()
        try PackFixtures.weiboArrayPack(at: dir.appendingPathComponent("grid"), count: 5)
        let pack = dir.appendingPathComponent("grid").path
        let weibo = run(["generate", pack, "--layout", "weibo", "--widths", "375", "--out", dir.appendingPathComponent("w").path, "--no-preview", "-q"])
        #expect(weibo.status == 0, "\(weibo.err)")
        let m = try manifest(dir.appendingPathComponent("w"), 375)
        #expect(m.layout == "weibo" && m.grid.columns == 7 && m.metrics.keyboardHeight == 216)
        #expect(m.tabs[0].pages[0].buttons.last?.index == 20)
        // The classic layout, also by its old name; flags still refine a preset.
        let classic = run(["generate", pack, "--layout", "seed004", "--rows", "3", "--widths", "375", "--out", dir.appendingPathComponent("c").path, "--no-preview", "-q"])
        #expect(classic.status == 0, "\(classic.err)")
        let c = try manifest(dir.appendingPathComponent("c"), 375)
        #expect(c.layout == "classic" && c.grid.columns == 8 && c.grid.rows == 3 && c.grid.snapToPixels == false && c.tabs[0].pages[0].buttons[0].frames == nil)
        let bad = run(["generate", pack, "--layout", "qq"])
        #expect(bad.status == 2 && bad.err.contains("The value 'qq' is invalid for '--layout <classic|weibo>'"))
        #expect(run(["generate", "--help"]).out.contains("--layout <classic|weibo>"))
    }

    @Test func configDescribesAKeyboardWithInsetsAndSpacing() throws {
        let dir = Fixtures.temporaryDirectory()
        try PackFixtures.weiboArrayPack(at: dir.appendingPathComponent("grid"), count: 5)
        let config = dir.appendingPathComponent("emokit.json")
        try Data(
            """
            { "packs": ["grid"], "widths": [390], "scales": [2], "preview": false, "layout": "weibo",
              "grid": { "columns": 6, "insets": { "top": 4, "left": 12, "right": 12 }, "columnSpacing": 6, "rowSpacing": 2, "snapToPixels": false },
              "metrics": { "gridTop": 8, "pageControlTop": 170, "keyboardHeight": 230 } }
            """.utf8
        ).write(to: config)
        let result = run(["generate", "--config", config.path, "--out", dir.appendingPathComponent("o").path, "-q"])
        #expect(result.status == 0, "\(result.err)")
        let m = try manifest(dir.appendingPathComponent("o"), 390)
        #expect(m.layout == "weibo" && m.grid.columns == 6 && m.grid.rows == 3 && m.grid.emoticonsPerPage == 17)
        #expect(m.grid.insets == Manifest.Insets(top: 4, left: 12, bottom: 0, right: 12) && m.grid.columnSpacing == 6 && m.grid.rowSpacing == 2)
        #expect(m.metrics.gridTop == 8 && m.metrics.gridHeight == 4 + 150 + 4 && m.metrics.pageControlTop == 170 && m.metrics.keyboardHeight == 230)
        #expect(m.metrics.tabBarTop == 230 - 37 && m.grid.columnsByScale == nil)
        let cell = (390.0 - 24 - 5 * 6) / 6
        let last = try #require(m.tabs[0].pages[0].buttons.last)
        #expect(last.row == 2 && last.column == 5 && abs(last.frame.x - (12 + 5 * (cell + 6))) < 1e-9 && last.frame.y == 4 + 2 * 52)
        // --layout on the command line replaces the config's preset; its grid keys still refine it.
        let second = dir.appendingPathComponent("second.json")
        try Data(#"{ "packs": ["grid"], "widths": [390], "preview": false, "layout": "weibo", "grid": { "columns": 6, "insets": { "left": 12 } } }"#.utf8).write(to: second)
        let flagged = run(["generate", "--config", second.path, "--layout", "classic", "--out", dir.appendingPathComponent("f").path, "-q"])
        #expect(flagged.status == 0, "\(flagged.err)")
        let f = try manifest(dir.appendingPathComponent("f"), 390)
        #expect(f.layout == "classic" && f.grid.rows == 4 && f.grid.columns == 6 && f.grid.insets?.left == 12)
    }

    @Test func layoutConfigMistakesAreOneLineErrors() throws {
        let dir = Fixtures.temporaryDirectory()
        // Wrong keys and names exit 1; numbers that make an impossible keyboard are usage errors
        // (exit 2), as the same flags would be.
        let cases: [(String, String, Int32)] = [
            (#"{ "layout": "weibo2" }"#, #"key 'layout': expected "classic" or "weibo", not "weibo2""#, 1),
            (#"{ "grid": { "insets": { "lef": 1 } } }"#, "unknown key 'grid.insets.lef' (did you mean 'grid.insets.left'?)", 1),
            (#"{ "grid": { "columnSpacing": -2 } }"#, "key 'grid.columnSpacing': -2 is out of range; expected a number from 0-2000 pt", 2),
            (#"{ "metrics": { "keyboardHeight": 100 } }"#, "runs into the tab bar", 2),
        ]
        for (json, expected, status) in cases {
            let config = dir.appendingPathComponent("emokit.json")
            try Data(json.utf8).write(to: config)
            let result = run(["generate", "--config", config.path, "pack"])
            #expect(result.status == status, "\(json)")
            #expect(result.err.hasPrefix("error: \(config.path): ") && result.err.contains(expected), "\(json): \(result.err)")
            #expect(result.err.split(separator: "\n").count == 1)
        }
    }
}
