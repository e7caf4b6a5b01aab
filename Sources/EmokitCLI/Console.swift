import Foundation

/// Where the CLI writes. Tests pass a recording console; the executable passes `.standard`.
/// Immutable and built from `@Sendable` closures, so the compiler checks it may be shared.
public final class Console: Sendable {
    private let writeOut: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void

    public init(out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        writeOut = out
        writeError = error
    }

    public static let standard = Console(
        out: { FileHandle.standardOutput.write(Data($0.utf8)) },
        error: { FileHandle.standardError.write(Data($0.utf8)) })

    public func out(_ line: String) { writeOut(line.hasSuffix("\n") ? line : line + "\n") }
    public func error(_ line: String) { writeError(line.hasSuffix("\n") ? line : line + "\n") }
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
