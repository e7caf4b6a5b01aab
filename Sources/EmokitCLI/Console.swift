import Foundation

/// Where the CLI writes. Tests pass a recording console; the executable passes `.standard`.
/// Immutable and built from `@Sendable` closures, so the compiler checks it may be shared.
public final class Console: Sendable {
    private let writeOut: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void
    /// Whether standard error may carry ANSI colour: only a terminal, and never with `NO_COLOR`.
    public let colour: Bool

    public init(out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void, colour: Bool = false) {
        writeOut = out
        writeError = error
        self.colour = colour
    }

    public static let standard = Console(
        out: { FileHandle.standardOutput.write(Data($0.utf8)) },
        error: { FileHandle.standardError.write(Data($0.utf8)) },
        colour: Terminal.colourAllowed(isTerminal: Terminal.isTerminal(STDERR_FILENO), environment: ProcessInfo.processInfo.environment))

    public func out(_ line: String) { writeOut(line.hasSuffix("\n") ? line : line + "\n") }
    /// Lines starting `error:`/`Error:` get a red label and `warning:` a yellow one when `colour`
    /// is on: the one place messages are styled, so the commands never think about terminals.
    public func error(_ line: String) {
        let text = colour ? Terminal.paintLabel(line) : line
        writeError(text.hasSuffix("\n") ? text : text + "\n")
    }
}

/// Exit statuses, documented in the README.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// An input file or entry was refused (the message names it).
    case inputError = 1
    /// The command line itself was wrong.
    case usage = 2
    /// The inputs were fine but the output could not be written (file system, encoding, swap-in,
    /// a folder emokit will not replace); the previous output is left as it was.
    case outputError = 3
}
