import Foundation
import TestSupport
import Testing

/// `emokit completions`: bash, zsh and fish scripts.
struct CompletionsCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

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
}
