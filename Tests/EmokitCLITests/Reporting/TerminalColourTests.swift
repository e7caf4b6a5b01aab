import EmokitCLI
import Foundation
import TestSupport
import Testing

/// Colour on terminals only (never with NO_COLOR or TERM=dumb, never into a pipe).
struct TerminalColourTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    @Test func colourOnATerminalOnly() throws {
        let missing = Fixtures.temporaryDirectory().appendingPathComponent("nosuch").path
        let tty = try PseudoTerminal.run(["generate", missing, "--out", Fixtures.temporaryDirectory().appendingPathComponent("o").path], environment: ["NO_COLOR": nil, "TERM": "xterm"])
        #expect(tty.status == 1)
        #expect(tty.stdout.contains("\u{1B}[1m\u{1B}[31merror:\u{1B}[0m "), "\(tty.stdout.debugDescription)")
        let noColor = try PseudoTerminal.run(["generate", missing], environment: ["NO_COLOR": "1", "TERM": "xterm"])
        // No colour; the progress line's own \r and erase-line may be there (see ProgressTerminalTests).
        #expect(noColor.stdout.contains("error: ") && !ProgressTerminalTests.hasColour(noColor.stdout), "\(noColor.stdout.debugDescription)")
        let pipe = try Subprocess.run(try EmokitBinary.locate(), ["generate", missing], environment: ["NO_COLOR": nil, "TERM": "xterm"])
        #expect(pipe.status == 1 && pipe.stderr.contains("error: ") && !pipe.stderr.contains(PseudoTerminal.escape))
        let usage = try PseudoTerminal.run(["generate", "--nosuch"], environment: ["NO_COLOR": nil, "TERM": "xterm"])
        #expect(usage.status == 2 && usage.stdout.contains("\u{1B}[31mError:"))
    }
}
