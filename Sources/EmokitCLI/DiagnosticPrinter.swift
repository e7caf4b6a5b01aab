import Diagnostics
import Foundation
import TextEscaping

/// The one place the command line turns diagnostics into what a user reads: `error: …`,
/// `warning: …` or `note: …` on standard error (the console paints the label when colour is on),
/// with every setting the library refers to named as its flag (`--max-plist-size`).
public struct DiagnosticPrinter: Sendable {
    let console: Console
    /// How file paths are named: from the working folder (`FilePaths`), once the run's inputs are known.
    let paths: FilePaths

    public init(_ console: Console) { self.init(console, paths: .none) }

    init(_ console: Console, paths: FilePaths) {
        self.console = console
        self.paths = paths
    }

    /// A printer naming the pack files of `inputs` from the working folder.
    init(_ console: Console, inputs: [URL]) { self.init(console, paths: FilePaths(inputs: inputs)) }

    /// A setting as the command line names it: its long flag.
    public static func flag(_ setting: String) -> String { "--" + setting }

    /// The message's words, settings named as flags.
    public static func text(_ message: Diagnostic.Message) -> String { message.text(namingSettings: flag) }

    /// The diagnostic's words, settings named as flags (as `--json` lists them).
    public static func text(_ diagnostic: Diagnostic) -> String { text(diagnostic.message) }

    /// The printed line: `warning: faces/info.plist: entry 3 ("[哈哈]"): unknown key "chx"; ignored`.
    /// Everything in it that came from a pack (folder and file names, titles, not only the quoted
    /// entry texts) is escaped for the terminal (`Escape.terminal`): one diagnostic, one line.
    public static func line(_ diagnostic: Diagnostic) -> String { "\(diagnostic.severity.rawValue): \(Escape.terminal(text(diagnostic)))" }

    /// The printed line, its pack paths named from the working folder.
    func line(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.severity.rawValue): \(Escape.terminal(text(diagnostic)))"
    }

    /// The words of a diagnostic as `--json` lists them, paths named as printed.
    func text(_ diagnostic: Diagnostic) -> String { diagnostic.message.text(namingSettings: Self.flag, namingPaths: paths.name) }

    /// Prints one diagnostic.
    public func print(_ diagnostic: Diagnostic) { console.error(line(diagnostic)) }

    /// Prints each in order; notes only when `notes` (`--quiet` leaves them out).
    public func print(_ diagnostics: [Diagnostic], notes: Bool = true) {
        for diagnostic in diagnostics where notes || diagnostic.severity != .note { print(diagnostic) }
    }

    /// Prints a message the library made as plain words (a decoder's or a starter's error) as
    /// an error line.
    func error(_ code: Diagnostic.Code, _ text: String) { print(Diagnostic(code, .error, message: Diagnostic.Message(text))) }

    /// The line a stopped run ends with: `emokit: stopped by SIGINT; the previous output is unchanged`.
    func stopped(_ diagnostic: Diagnostic) { console.error("emokit: \(Escape.terminal(Self.text(diagnostic)))") }
}
