import Diagnostics
import EmoticonPacks
import Foundation
import Pipeline
import Testing

@testable import EmokitCLI
@testable import OutputTransaction

/// The command line's one printer: severity labels, settings named as flags, the exact words the
/// library's diagnostics had as strings before.
@Suite struct DiagnosticPrinterTests {
    final class Lines: @unchecked Sendable { var text = "" }

    static func printed(_ body: (DiagnosticPrinter) -> Void) -> String {
        let lines = Lines()
        body(DiagnosticPrinter(Console(out: { _ in }, error: { lines.text += $0 })))
        return lines.text
    }

    @Test func settingReferencesBecomeFlags() {
        let tooLarge = PackError.tooLarge(path: "big/info.plist", bytes: 12 * 1_048_576, limit: 10 * 1_048_576)
        #expect(tooLarge.message.parts.contains(.setting("max-plist-size")))
        #expect(!tooLarge.description.contains("--"))
        #expect(DiagnosticPrinter.line(tooLarge.diagnostic) == "error: big/info.plist: plist is 12 MB; the limit is 10 MB (raise it with --max-plist-size)")
        let refused = GenerationError.refusedOutput(path: "out", reason: "exists and is not a folder; choose another \(setting: "out")")
        #expect(refused.diagnostics.map(DiagnosticPrinter.line) == ["error: out: exists and is not a folder; choose another --out"])
        #expect(refused.isOutputFailure)
    }

    @Test func severityIsTheKindsUnlessTheRunDecides() {
        let unknown = PackError.unknownKey(path: "a/info.plist", index: 2, key: "chx", text: "[哈]", suggestion: "chs")
        #expect(unknown.diagnostic.severity == .warning && unknown.diagnostic.code == "unknown-key")
        #expect(unknown.diagnostic.file == "a/info.plist" && unknown.diagnostic.entryIndex == 2 && unknown.diagnostic.key == "chx")
        #expect(DiagnosticPrinter.line(unknown.diagnostic) == #"warning: a/info.plist: entry 2 ("[哈]"): unknown key "chx" (did you mean "chs"?); ignored"#)
        #expect(PackError.unusualPlistName(path: "p/Info.plist", usual: "info.plist").diagnostic.severity == .note)
        #expect(PackError.notFound(path: "x").diagnostic.severity == .error)
        // `.packs` states each one's severity: warnings first, then the errors.
        let failure = GenerationError.packs([.notFound(path: "x")], warnings: [unknown])
        #expect(failure.diagnostics.map(\.severity) == [.warning, .error])
    }

    @Test func printsLabelsAndLeavesNotesOutWhenAsked() {
        let diagnostics = [
            Diagnostic("w", .warning, message: "a: \(quoted: "x\ny")"), Diagnostic("n", .note, message: "b"),
            Diagnostic("e", .error, message: "c (\(setting: "missing-glyph") skip)"),
        ]
        #expect(Self.printed { $0.print(diagnostics) } == "warning: a: \"x\\ny\"\nnote: b\nerror: c (--missing-glyph skip)\n")
        #expect(Self.printed { $0.print(diagnostics, notes: false) } == "warning: a: \"x\\ny\"\nerror: c (--missing-glyph skip)\n")
    }

    /// The library says why a run stopped as a value; the command line prints the line it always did.
    @Test func aStopIsPrintedByTheCommandLine() {
        #expect(Self.printed { $0.stopped(Interruption.stopped(by: SIGINT)) } == "emokit: stopped by SIGINT; the previous output is unchanged\n")
        #expect(Self.printed { $0.stopped(Interruption.stopped(by: SIGTERM)) } == "emokit: stopped by SIGTERM; the previous output is unchanged\n")
    }
}
