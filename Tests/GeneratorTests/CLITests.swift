import EmokitCLI
import EmoticonManifest
import Foundation
import TestSupport
import Testing

/// The command line driven in-process: exit codes, help and the one-line errors users see.
struct CLITests {
    final class Recorder: @unchecked Sendable {
        var out = "", err = ""
        lazy var console = Console(out: { [unowned self] in self.out += $0 }, error: { [unowned self] in self.err += $0 })
    }

    /// Runs the CLI in-process with a recording console.
    static func invoke(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let recorder = Recorder()
        let status = CLI.run(arguments, console: recorder.console)
        return (status, recorder.out, recorder.err)
    }

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { Self.invoke(arguments) }

    @Test func helpAndVersion() {
        let help = run(["--help"])
        #expect(help.status == 0 && help.out.contains("SUBCOMMANDS:") && help.out.contains("generate") && help.out.contains("inspect"))
        let generateHelp = run(["generate", "--help"])
        #expect(generateHelp.status == 0 && generateHelp.out.contains("--widths <list>") && generateHelp.out.contains("USAGE: emokit generate <pack> ..."))
        #expect(run(["help", "inspect"]).out.contains("USAGE: emokit inspect"))
        let version = run(["--version"])
        #expect(version.status == 0 && version.out.hasPrefix("emokit 0.1.0 (libpng 1.6"))
    }

    @Test func usageMistakesExitTwoWithTheUsageLine() {
        let typo = run(["generate", "pack", "--widht", "375"])
        #expect(typo.status == 2)
        #expect(
            typo.err.contains("Error: Unknown option '--widht'") && typo.err.contains("Did you mean '--width")
                && typo.err.contains("Usage: emokit generate"))
        let missingValue = run(["generate", "pack", "--out"])
        #expect(missingValue.status == 2 && missingValue.err.contains("Missing value for '--out <dir>'"))
        let badList = run(["generate", "pack", "--widths", "375,abc"])
        #expect(badList.status == 2 && badList.err.contains("'--widths'"))
        let noPack = run(["generate"])
        #expect(noPack.status == 2 && noPack.err.contains("Missing expected argument '<pack> ...'"))
        let unknown = run(["generat"])
        #expect(unknown.status == 2 && unknown.err.contains("Did you mean 'generate'?"))
    }

    @Test func inputErrorsExitOneNamingFileAndEntry() {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out").path
        let result = run(["generate", Fixtures.conformance.appendingPathComponent("plists/missing-png-key").path, "--out", out])
        #expect(result.status == 1)
        // The other entries' 64 px images are enlarged at @3x: warnings, printed before the error.
        let lines = result.err.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(lines.count == 1)
        #expect(lines[0] == "error: missing-png-key/info.plist: entry 1 (\"[嘻嘻]\"): png: missing: an image entry (type 0) needs png")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// Output failures have their own status (3), distinct from refused inputs (1), so a build
    /// script can tell "fix your pack" from "fix your disk or --out".
    @Test func outputFailuresExitThree() throws {
        let dir = Fixtures.temporaryDirectory()
        try Data("keep me".utf8).write(to: dir.appendingPathComponent("precious.txt"))
        let foreign = run(["generate", Fixtures.conformance.appendingPathComponent("plists/weibo-valid").path, "--out", dir.path, "--quiet"])
        #expect(foreign.status == 3)
        #expect(foreign.err.split(separator: "\n").count == 1 && foreign.err.contains("was not written by emokit"))
        let file = dir.appendingPathComponent("precious.txt").path
        let notAFolder = run(["generate", Fixtures.conformance.appendingPathComponent("plists/weibo-valid").path, "--out", file, "--quiet"])
        #expect(notAFolder.status == 3 && notAFolder.err.contains("exists and is not a folder"))
        #expect(run(["generate", "--help"]).out.contains("3 the output could not be written"))
        #expect(run(["--help"]).out.contains("3 the output could not be written"))
    }

    /// `--locale` takes exactly the locales a pack's group names come in.
    @Test func localeIsOneOfTheGroupNameLocales() throws {
        let bad = run(["generate", "pack", "--locale", "fr"])
        #expect(bad.status == 2 && bad.err.contains("The value 'fr' is invalid for '--locale <cn|tw|en>'"))
        let dir = Fixtures.temporaryDirectory()
        let config = dir.appendingPathComponent("emokit.json")
        try Data(#"{"packs": ["p"], "locale": "fr"}"#.utf8).write(to: config)
        let fromConfig = run(["generate", "--config", config.path])
        #expect(fromConfig.status == 1 && fromConfig.err.contains("key 'locale': expected \"cn\", \"tw\" or \"en\", not \"fr\""))
    }

    @Test func inspectPrintsOneLinePerFile() {
        let good = Fixtures.conformance.appendingPathComponent("bad-png/control-good-64x64.png").path
        let bad = Fixtures.conformance.appendingPathComponent("bad-png/jpeg-renamed.png").path
        let result = run(["inspect", good, bad])
        #expect(result.status == 1)
        #expect(result.out == "\(good)\t64x64\trgba 8-bit\t4d287501a2e1275a7d335f55baecf69a364b72fe4582a9314f9f2fa6594f6cc9\n")
        #expect(result.err == "error: \(bad): not a PNG file (looks like JPEG)\n")
        let palette = Fixtures.conformance.appendingPathComponent("pngsuite/libpng-pngsuite/basn3p04.png").path
        #expect(run(["inspect", palette]).out.contains("\tpalette 4-bit\t"))
        let interlaced = Fixtures.conformance.appendingPathComponent("pngsuite/libpng-pngsuite/ibasn6a16.png").path
        #expect(run(["inspect", interlaced]).out.contains("\trgba 16-bit interlaced\t"))
    }

    @Test func generateReportsWhatItWrote() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out").path
        let result = run(["generate", Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks").path, "--out", out, "--widths", "320", "--scales", "2"])
        #expect(result.status == 0, "\(result.err)")
        // 7 page sheets and the emoji tab's skin-tone variants sheet.
        #expect(result.out.contains("3 tabs, 7 pages, 8 sheets"))
        #expect(FileManager.default.fileExists(atPath: out + "/preview/320.html"))
        #expect(FileManager.default.fileExists(atPath: out + "/index.html"))
    }
}

/// `generate --emoji-keyboard`: no pack needed, a summary per group, data files named in errors.
struct EmojiKeyboardCLITests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let recorder = CLITests.Recorder()
        let status = CLI.run(arguments, console: recorder.console)
        return (status, recorder.out, recorder.err)
    }

    static let fixture = Fixtures.packageRoot.appendingPathComponent("Tests/GeneratorTests/Fixtures/emoji-keyboard/emoji-test.txt").path

    @Test func emojiKeyboardWithoutPacksPrintsItsSummary() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out").path
        let result = run(["generate", "--emoji-keyboard", "--emoji-data", Self.fixture, "--out", out, "--widths", "375", "--scales", "2", "--locale", "en", "--no-preview"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("Emoji keyboard (Emoji 15.0): 6 emoji and 5 skin-tone variants in 3 tabs"))
        #expect(result.out.contains("  emoji-people-body  People & Body: 1 emoji, 5 variants, 1 left out"))
        #expect(result.out.contains("  1 emoji left out: the emoji source has no glyph for them"))
        #expect(result.out.contains("  1 emoji named in English from emoji-test.txt: CLDR (en) has no name for them"))
        #expect(result.err == "")
    }

    @Test func badEmojiDataIsAnInputErrorNamingTheFile() {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out").path
        let result = run(["generate", "--emoji-keyboard", "--emoji-data", "/nonexistent/emoji-test.txt", "--out", out])
        #expect(result.status == 1)
        #expect(result.err == "error: /nonexistent/emoji-test.txt: cannot read (no such file)\n")
        let packs = Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks").path
        let notEmojiTest = run(["generate", packs, "--emoji-keyboard", "--emoji-data", packs + "/emoticons.plist", "--out", out])
        #expect(notEmojiTest.status == 1)
        #expect(notEmojiTest.err.hasPrefix("error: \(packs)/emoticons.plist: line "))
    }

    @Test func configKeysTurnOnTheEmojiKeyboard() throws {
        let dir = Fixtures.temporaryDirectory()
        let config = dir.appendingPathComponent("emokit.json")
        let data = dir.appendingPathComponent("data/emoji-test.txt")
        try FileManager.default.createDirectory(at: data.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: data.path)
        try Data(#"{"emojiKeyboard": true, "emojiData": "data/emoji-test.txt", "out": "out", "widths": [375], "scales": [2], "preview": false}"#.utf8)
            .write(to: config)
        let result = run(["generate", "--config", config.path])
        #expect(result.status == 0, "\(result.err)")
        let manifest = try Manifest.decode(try Data(contentsOf: dir.appendingPathComponent("out/manifests/375.json")))
        #expect(manifest.tabs.map(\.id) == ["emoji-smileys-emotion", "emoji-people-body", "emoji-flags"])
        let typo = dir.appendingPathComponent("typo.json")
        try Data(#"{"emojiKeybaord": true}"#.utf8).write(to: typo)
        let refused = run(["generate", "--config", typo.path])
        #expect(refused.status != 0)
        #expect(refused.err.contains("unknown key 'emojiKeybaord'") && refused.err.contains("emojiKeyboard"))
    }

    @Test func packsAreStillRequiredWithoutTheEmojiKeyboard() {
        let result = run(["generate", "--out", Fixtures.temporaryDirectory().path])
        #expect(result.status == 2)
        #expect(result.err.contains("Missing expected argument '<pack> ...'"))
    }
}

/// `generate --config FILE`: defaults < config < flags; typos and bad values are one-line errors.
struct ConfigTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLITests.invoke(arguments) }

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
        for (json, expected) in cases {
            let config = try writeConfig(json, in: dir)
            let result = run(["generate", "--config", config, "pack"])
            #expect(result.status == 1, "\(json)")
            #expect(result.err.hasPrefix("error: \(config):") && result.err.contains(expected), "\(json): \(result.err)")
            #expect(result.err.split(separator: "\n").count == 1)
        }
        // A number out of its range is a usage error, as the same flag is.
        let range = try writeConfig(#"{ "scales": [7] }"#, in: dir)
        let outOfRange = run(["generate", "--config", range, "pack"])
        #expect(outOfRange.status == 2 && outOfRange.err == "error: \(range): key 'scales': 7 is out of range; expected a whole number from 1-4\n")
        #expect(run(["generate", "--config", dir.appendingPathComponent("missing.json").path]).status == 1)
        // Without packs anywhere it is still a usage error.
        let noPacks = run(["generate", "--config", try writeConfig(#"{ "widths": [375] }"#, in: dir)])
        #expect(noPacks.status == 2 && noPacks.err.contains("Missing expected argument '<pack> ...'"))
    }
}
