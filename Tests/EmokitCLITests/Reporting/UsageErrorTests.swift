import Foundation
import TestSupport
import Testing

/// Usage mistakes: exit status 2, a one-line error, the short usage line and a "did you mean".
struct UsageErrorTests {
    static let pack = Fixtures.conformance.appendingPathComponent("plists/weibo-valid").path

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    func generate(_ extra: [String]) -> (status: Int32, out: String, err: String) {
        run(["generate", Self.pack, "--out", Fixtures.temporaryDirectory().appendingPathComponent("out").path, "--no-preview"] + extra)
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

    /// A usage mistake ends with a short usage line for a command with many options (all of them
    /// are in --help), and the full one for a command with a few.
    @Test func usageErrorsShowAShortUsageLine() {
        let typo = run(["generate", "packs", "--widht", "375"])
        #expect(typo.status == 2 && typo.err.contains("Usage: emokit generate <pack> ... [<options>]\n"), "\(typo.err)")
        #expect(!typo.err.contains("--dark-selected-tab") && typo.err.contains("See 'emokit generate --help'"))
        #expect(run(["generate", "--help"]).out.contains("[--dark-selected-tab <#rrggbb>]"))
        let merge = run(["merge"])
        #expect(merge.err.contains("Usage: emokit merge <out> <shard> ... [--archive <file.tar.gz>] [--quiet]"), "\(merge.err)")
        // Defaults are written one way in every help text.
        for command in ["generate", "validate", "inspect"] {
            let help = run([command, "--help"]).out
            #expect(help.contains("(default: 8192)") && !help.contains("(default 8"), "\(command)")
        }
    }

    @Test func helpForAnUnknownSubcommandIsAUsageError() {
        let result = run(["help", "nosuch"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("Error: Unknown subcommand 'nosuch'"))
        #expect(run(["help", "generat"]).err.contains("Did you mean 'generate'?"))
    }

    @Test func aRepeatedOptionIsRefused() {
        let result = generate(["--widths", "375", "--widths", "414"])
        #expect(result.status == 2)
        #expect(result.err.contains("The option '--widths' was given more than once ('375' and '414'); give it once"))
        for twice in [["--xcassets=A", "--xcassets=B"], ["--xcassets", "--xcassets=B"]] {
            let catalogs = generate(twice)
            #expect(catalogs.status == 2 && catalogs.err.contains("The option '--xcassets' was given more than once; give it once"), "\(catalogs.err)")
        }
    }
}
