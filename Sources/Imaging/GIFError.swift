/// Why a GIF was refused: an `ImageFileError` (shared with `PNGError`), so `description` is
/// the one line emokit prints, `"<path>: <reason>"`; each case carries what a user needs to act on it.
public typealias GIFError = ImageFileRefusal<GIFErrorReason>

/// What is wrong with a refused GIF (`GIFError.Reason`).
public enum GIFErrorReason: ImageRefusalReason {
    case unreadable(String)
    case empty
    case notGIF
    case truncated
    /// The canvas or a frame is beyond the limits (giflib's header values, in the message).
    case tooLarge(String)
    case tooManyFrames(limit: Int)
    case tooMuchData(String)
    case noFrames
    case noColorTable(String)
    /// giflib refused the data; its own words.
    case corrupt(String)
    case outOfMemory

    public static let format = "GIF"

    public var text: String {
        switch self {
        case .unreadable(let why): return Self.unreadableText(why)
        case .empty: return Self.emptyText
        case .notGIF: return "not a GIF file (no GIF87a/GIF89a signature)"
        case .truncated: return "truncated GIF: the file ends before the animation is complete"
        case .tooLarge(let detail): return "GIF too large: \(detail)"
        case .tooManyFrames(let limit): return "GIF has more than \(limit) frames"
        case .tooMuchData(let detail): return "GIF too large: \(detail)"
        case .noFrames: return "GIF holds no image"
        case .noColorTable(let detail): return "corrupt GIF: \(detail)"
        case .corrupt(let message): return "corrupt GIF: \(message.isEmpty ? "giflib refused the file" : message)"
        case .outOfMemory: return Self.outOfMemoryText
        }
    }
}
