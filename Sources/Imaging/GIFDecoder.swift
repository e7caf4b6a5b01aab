import CGifLib
import FileAccess
import Foundation

/// Decodes GIFs through giflib (the `CGifLib` shim): the whole file is read, bounded by
/// `Limits`, so a hostile GIF is refused with a `GIFError` instead of exhausting memory or time.
/// Emoticon animations need only what an app shows: the canvas size, the frame count, loop count
/// and duration, and the first frame composited onto a transparent canvas (the sprite of an
/// entry that has only a GIF).
public struct GIFDecoder: Sendable {
    /// Checked from the file before any pixel memory is allocated (`ImageLimits`: the same fields
    /// as `PNGDecoder.Limits`, and an animation's).
    public struct Limits: ImageLimits {
        public var maxWidth: Int
        public var maxHeight: Int
        public var maxPixels: Int
        public var maxFrames: Int
        /// Every frame's pixels together: a 1000-frame GIF of the largest canvas is refused.
        public var maxTotalPixels: Int

        public init(
            maxWidth: Int = 2048, maxHeight: Int = 2048, maxPixels: Int = 4 * 1024 * 1024,
            maxFrames: Int = 1000, maxTotalPixels: Int = 64 * 1024 * 1024
        ) {
            self.maxWidth = maxWidth
            self.maxHeight = maxHeight
            self.maxPixels = maxPixels
            self.maxFrames = maxFrames
            self.maxTotalPixels = maxTotalPixels
        }

        /// `GIFDecoder.maxFileBytes` whatever the limits: LZW can shrink a frame to almost
        /// nothing, so no honest file size follows from the pixel limits (they bound the work).
        public var maxFileBytes: Int { GIFDecoder.maxFileBytes }

        public static let `default` = Limits()
    }

    /// What an app needs to know about an animation.
    public struct Info: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var frames: Int
        /// The NETSCAPE2.0 loop count (0 = forever), nil when the file has none (plays once).
        public var loopCount: Int?
        /// The delays as browsers and UIKit play them: 0 or 1 centisecond counts as 100 ms.
        public var durationMs: Int
        public init(width: Int, height: Int, frames: Int, loopCount: Int?, durationMs: Int) {
            self.width = width; self.height = height; self.frames = frames; self.loopCount = loopCount; self.durationMs = durationMs
        }
    }

    public struct Decoded: Sendable {
        public var info: Info
        /// The first frame on a transparent canvas of the GIF's size.
        public var firstFrame: RGBAImage
    }

    public var limits: Limits

    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// A GIF larger than this is refused before reading (animated emoticons are kilobytes).
    public static let maxFileBytes = 64 * 1024 * 1024

    /// The GIF at `url`, read a buffer at a time (`decode(contentsOf:displayPath:observing:)`).
    public func decode(contentsOf url: URL, displayPath: String? = nil) throws(GIFError) -> Decoded {
        try decode(contentsOf: url, displayPath: displayPath, observing: { _ in })
    }

    public func decode(_ data: Data, path: String) throws(GIFError) -> Decoded {
        var cLimits = cLimits
        var info = emk_gif_info()
        var rgba: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw -> Int32 in
            let base = raw.bindMemory(to: UInt8.self).baseAddress
            return emk_gif_decode(base, raw.count, &cLimits, &info, &rgba, &message, message.count)
        }
        return try decoded(status: status, info: info, rgba: rgba, message: message, path: path)
    }

    /// The limits as the C decoder takes them.
    var cLimits: emk_gif_limits {
        emk_gif_limits(
            max_width: UInt32(clamping: limits.maxWidth), max_height: UInt32(clamping: limits.maxHeight),
            max_pixels: UInt64(clamping: limits.maxPixels), max_frames: UInt32(clamping: limits.maxFrames),
            max_total_pixels: UInt64(clamping: limits.maxTotalPixels))
    }

    /// The C decoder's outcome as a `Decoded`, or the error it reported (`rgba` is freed).
    func decoded(status: Int32, info: emk_gif_info, rgba: UnsafeMutablePointer<UInt8>?, message: [CChar], path: String) throws(GIFError) -> Decoded {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard status == Int32(EMK_GIF_OK.rawValue), let rgba else {
            throw GIFError(path: path, reason: Self.reason(status, text, limits: limits))
        }
        defer { emk_gif_free(rgba) }
        let width = Int(info.width), height = Int(info.height)
        let pixels = [UInt8](UnsafeBufferPointer(start: rgba, count: width * height * 4))
        return Decoded(
            info: Info(
                width: width, height: height, frames: Int(info.frames),
                loopCount: info.has_loop_count != 0 ? Int(info.loop_count) : nil,
                durationMs: Int(clamping: info.duration_ms)),
            firstFrame: RGBAImage(width: width, height: height, pixels: pixels))
    }

    static func reason(_ status: Int32, _ message: String, limits: Limits) -> GIFError.Reason {
        switch UInt32(bitPattern: status) {
        case EMK_GIF_EMPTY.rawValue: return .empty
        case EMK_GIF_NOT_GIF.rawValue: return .notGIF
        case EMK_GIF_TRUNCATED.rawValue: return .truncated
        case EMK_GIF_TOO_LARGE.rawValue: return .tooLarge(message)
        case EMK_GIF_TOO_MANY_FRAMES.rawValue: return .tooManyFrames(limit: limits.maxFrames)
        case EMK_GIF_TOO_MUCH_DATA.rawValue: return .tooMuchData(message)
        case EMK_GIF_NO_FRAMES.rawValue: return .noFrames
        case EMK_GIF_NO_COLOR_MAP.rawValue: return .noColorTable(message)
        case EMK_GIF_OUT_OF_MEMORY.rawValue: return .outOfMemory
        default: return .corrupt(message)
        }
    }
}
