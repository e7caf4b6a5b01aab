/// The shape `PNGError` and `GIFError` share: an image file refused for a reason. `path` is the
/// file as the user named it, `reasonText` says what is wrong in a few words, and `description`
/// (the one line emokit prints) is always `"<path>: <reasonText>"`, so every refusal of an image
/// starts with the file a user has to fix.
public protocol ImageFileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Why the file was refused; each case carries what a user needs to act on it.
    associatedtype Reason: Equatable, Sendable

    /// The format's name in messages ("PNG", "GIF").
    static var format: String { get }
    var path: String { get }
    var reason: Reason { get }
    /// The reason in words, without the path (for messages that name the file another way).
    var reasonText: String { get }
}

extension ImageFileError {
    public var description: String { "\(path): \(reasonText)" }
}

/// What one format says about a refused file (`PNGErrorReason`, `GIFErrorReason`): its name and
/// each reason in words.
public protocol ImageRefusalReason: Equatable, Sendable {
    /// The format's name in messages ("PNG", "GIF").
    static var format: String { get }
    /// The reason in words, without the path.
    var text: String { get }
}

extension ImageRefusalReason {
    // The refusals every format has, worded once so a PNG and a GIF say them the same way.
    static func unreadableText(_ why: String) -> String { "cannot read file (\(why))" }
    static var emptyText: String { "not a \(format) file (empty, 0 bytes)" }
    static var outOfMemoryText: String { "out of memory while decoding" }
}

/// A refused image file of one format (`PNGError`, `GIFError`): the file as the user named it
/// and the format's reason, one struct for every format.
public struct ImageFileRefusal<Reason: ImageRefusalReason>: ImageFileError {
    public static var format: String { Reason.format }
    public let path: String
    public let reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var reasonText: String { reason.text }
}
