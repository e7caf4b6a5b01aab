import CJPEG
import CWebP
import Foundation

/// Why a JPEG, WebP or BMP source was refused (`PNGErrorReason.undecodable`), in the decoder's
/// own words.
public enum StillImageProblem: Equatable, Sendable {
    /// The file ends before the image does.
    case truncated(String)
    case corrupt(String)
    /// A valid file using a feature emokit does not read (a run-length BMP, a CMYK oddity).
    case unsupported(String)
}

/// The still-image formats a source image may be besides PNG (old chat themes' JPEGs and BMPs,
/// sticker packs' WebP), told apart by their first bytes: a `.jpg` holding a PNG is read as the
/// PNG it is. A file named `.png` is the exception: it must be a PNG (a JPEG renamed `.png` is
/// refused as "not a PNG file (looks like JPEG)", as the PNG conformance suite expects), so a
/// name never hides what a pack ships. Each is decoded whole, within the same limits as a PNG
/// (size checked from the header before any pixel memory), then scaled like one.
enum StillImageFormat: String, Sendable {
    case jpeg = "JPEG"
    case webp = "WebP"
    case bmp = "BMP"

    /// The format of the file `path` names, starting with `bytes` (its first 16 are enough), or
    /// nil for a PNG, a file named `.png` and anything unknown (which the PNG decoder words).
    static func of(_ bytes: some Collection<UInt8>, path: String) -> StillImageFormat? {
        path.lowercased().hasSuffix(".png") ? nil : of(bytes)
    }

    /// The format of a file starting with `bytes`, whatever its name.
    static func of(_ bytes: some Collection<UInt8>) -> StillImageFormat? {
        let start = Array(bytes.prefix(16))
        if start.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if start.count >= 12, start.starts(with: Array("RIFF".utf8)), Array(start[8..<12]) == Array("WEBP".utf8) { return .webp }
        if BMPDecoder.isBMP(start) { return .bmp }
        return nil
    }
}

extension PNGDecoder {
    /// The size of a JPEG, WebP or BMP from its header, checked against the limits.
    func stillImageSize(_ data: Data, format: StillImageFormat, path: String) throws(PNGError) -> (width: Int, height: Int) {
        switch format {
        case .bmp:
            do {
                let header = try BMPDecoder.header([UInt8](data), limits: limits)
                return (header.width, header.height)
            } catch { throw refusal(error, path: path) }
        case .jpeg:
            var info = emk_jpeg_info()
            try call(format, path: path) { limits, message in
                data.withUnsafeBytes { emk_jpeg_info_read($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &limits.jpeg, &info, message, 256) }
            }
            return (Int(info.width), Int(info.height))
        case .webp:
            var info = emk_webp_info()
            try call(format, path: path) { limits, message in
                data.withUnsafeBytes { emk_webp_info_read($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &limits.webp, &info, message, 256) }
            }
            return (Int(info.width), Int(info.height))
        }
    }

    /// Every pixel of a JPEG, WebP or BMP as straight RGBA (an animated WebP's first frame).
    func decodeStillImage(_ data: Data, format: StillImageFormat, path: String) throws(PNGError) -> RGBAImage {
        if format == .bmp {
            do { return try BMPDecoder.decode([UInt8](data), limits: limits) } catch { throw refusal(error, path: path) }
        }
        let (width, height) = try stillImageSize(data, format: format, path: path)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        try call(format, path: path) { limits, message in
            data.withUnsafeBytes { raw in
                pixels.withUnsafeMutableBufferPointer { out in
                    let bytes = raw.bindMemory(to: UInt8.self).baseAddress
                    return format == .jpeg
                        ? emk_jpeg_decode_rgba8(bytes, raw.count, &limits.jpeg, out.baseAddress, out.count, message, 256)
                        : emk_webp_decode_rgba8(bytes, raw.count, &limits.webp, out.baseAddress, out.count, message, 256)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The limits in each shim's shape, handed to `body` with a message buffer; a non-zero status
    /// becomes the refusal it stands for (the two shims number their statuses alike).
    private func call(
        _ format: StillImageFormat, path: String,
        _ body: (inout (jpeg: emk_jpeg_limits, webp: emk_webp_limits), UnsafeMutablePointer<CChar>) -> Int32
    ) throws(PNGError) {
        let (w, h, p) = (UInt32(clamping: limits.maxWidth), UInt32(clamping: limits.maxHeight), UInt64(clamping: limits.maxPixels))
        var shimLimits = (jpeg: emk_jpeg_limits(max_width: w, max_height: h, max_pixels: p), webp: emk_webp_limits(max_width: w, max_height: h, max_pixels: p))
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { body(&shimLimits, $0.baseAddress!) }
        guard status != 0 else { return }
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let name = format.rawValue
        let reason: PNGErrorReason
        switch (format, UInt32(status)) {
        case (.jpeg, EMK_JPEG_EMPTY.rawValue), (.webp, EMK_WEBP_EMPTY.rawValue): reason = .empty
        case (.jpeg, EMK_JPEG_TRUNCATED.rawValue), (.webp, EMK_WEBP_TRUNCATED.rawValue):
            reason = .undecodable(format: name, problem: .truncated(text))
        case (.jpeg, EMK_JPEG_TOO_LARGE.rawValue), (.webp, EMK_WEBP_TOO_LARGE.rawValue):
            let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            reason = .tooLarge(width: numbers.first ?? 0, height: numbers.dropFirst().first ?? 0, limits: limits)
        case (.jpeg, EMK_JPEG_UNSUPPORTED.rawValue), (.webp, EMK_WEBP_UNSUPPORTED.rawValue):
            reason = .undecodable(format: name, problem: .unsupported(text))
        case (.webp, EMK_WEBP_OUT_OF_MEMORY.rawValue): reason = .outOfMemory
        default: reason = .undecodable(format: name, problem: .corrupt(text.isEmpty ? "the decoder refused the file" : text))
        }
        throw PNGError(path: path, reason: reason)
    }

    private func refusal(_ problem: BMPDecoder.Problem, path: String) -> PNGError {
        switch problem {
        case .truncated(let why): return PNGError(path: path, reason: .undecodable(format: "BMP", problem: .truncated(why)))
        case .corrupt(let why): return PNGError(path: path, reason: .undecodable(format: "BMP", problem: .corrupt(why)))
        case .unsupported(let why): return PNGError(path: path, reason: .undecodable(format: "BMP", problem: .unsupported(why)))
        case let .tooLarge(width, height): return PNGError(path: path, reason: .tooLarge(width: width, height: height, limits: limits))
        }
    }
}

extension PNGSourceFormat {
    /// A JPEG, WebP or BMP source, which `inspect` names by its format.
    init(still format: StillImageFormat, width: Int, height: Int) {
        self.init(width: width, height: height, colorType: .rgba, bitDepth: 8, interlaced: false, hasTransparencyChunk: false, container: format.rawValue)
    }
}
