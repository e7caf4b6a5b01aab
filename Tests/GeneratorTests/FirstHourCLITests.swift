import EmoticonPacks
import Foundation
import Pipeline
import TestSupport
import Testing
import TextMatching

@testable import EmokitCLI

/// A new user's first hour: a config's `true` can be turned off for one run, a typo gets the name
/// it meant, and counts read as sentences ("1 page", not "1 pages").
struct FirstHourCLITests {
    static let pack = Fixtures.conformance.appendingPathComponent("plists/weibo-valid").path

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLITests.invoke(arguments) }

    func writeConfig(_ json: String, in folder: URL, name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(json.utf8).write(to: url)
        return url.path
    }

    /// The options `generate` would run with (config, then flags), without running.
    func resolved(_ arguments: [String]) throws -> GeneratorOptions {
        let parsed = try ArgumentParser.parse(arguments, for: GenerateCommand.spec)
        let config = try parsed.value("config").map { try GeneratorConfig.load(URL(fileURLWithPath: $0)) }
        return try GenerateCommand.makeOptions(parsed, config: config)
    }

    /// An empty value (`--cache "$UNSET"`) would be the current folder for a path: `--cache ""`
    /// wrote the page cache into it. Every option's empty value and an empty pack are usage errors.
    @Test func emptyValuesAreUsageErrors() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out").path
        let cases: [[String]] = [
            [Self.pack, "--cache", "", "--out", out], [Self.pack, "--cache=", "--out", out], [Self.pack, "--out", ""],
            [Self.pack, "--config", "", "--out", out], ["", "--out", out], [Self.pack, "", "--out", out],
        ]
        for arguments in cases {
            let result = run(["generate"] + arguments + ["--no-preview", "-q"])
            #expect(result.status == 2, "\(arguments): \(result.err)")
            #expect(result.err.hasPrefix("Error: ") && result.err.contains("empty"), "\(arguments): \(result.err)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    @Test func noFlagsTurnOffWhatTheConfigTurnsOn() throws {
        let dir = Fixtures.temporaryDirectory()
        let on = try writeConfig(#"{"xcassets": true, "web": true, "emojiKeyboard": true, "lenient": true, "preview": false}"#, in: dir, name: "on.json")
        let asConfigured = try resolved([Self.pack, "--config", on])
        #expect(asConfigured.assetCatalog == "Emoticons" && asConfigured.writeWeb && asConfigured.emojiKeyboard && asConfigured.lenient && !asConfigured.writePreview)
        let off = try resolved([Self.pack, "--config", on, "--no-xcassets", "--no-web", "--no-emoji-keyboard", "--no-lenient", "--preview"])
        #expect(off.assetCatalog == nil && !off.writeWeb && !off.emojiKeyboard && !off.lenient && off.writePreview)
        let strict = try writeConfig(#"{"strict": true}"#, in: dir, name: "strict.json")
        #expect(try resolved([Self.pack, "--config", strict]).strict)
        #expect(try !resolved([Self.pack, "--config", strict, "--no-strict"]).strict)
        // Without a config, a --no- flag says what is already the default.
        let plain = try resolved([Self.pack, "--no-web", "--no-xcassets"])
        #expect(plain.assetCatalog == nil && !plain.writeWeb)
        // A config's emoji keyboard stands in for packs; turned off, packs are needed again.
        let emojiOnly = try writeConfig(#"{"emojiKeyboard": true}"#, in: dir, name: "emoji.json")
        let noPacks = run(["generate", "--config", emojiOnly, "--no-emoji-keyboard"])
        #expect(noPacks.status == 2 && noPacks.err.contains("Missing expected argument '<pack> ...'"), "\(noPacks.err)")
        // validate takes the switches that change what it checks.
        #expect(run(["validate", Self.pack, "--config", strict, "--no-strict", "-q"]).status == 0)
    }

    /// A real run: the config asks for a catalog and web files and no preview; the flags win.
    @Test func noFlagsWinOverTheConfigInTheOutput() throws {
        let dir = Fixtures.temporaryDirectory()
        let config = try writeConfig(#"{"xcassets": true, "web": true, "preview": false, "widths": [375], "scales": [2]}"#, in: dir, name: "emokit.json")
        let out = dir.appendingPathComponent("out")
        let result = run(["generate", Self.pack, "--config", config, "--out", out.path, "--no-cache", "--no-xcassets", "--no-web", "--preview"])
        #expect(result.status == 0, "\(result.err)")
        let items = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
        #expect(items.contains("index.html") && !items.contains("web") && !items.contains { $0.hasSuffix(".xcassets") }, "\(items)")
        #expect(result.out.contains("Preview: open \(out.path)/index.html"))
    }

    @Test func aFlagWithItsNoFormIsAUsageError() {
        for (flag, negation) in [("--web", "--no-web"), ("--xcassets=Stickers", "--no-xcassets"), ("--preview", "--no-preview"), ("--strict", "--no-strict")] {
            let result = run(["generate", Self.pack, flag, negation])
            let name = flag.split(separator: "=")[0]
            #expect(result.status == 2, "\(flag)")
            #expect(result.err.hasPrefix("Error: '\(name)' and '\(negation)' cannot be used together\nUsage: emokit generate <pack> ... [<options>]\n"), "\(result.err)")
        }
        // Every switch is in --help (and so, by CLIPolishTests, in the completions).
        let help = run(["generate", "--help"]).out
        for option in ["--no-xcassets", "--no-web", "--no-emoji-keyboard", "--no-lenient", "--no-strict", "--preview ", "--no-preview"] {
            #expect(help.contains("\n  \(option)"), "\(option)")
        }
        #expect(run(["completions", "fish"]).out.contains("__fish_seen_subcommand_from generate\" -l no-web "))
    }

    @Test func typosGetTheNameTheyMeant() {
        let cases: [(arguments: [String], typed: String, meant: String?)] = [
            (["genrate"], "subcommand 'genrate'", "'generate'"),
            (["gen", Self.pack], "subcommand 'gen'", "'generate'"),  // the only command it begins
            (["Validate", Self.pack], "subcommand 'Validate'", "'validate'"),
            (["--verison"], "subcommand '--verison'", "'--version'"),
            (["in"], "subcommand 'in'", nil),  // init or inspect: no guess
            (["xyz"], "subcommand 'xyz'", nil),
            (["generate", Self.pack, "--widht", "375"], "option '--widht'", "'--widths'"),
            (["generate", Self.pack, "--sacles", "2"], "option '--sacles'", "'--scales'"),  // two letters swapped: one slip
            (["generate", Self.pack, "--comp", "9"], "option '--comp'", "'--compression'"),
            (["generate", Self.pack, "--no-wbe"], "option '--no-wbe'", "'--no-web'"),
            (["generate", Self.pack, "-widths", "375"], "option '-widths'", "'--widths'"),  // one dash
            (["generate", Self.pack, "--ab"], "option '--ab'", nil),  // short: no far-fetched guess
            (["merge", "site", "shard-1", "--archiv", "a.tar.gz"], "option '--archiv'", "'--archive'"),
        ]
        for item in cases {
            let result = run(item.arguments)
            #expect(result.status == 2, "\(item.arguments)")
            let lines = result.err.split(separator: "\n").map(String.init)
            #expect(lines.first == "Error: Unknown \(item.typed)", "\(result.err)")
            if let meant = item.meant {
                #expect(lines.count > 1 && lines[1] == "Help: Did you mean \(meant)?", "\(result.err)")
            } else {
                #expect(!result.err.contains("Did you mean"), "\(result.err)")
            }
            #expect(lines.contains { $0.hasPrefix("Usage: emokit ") }, "\(result.err)")
        }
        // A value that is one of a few words gets the word it meant too.
        let values: [(arguments: [String], error: String)] = [
            (["generate", Self.pack, "--layout", "clasic"], "The value 'clasic' is invalid for '--layout <classic|weibo>'\nHelp: Did you mean 'classic'?"),
            (["generate", Self.pack, "--missing-glyph", "skp"], "The value 'skp' is invalid for '--missing-glyph <fail|skip>'\nHelp: Did you mean 'skip'?"),
            (["completions", "bsh"], "The value 'bsh' is invalid for '<shell>': expected bash, zsh, fish\nHelp: Did you mean 'bash'?"),
        ]
        for item in values {
            let result = run(item.arguments)
            #expect(result.status == 2 && result.err.hasPrefix("Error: \(item.error)\nUsage: "), "\(result.err)")
        }
        #expect(!run(["generate", Self.pack, "--locale", "zh"]).err.contains("Did you mean"))
        // Another command's option says whose it is.
        let validateOut = run(["validate", Self.pack, "--out", "x"])
        #expect(validateOut.status == 2 && validateOut.err.hasPrefix("Error: Unknown option '--out'\nHelp: '--out' is an option of 'emokit generate'\n"), "\(validateOut.err)")
        let force = run(["generate", Self.pack, "--force"])
        #expect(force.status == 2 && force.err.hasPrefix("Error: Unknown option '--force'\nHelp: '--force' is an option of 'emokit init'\n"), "\(force.err)")
    }

    @Test func suggestionsCountASwapAsOneSlip() {
        #expect(NameSuggestion.editDistance("widht", "width") == 1 && NameSuggestion.editDistance("tpye", "type") == 1)
        #expect(NameSuggestion.editDistance("ab", "ba") == 1 && NameSuggestion.editDistance("ca", "abc") == 3)
        #expect(NameSuggestion.editDistance("kitten", "sitting") == 3)
        #expect(NameSuggestion.likely("jbos", among: ["jobs", "json"]) == "jobs")
        #expect(NameSuggestion.likely("gen", among: ["generate", "init"]) == "generate")
        #expect(NameSuggestion.likely("g", among: ["generate", "init"]) == nil)
        #expect(NameSuggestion.likely("in", among: ["init", "inspect"]) == nil)
        #expect(NameSuggestion.likely("abcd", among: ["abxy"]) == nil)  // two slips in four letters is a different word
    }

    /// One emoticon on one page: the index, the preview page, the summaries and the Open Graph text
    /// say "1 emoticon" and "1 page".
    @Test func countsOfOneAreSingular() throws {
        let dir = Fixtures.temporaryDirectory()
        let one = dir.appendingPathComponent("one")
        try FileManager.default.createDirectory(at: one, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: GeneratorRunTests.samples.appendingPathComponent("faces/f_haha.png"), to: one.appendingPathComponent("haha.png"))
        let out = dir.appendingPathComponent("out")
        let result = run(["generate", one.path, "--out", out.path, "--widths", "375", "--scales", "2", "--no-cache", "--base-url", "https://example.com/kb/"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.hasPrefix("emokit: 1 tab, 1 page, 1 sheet ("), "\(result.out)")
        #expect(result.out.contains("  one: 1 emoticon, 1 page\n"), "\(result.out)")
        let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains(#"<span class="entries">1</span> emoticon · <span class="page-count">1</span> page · "#), "\(index)")
        #expect(index.contains(#"<meta property="og:description" content="1 tab, 1 emoticon">"#))
        let preview = try String(contentsOf: out.appendingPathComponent("preview/375.html"), encoding: .utf8)
        #expect(preview.contains("<small>(1 emoticon)</small>"))
        // The 64 px image is enlarged for @3x: one warning.
        let validate = run(["validate", one.path])
        #expect(validate.out == "emokit: 1 tab, 1 emoticon checked: no errors, 1 warning\n", "\(validate.out)")
        #expect(validate.err.contains("enlarged"), "\(validate.err)")
        // More than one keeps the plural.
        let samples = dir.appendingPathComponent("samples")
        #expect(run(["generate", GeneratorRunTests.samples.appendingPathComponent("faces").path, "--out", samples.path, "--widths", "375", "--scales", "2", "--no-cache", "-q"]).status == 0)
        let many = try String(contentsOf: samples.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(many.contains(#"<span class="entries">44</span> emoticons · <span class="page-count">2</span> pages · "#), "\(many)")
    }

    /// `--compression` says what it does in product words.
    @Test func compressionHelpSpeaksOfSheets() {
        let help = run(["generate", "--help"]).out
        let line = help.split(separator: "\n").first { $0.hasPrefix("  --compression") }.map(String.init) ?? ""
        #expect(line.contains("smallest sheets") && line.contains("(default: 3") && !line.contains("release builds"), "\(line)")
    }
}
