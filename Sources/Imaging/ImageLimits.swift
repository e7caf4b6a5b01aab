/// What a decoder refuses before it allocates pixel memory, in one shape for every format:
/// `PNGDecoder.Limits` and `GIFDecoder.Limits` both have these fields, with these meanings, a
/// memberwise `init` whose every argument defaults to the decoder's own default, and `default`.
/// So a caller sets both alike (`emokit inspect --max-width` sets the same field of each), and
/// code that only bounds an image's size takes either (`admits`).
///
/// Two types rather than one generic one: an animation has more to bound (`GIFDecoder.Limits`
/// adds frames and their pixels together), and the option values are fingerprinted by their
/// type and stored fields (a shard's run, the page cache key), which a refactor must not change.
public protocol ImageLimits: Equatable, Sendable {
    var maxWidth: Int { get set }
    var maxHeight: Int { get set }
    /// One frame's pixels (width x height).
    var maxPixels: Int { get set }
    /// The largest file worth reading under these limits, checked before reading it.
    var maxFileBytes: Int { get }
    /// The decoder's defaults, the same as `init()`.
    static var `default`: Self { get }
}

extension ImageLimits {
    /// Whether an image (or an animation's canvas or frame) of this size is within the limits.
    public func admits(width: Int, height: Int) -> Bool {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return width <= maxWidth && height <= maxHeight && !overflow && pixels <= maxPixels
    }
}
