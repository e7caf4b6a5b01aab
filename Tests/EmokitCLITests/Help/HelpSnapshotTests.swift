import EmokitCLI
import Foundation
import TestSupport
import Testing

/// Every command's help, pinned whole: a changed word, default or range shows as a diff against
/// `Snapshots/help-<command>.txt`. Re-record on purpose only, with `EMOKIT_RECORD_HELP=1 swift test
/// --filter HelpSnapshotTests`, and read the diff before committing it.
struct HelpSnapshotTests {
    static let commands = ["", "generate", "validate", "init", "inspect", "merge", "completions"]
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    @Test(arguments: commands) func helpIsPinnedWhole(command: String) throws {
        let arguments = command.isEmpty ? ["--help"] : [command, "--help"]
        let result = CLIRun.invoke(arguments)
        #expect(result.status == 0 && result.err.isEmpty)
        let file = Self.snapshots.appendingPathComponent("help-\(command.isEmpty ? "emokit" : command).txt")
        if ProcessInfo.processInfo.environment["EMOKIT_RECORD_HELP"] == "1" {
            try result.out.write(to: file, atomically: true, encoding: .utf8)
        }
        let pinned = try String(contentsOf: file, encoding: .utf8)
        #expect(result.out == pinned, "help for '\(arguments.joined(separator: " "))' differs from \(file.lastPathComponent)")
        if !command.isEmpty { #expect(CLIRun.invoke(["help", command]).out == pinned) }
    }
}
