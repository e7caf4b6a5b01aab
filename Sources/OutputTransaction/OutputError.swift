import Diagnostics

/// Why the output could not be written or replaced. The inputs were fine: the caller reports
/// these as output failures (the command line's own exit status), and the previous output is
/// still in place.
public enum OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file or folder of the output could not be written, moved or locked: where, and why.
    case cannotWrite(path: String, reason: String)
    /// An output folder emokit will not write to (it is not one, or replacing it would replace or
    /// hide something it must not); the reason names settings (`--out`).
    case refused(path: String, reason: Diagnostic.Message)

    /// The path concerned, as given.
    public var path: String {
        switch self {
        case .cannotWrite(let path, _), .refused(let path, _): return path
        }
    }

    /// The finding to report, settings named by the caller.
    public var diagnostic: Diagnostic {
        switch self {
        case let .cannotWrite(path, reason): return Diagnostic("output", .error, file: path, message: "\(path: path): \(reason)")
        case let .refused(path, reason): return Diagnostic("output-refused", .error, file: path, message: "\(path: path): \(reason)")
        }
    }

    public var description: String { diagnostic.description }
}
