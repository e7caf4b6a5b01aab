/// What a decoder refuses before it allocates pixel memory, in one shape for every format:
/// `PNGDecoder.Limits` and `GIFDecoder.Limits` are this type with their decoder's defaults, so a
/// caller sets both alike (`emokit inspect --max-width` sets the same field of each) and a new
/// format's limits are one more `ImageLimitDefaults` conformance, not one more struct.
public struct ImageLimits<Format: ImageLimitDefaults>: Equatable, Sendable {
    public var maxWidth: Int
    public var maxHeight: Int
    /// One frame's pixels (width x height).
    public var maxPixels: Int
    /// An animation's frames. A still image is one frame: its decoder has nothing to check here.
    public var maxFrames: Int
    /// Every frame's pixels together, so a 1000-frame animation of the largest canvas is refused.
    /// A still image's total is its one frame, already within `maxPixels`.
    public var maxTotalPixels: Int

    public init(
        maxWidth: Int = Format.defaultLimits.maxWidth, maxHeight: Int = Format.defaultLimits.maxHeight,
        maxPixels: Int = Format.defaultLimits.maxPixels, maxFrames: Int = Format.defaultLimits.maxFrames,
        maxTotalPixels: Int = Format.defaultLimits.maxTotalPixels
    ) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
        self.maxFrames = maxFrames
        self.maxTotalPixels = maxTotalPixels
    }

    /// The decoder's defaults.
    public static var `default`: Self { Self() }

    /// The largest file worth reading under these limits, checked before reading it.
    public var maxFileBytes: Int { Format.maxFileBytes(within: self) }
}

/// A decoder's side of `ImageLimits` (its `Format`): its defaults, and the largest file an honest image within
/// the limits can be (it depends on the format's encoding).
public protocol ImageLimitDefaults: Sendable {
    static var defaultLimits: (maxWidth: Int, maxHeight: Int, maxPixels: Int, maxFrames: Int, maxTotalPixels: Int) { get }
    static func maxFileBytes(within limits: ImageLimits<Self>) -> Int
}
