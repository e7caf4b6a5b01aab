/// Why a PNG was refused: an `ImageFileError` (shared with `GIFError`), so `description` is
/// the one line emokit prints, `"<path>: <reason>"`; each case carries what a user needs to act on it.
public typealias PNGError = ImageFileRefusal<PNGErrorReason>

/// What is wrong with a refused PNG (`PNGError.Reason`).
public enum PNGErrorReason: ImageRefusalReason {
    case unreadable(String)
    case empty
    /// The bytes are another format; `detected` names it when recognisable (JPEG, GIF, text).
    case notPNG(detected: String?)
    case damagedByTextTransfer
    /// The file ends early; `detail` says where when known.
    case truncated(detail: String?)
    case tooLarge(width: Int, height: Int, limits: PNGDecoder.Limits)
    case tooMuchImageData(String)
    /// libpng refused the data; its own words, e.g. `IHDR: CRC error`.
    case corrupt(String)
    case outOfMemory
    case encodingFailed(String)
    /// A source image in another still format the decoder reads by content (JPEG, WebP, BMP)
    /// that its decoder refused: `format` names it, `problem` says why.
    case undecodable(format: String, problem: StillImageProblem)
    /// A file not named `.png` whose bytes are no format emokit draws; `detected` names what it
    /// looks like when recognisable (a GIF, text).
    case notAnImage(detected: String?)

    public static let format = "PNG"

    public var text: String {
        switch self {
        case .unreadable(let why): return Self.unreadableText(why)
        case .empty: return Self.emptyText
        case .notPNG(let detected?) where ["JPEG", "WebP", "BMP"].contains(detected):
            return "not a PNG file (looks like \(detected); name it .\(detected == "JPEG" ? "jpg" : detected.lowercased()) and emokit reads it as one)"
        case .notPNG(let detected?): return "not a PNG file (looks like \(detected))"
        case .notPNG(nil): return "not a PNG file (no PNG signature)"
        case .damagedByTextTransfer: return "PNG signature damaged by a text-mode transfer (CR/LF bytes changed); re-copy the file in binary mode"
        case .truncated(let detail?): return "truncated PNG: the file ends before the image is complete (\(detail))"
        case .truncated(nil): return "truncated PNG: the file ends before the image is complete"
        case let .tooLarge(width, height, limits):
            return "image too large: \(width)x\(height) exceeds the limit of \(limits.maxWidth)x\(limits.maxHeight) and \(limits.maxPixels) pixels"
        case .tooMuchImageData(let detail): return detail
        case .corrupt(let libpngMessage): return "corrupt PNG: \(Self.explain(libpngMessage))"
        case .outOfMemory: return Self.outOfMemoryText
        case .encodingFailed(let why): return "PNG encoding failed: \(why)"
        case let .undecodable(format, .truncated(detail)): return "truncated \(format): the file ends before the image is complete (\(detail))"
        case let .undecodable(format, .corrupt(detail)): return "corrupt \(format): \(detail)"
        case let .undecodable(format, .unsupported(detail)): return "unsupported \(format): \(detail)"
        case .notAnImage(detected: "GIF"): return "holds a GIF, not a still image: name it .gif and emokit reads it as an animation"
        case .notAnImage(let detected):
            return "not an image emokit draws (PNG, JPEG, WebP or BMP)" + (detected.map { ": it looks like \($0)" } ?? "")
        }
    }

    /// libpng's terse messages, with a few words added where they help a user.
    private static func explain(_ message: String) -> String {
        if message.hasSuffix("CRC error") { return "\(message) (checksum mismatch: the file is damaged)" }
        if message.contains("incorrect data check") { return "\(message) (zlib checksum mismatch: the image data is damaged)" }
        if message.contains("Not enough image data") { return "not enough image data (the pixel data stops early)" }
        if message.contains("Invalid IHDR") || message.contains("out of range") { return "invalid image header (\(message))" }
        if message.isEmpty { return "libpng refused the file" }
        return message
    }
}
