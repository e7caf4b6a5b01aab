import EmokitCLI
import Foundation
import TestSupport
import Testing

/// Colour on terminals only (never with NO_COLOR), and shell completions from the option tables.
struct CLIPolishTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLITests.invoke(arguments) }

    static let escape = "\u{1B}["

    /// Runs the built emokit under a pseudo-terminal (util-linux `script`), so its stderr is a tty.
    static func underTerminal(_ arguments: [String], environment: [String: String?] = [:]) throws -> Subprocess.Result {
        let binary = try CrossProcessTests.emokitBinary()
        let command = ([binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try Subprocess.run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], environment: environment)
    }

    @Test func colourOnATerminalOnly() throws {
        let missing = Fixtures.temporaryDirectory().appendingPathComponent("nosuch").path
        let tty = try Self.underTerminal(["generate", missing, "--out", Fixtures.temporaryDirectory().appendingPathComponent("o").path], environment: ["NO_COLOR": nil, "TERM": "xterm"])
        #expect(tty.status == 1)
        #expect(tty.stdout.contains("\u{1B}[1m\u{1B}[31merror:\u{1B}[0m "), "\(tty.stdout.debugDescription)")
        let noColor = try Self.underTerminal(["generate", missing], environment: ["NO_COLOR": "1", "TERM": "xterm"])
        // No colour; the progress line's own \r and erase-line may be there (see ProgressTerminalTests).
        #expect(noColor.stdout.contains("error: ") && !ProgressTerminalTests.hasColour(noColor.stdout), "\(noColor.stdout.debugDescription)")
        let pipe = try Subprocess.run(try CrossProcessTests.emokitBinary(), ["generate", missing], environment: ["NO_COLOR": nil, "TERM": "xterm"])
        #expect(pipe.status == 1 && pipe.stderr.contains("error: ") && !pipe.stderr.contains(Self.escape))
        let usage = try Self.underTerminal(["generate", "--nosuch"], environment: ["NO_COLOR": nil, "TERM": "xterm"])
        #expect(usage.status == 2 && usage.stdout.contains("\u{1B}[31mError:"))
    }

    @Test func completionsBashZshFish() throws {
        let bash = run(["completions", "bash"])
        #expect(bash.status == 0)
        let dir = Fixtures.temporaryDirectory()
        let script = dir.appendingPathComponent("emokit.bash")
        try Data(bash.out.utf8).write(to: script)
        let check = try Subprocess.tool("bash", ["-n", script.path])
        #expect(check.status == 0, "\(check.stderr)")
        // Every option `generate --help` lists is completed, in all three shells.
        let help = run(["generate", "--help"]).out
        let listed = Set(
            help.split(separator: "\n").compactMap { line -> String? in
                guard let range = line.range(of: "--[a-z][a-z0-9-]*", options: .regularExpression), line.hasPrefix("  -") else { return nil }
                return String(line[range])
            })
        #expect(listed.count > 30)
        let zsh = run(["completions", "zsh"]).out
        let fish = run(["completions", "fish"]).out
        for option in listed {
            #expect(bash.out.contains(" \(option) ") || bash.out.contains("\"\(option) ") || bash.out.contains(" \(option)\""), "bash lacks \(option)")
            #expect(zsh.contains("'\(option)["), "zsh lacks \(option)")
            #expect(fish.contains("__fish_seen_subcommand_from generate\" -l \(option.dropFirst(2)) "), "fish lacks \(option)")
        }
        #expect(zsh.hasPrefix("#compdef emokit") && zsh.contains("'inspect:"))
        #expect(fish.contains("-a completions"))
        // Completing in a real bash: `emokit generate --wi<TAB>` offers --widths.
        let probe = try Subprocess.tool("bash", ["-c", "source '\(script.path)'; COMP_WORDS=(emokit generate --wi); COMP_CWORD=2; _emokit; echo \"${COMPREPLY[*]}\""])
        #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "--widths", "\(probe.stdout) \(probe.stderr)")
        let unknown = run(["completions", "powershell"])
        #expect(unknown.status == 2 && unknown.err.contains("'powershell'"))
        #expect(run(["completions"]).status == 2)
        // One shell at a time, and the usage says so.
        let two = run(["completions", "bash", "zsh"])
        #expect(two.status == 2 && two.err.contains("Unexpected argument 'zsh'") && two.err.contains("Usage: emokit completions <shell>\n"), "\(two.err)")
        #expect(run(["completions", "--help"]).out.contains("USAGE: emokit completions <shell>\n"))
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
}
