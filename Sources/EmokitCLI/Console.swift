import Foundation
import Synchronization

/// Where the CLI writes. Tests pass a recording console; the executable passes `.standard`.
/// Built from `@Sendable` closures, its one mutable fact behind a `Mutex`, so the compiler checks
/// it may be shared with the worker threads that report progress.
public final class Console: Sendable {
    private let writeOut: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void
    /// Whether standard error may carry ANSI colour: only a terminal, and never with `NO_COLOR`.
    public let colour: Bool
    /// Whether standard error is a terminal that can redraw a line in place (not `TERM=dumb`):
    /// the only place a status line (`ProgressBar`) is ever drawn.
    public let interactive: Bool
    /// The width of standard error's terminal in columns (asked at each redraw: it may change).
    let columns: @Sendable () -> Int
    /// Whether a status line is on screen now (drawn without a newline, to be erased).
    private let statusShown = Mutex(false)

    public init(
        out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void, colour: Bool = false, interactive: Bool = false,
        columns: @escaping @Sendable () -> Int = { 80 }
    ) {
        writeOut = out
        writeError = error
        self.colour = colour
        self.interactive = interactive
        self.columns = columns
    }

    public static let standard: Console = {
        let environment = ProcessInfo.processInfo.environment
        let terminal = Terminal.isTerminal(STDERR_FILENO)
        return Console(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            error: { FileHandle.standardError.write(Data($0.utf8)) },
            colour: Terminal.colourAllowed(isTerminal: terminal, environment: environment),
            interactive: Terminal.redrawAllowed(isTerminal: terminal, environment: environment),
            columns: { Terminal.columns(STDERR_FILENO, environment: environment) })
    }()

    /// Any status line is erased first, so no message is ever printed over or after it.
    public func out(_ line: String) {
        statusShown.withLock { shown in
            erase(&shown)
            writeOut(line.hasSuffix("\n") ? line : line + "\n")
        }
    }

    /// Lines starting `error:`/`Error:` get a red label and `warning:` a yellow one when `colour`
    /// is on: the one place messages are styled, so the commands never think about terminals.
    public func error(_ line: String) {
        let text = colour ? Terminal.paintLabel(line) : line
        statusShown.withLock { shown in
            erase(&shown)
            writeError(text.hasSuffix("\n") ? text : text + "\n")
        }
    }

    /// Draws `line` (at most `columns() - 1` wide) over the status line on standard error; nothing
    /// unless `interactive`, so pipes, files and `TERM=dumb` never see it.
    func status(_ line: String) {
        guard interactive else { return }
        statusShown.withLock { shown in
            writeError("\r" + line + Terminal.eraseToEnd)
            shown = true
        }
    }

    /// Erases the status line, if one is shown.
    func clearStatus() { statusShown.withLock { erase(&$0) } }

    private func erase(_ shown: inout Bool) {
        guard shown else { return }
        writeError("\r" + Terminal.eraseToEnd)
        shown = false
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
