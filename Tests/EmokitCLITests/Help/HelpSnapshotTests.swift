import EmokitCLI
import Foundation
import TestSupport
import Testing

/// Every command's help, pinned whole: a changed word, default or range shows as a diff against
/// `Snapshots/help-<command>.txt`. Re-record on purpose only, with `EMOKIT_RECORD=1 swift test
/// --filter HelpSnapshotTests` (TestSupport's `Golden`), and read the diff before committing it.
struct HelpSnapshotTests {
    static let commands = ["", "generate", "validate", "init", "inspect", "merge", "completions"]
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    @Test(arguments: commands) func helpIsPinnedWhole(command: String) throws {
        let arguments = command.isEmpty ? ["--help"] : [command, "--help"]
        let result = CLIRun.invoke(arguments)
        #expect(result.status == 0 && result.err.isEmpty)
        let file = Self.snapshots.appendingPathComponent("help-\(command.isEmpty ? "emokit" : command).txt")
        try Golden.check(result.out, against: file)
        if !command.isEmpty { #expect(CLIRun.invoke(["help", command]).out == result.out, "`help \(command)` must print what `\(command) --help` does") }
    }
}
