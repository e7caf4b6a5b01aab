import EmokitCLI
import EmoticonManifest
import Foundation
import TestSupport
import Testing

/// `generate --config FILE`: defaults < config < flags; typos and bad values are one-line errors.
struct ConfigFileTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    func writeConfig(_ json: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent("emokit.json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    @Test func configNamesPacksAndSettingsRelativeToItself() throws {
        let dir = Fixtures.temporaryDirectory()
        try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks/faces"), to: dir.appendingPathComponent("faces"))
        let config = try writeConfig(
            """
            { "packs": ["faces"], "out": "build/out", "widths": [320], "scales": [3],
              "grid": { "iconSize": 30 }, "colors": { "background": "#112233" }, "preview": false }
            """, in: dir)
        let result = run(["generate", "--config", config, "-q"])
        #expect(result.status == 0, "\(result.err)")
        let manifest = try Manifest.decode(Data(contentsOf: dir.appendingPathComponent("build/out/manifests/320.json")))
        #expect(manifest.colors.background == "#112233" && manifest.grid.iconSize == 30 && manifest.scales == [3])
        #expect(manifest.tabs[0].pages[0].buttons[0].sprite["3"]?.width == 90)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("build/out/index.html").path))
        // Flags override the config.
        let override = run(["generate", "--config", config, "--widths", "375", "--out", dir.appendingPathComponent("o2").path, "-q"])
        #expect(override.status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("o2/manifests/375.json").path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("o2/manifests/320.json").path))
    }

    @Test func configMistakesAreOneLineErrors() throws {
        let dir = Fixtures.temporaryDirectory()
        let cases: [(String, String)] = [
            (#"{ "widht": [375] }"#, "unknown key 'widht' (did you mean 'widths'?)"),
            (#"{ "grid": { "colums": 7 } }"#, "unknown key 'grid.colums' (did you mean 'grid.columns'?)"),
            (#"{ "widths": "375" }"#, "key 'widths': expected an array of whole numbers"),
            (#"{ "colors": { "pageDot": "grey" } }"#, "key 'colors.pageDot': expected a colour like #F4F4F6"),
            (#"[1, 2]"#, "expected a JSON object at the top level"),
            (#"{ "widths": [375,"#, "not valid JSON"),
        ]
        // Nesting is bounded before any parser recurses: 40,000 levels used to overflow the stack.
        let deep = String(repeating: "[", count: 40_000) + String(repeating: "]", count: 40_000)
        let nested = [(#"{ "grid": "# + deep + "}", "nested more than 64 levels deep"), (#"{ "grid": [1, {"a": 2}] }"#, "key 'grid': expected an object")]
        for (json, expected) in cases + nested {
            let config = try writeConfig(json, in: dir)
            let result = run(["generate", "--config", config, "pack"])
            #expect(result.status == 1, "\(json)")
            #expect(result.err.hasPrefix("error: \(config):") && result.err.contains(expected), "\(json): \(result.err)")
            #expect(result.err.split(separator: "\n").count == 1)
            #expect(run(["validate", "--config", config, "pack"]).status == 1, "validate: \(json)")
        }
        // A number out of its range is a usage error, as the same flag is.
        let range = try writeConfig(#"{ "scales": [7] }"#, in: dir)
        let outOfRange = run(["generate", "--config", range, "pack"])
        #expect(outOfRange.status == 2 && outOfRange.err == "error: \(range): key 'scales': 7 is out of range; expected a whole number from 1-4\n")
        // Keys only the config has are lengths of 0-2000 pt (1e300 reached the manifest).
        let far = try writeConfig(#"{ "metrics": { "keyboardHeight": 1e300 } }"#, in: dir)
        let tooFar = run(["generate", "--config", far, "pack"])
        #expect(tooFar.status == 2 && tooFar.err == "error: \(far): key 'metrics.keyboardHeight': 1e+300 is out of range; expected a number from 0-2000 pt\n")
        #expect(run(["generate", "--config", dir.appendingPathComponent("missing.json").path]).status == 1)
        // Without packs anywhere it is still a usage error.
        let noPacks = run(["generate", "--config", try writeConfig(#"{ "widths": [375] }"#, in: dir)])
        #expect(noPacks.status == 2 && noPacks.err.contains("Missing expected argument '<pack> ...'"))
    }

    @Test func configSyntaxErrorsGiveLineAndColumn() throws {
        let dir = Fixtures.temporaryDirectory()
        let cases: [(String, String)] = [
            ("{\n  \"widths\": [375, 414],\n  \"scales\": [2, 3],\n}\n", ":3:19: not valid JSON: trailing comma before '}' (remove the last comma)"),
            ("{\n  \"widths\": [375, 414,]\n}", ":2:22: not valid JSON: trailing comma before ']' (remove the last comma)"),
            ("{\n  \"widths\": [375]\n  \"scales\": [2]\n}", ":3:3: not valid JSON: missing ',' between members"),
            ("{ 'widths': [375] }", ":1:3: not valid JSON: expected a key in double quotes, found '''"),
            ("{\n  // comment\n  \"widths\": [375]\n}", ":2:3: not valid JSON: comments are not allowed in JSON"),
            ("{ \"locale\": \"tw }", ":1:13: not valid JSON: a string that never ends (missing closing \")"),
            ("{ \"widths\": [375] } x", ":1:21: not valid JSON: unexpected 'x' after the end of the JSON value"),
        ]
        for (index, (json, expected)) in cases.enumerated() {
            let config = dir.appendingPathComponent("config-\(index).json")
            try Data(json.utf8).write(to: config)
            let result = run(["generate", "--config", config.path, "pack"])
            #expect(result.status == 1)
            #expect(result.err.hasPrefix("error: \(config.path)\(expected)"), "\(json): \(result.err)")
        }
    }

    @Test func configSetsDarkColoursAndChecksTheirKeys() throws {
        let dir = Fixtures.temporaryDirectory()
        let config = dir.appendingPathComponent("emokit.json")
        try Data(##"{ "packs": ["\##(Fixtures.samplePacks.path)"], "widths": [375], "preview": false, "colors": { "selectedTab": "#DDDDDD", "dark": { "pageDot": "#444444" } } }"##.utf8).write(
            to: config)
        let out = dir.appendingPathComponent("out")
        #expect(run(["generate", "--config", config.path, "--out", out.path, "-q"]).status == 0)
        let manifest = try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        #expect(manifest.colors.selectedTab == "#DDDDDD" && manifest.colors.dark?.pageDot == "#444444")
        try Data(##"{ "colors": { "dark": { "pagedot": "#444444" } } }"##.utf8).write(to: config)
        let typo = run(["generate", "--config", config.path, "pack"])
        #expect(typo.status == 1 && typo.err.contains("unknown key 'colors.dark.pagedot' (did you mean 'colors.dark.pageDot'?)"))
    }

    /// The options are checked as a whole once, after the flags: a flag may mend what the config
    /// alone could not run with, and a problem no flag mended names the config file.
    @Test func flagsMendTheConfigBeforeTheWholeIsChecked() throws {
        let dir = Fixtures.temporaryDirectory()
        try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks/faces"), to: dir.appendingPathComponent("faces"))
        let packs = #""packs": ["faces"], "widths": [320], "preview": false"#
        let four = try writeConfig("{ \(packs), \"scales\": [4], \"xcassets\": true }", in: dir)
        #expect(run(["generate", "--config", four, "--out", dir.appendingPathComponent("o1").path, "-q"]).status == 2)
        let mended = run(["generate", "--config", four, "--scales", "2", "--out", dir.appendingPathComponent("o2").path, "-q"])
        #expect(mended.status == 0, "\(mended.err)")
        let both = try writeConfig("{ \(packs), \"strict\": true, \"lenient\": true }", in: dir)
        #expect(run(["generate", "--config", both, "--out", dir.appendingPathComponent("o3").path, "-q"]).status == 2)
        let decided = run(["generate", "--config", both, "--no-strict", "--out", dir.appendingPathComponent("o4").path, "-q"])
        #expect(decided.status == 0, "\(decided.err)")
        let tall = try writeConfig("{ \(packs), \"grid\": { \"iconSize\": 60 } }", in: dir)
        let refused = run(["generate", "--config", tall, "--out", dir.appendingPathComponent("o5").path])
        #expect(refused.status == 2 && refused.err == "error: \(tall): the icon (60 pt) is taller than its row (50 pt)\n", "\(refused.err)")
    }

    /// Keys given twice, empty paths and very long values: refused in one short line.
    @Test func duplicateKeysEmptyPathsAndLongValues() throws {
        let dir = Fixtures.temporaryDirectory()
        let cases: [(String, String)] = [
            (#"{ "grid": { "columns": 2 }, "grid": { "rows": 1 } }"#, #"the key "grid" is given twice in this object"#),
            (#"{ "layout": "weibo", "layout": "classic" }"#, #"the key "layout" is given twice"#),
            (#"{ "out": "" }"#, "key 'out': expected a path"),
            (#"{ "out": "o\u0000x" }"#, "key 'out': expected a path"),
            (#"{ "packs": ["faces", ""] }"#, "key 'packs[1]': expected a path"),
            ("{ \"layout\": \"\(String(repeating: "x", count: 200_000))\" }", "(200000 characters)"),
        ]
        for (json, expected) in cases {
            let config = try writeConfig(json, in: dir)
            let result = run(["generate", "--config", config, "pack"])
            #expect(result.status == 1 && result.err.contains(expected), "\(json.prefix(60)): \(result.err.prefix(300))")
            #expect(result.err.utf8.count < 400 && result.err.split(separator: "\n").count == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("o%00x").path))
    }
}
