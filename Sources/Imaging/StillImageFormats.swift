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
    /// The most pixels a WebP or a progressive JPEG may have: their decoders hold the whole image
    /// (libwebp the pixels, libjpeg a progressive file's coefficients), where a PNG, a baseline
    /// JPEG and a BMP are read a row at a time. 2048 x 2048 is four times a sticker's 512 x 512,
    /// and keeps one such decode near 16 MB.
    static let wholeDecodePixels = 4 * 1024 * 1024

    /// The size of a JPEG, WebP or BMP from its header, checked against the limits.
    func stillImageSize(_ data: Data, format: StillImageFormat, path: String) throws(PNGError) -> (width: Int, height: Int) {
        switch format {
        case .bmp:
            let header = try bmpHeader(data, path: path)
            return (header.width, header.height)
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
            try checkWholeDecode(format, width: Int(info.width), height: Int(info.height), path: path)
            return (Int(info.width), Int(info.height))
        }
    }

    /// Reads a JPEG, WebP or BMP a row at a time, top first, as straight RGBA: `begin` gets the
    /// size once, `row` each row (a buffer reused between rows). A BMP and a baseline JPEG are
    /// never held decoded; a WebP (an animation's first frame) and a progressive JPEG are, within
    /// `wholeDecodePixels`. The whole file is checked: a damaged end is an error even when every
    /// row was read.
    func readStillImageRows(
        _ data: Data, format: StillImageFormat, path: String,
        begin: (_ width: Int, _ height: Int) -> Void, row: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(PNGError) {
        switch format {
        case .bmp:
            let header = try bmpHeader(data, path: path)
            begin(header.width, header.height)
            data.withUnsafeBytes { BMPDecoder.forEachRow($0, header: header, row) }
        case .webp:
            let (width, height) = try stillImageSize(data, format: format, path: path)
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            try call(format, path: path) { limits, message in
                data.withUnsafeBytes { raw in
                    pixels.withUnsafeMutableBufferPointer { out in
                        emk_webp_decode_rgba8(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &limits.webp, out.baseAddress, out.count, message, 256)
                    }
                }
            }
            begin(width, height)
            pixels.withUnsafeBufferPointer { all in
                for y in 0..<height { row(UnsafeBufferPointer(rebasing: all[y * width * 4..<(y + 1) * width * 4])) }
            }
        case .jpeg:
            var info = emk_jpeg_info()
            var reader: OpaquePointer?
            try call(format, path: path) { limits, message in
                data.withUnsafeBytes {
                    emk_jpeg_open(
                        $0.bindMemory(to: UInt8.self).baseAddress, $0.count, &limits.jpeg, UInt64(Self.wholeDecodePixels), &info, &reader, message, 256)
                }
            }
            defer { emk_jpeg_close(reader) }
            let (width, height) = (Int(info.width), Int(info.height))
            begin(width, height)
            var buffer = [UInt8](repeating: 0, count: width * 4)
            for _ in 0..<height {
                try call(format, path: path) { _, message in buffer.withUnsafeMutableBufferPointer { emk_jpeg_read_row(reader, $0.baseAddress, message, 256) } }
                buffer.withUnsafeBufferPointer(row)
            }
            try call(format, path: path) { _, message in emk_jpeg_finish(reader, message, 256) }
        }
    }

    /// Every pixel of a JPEG, WebP or BMP as straight RGBA (an animated WebP's first frame).
    func decodeStillImage(_ data: Data, format: StillImageFormat, path: String) throws(PNGError) -> RGBAImage {
        var pixels: [UInt8] = []
        var size = (width: 0, height: 0)
        try readStillImageRows(
            data, format: format, path: path,
            begin: { width, height in
                size = (width, height)
                pixels.reserveCapacity(width * height * 4)
            }, row: { pixels.append(contentsOf: $0) })
        return RGBAImage(width: size.width, height: size.height, pixels: pixels)
    }

    /// A WebP, or a JPEG found progressive when opened, above `wholeDecodePixels`.
    private func checkWholeDecode(_ format: StillImageFormat, width: Int, height: Int, path: String) throws(PNGError) {
        guard width * height > Self.wholeDecodePixels else { return }
        throw PNGError(
            path: path,
            reason: .undecodable(
                format: format.rawValue,
                problem: .unsupported(
                    "\(width)x\(height) pixels; a \(format == .webp ? "WebP" : "progressive JPEG") is decoded whole, so emokit reads at most \(Self.wholeDecodePixels) pixels (2048x2048): scale it down"
                )))
    }

    private func bmpHeader(_ data: Data, path: String) throws(PNGError) -> BMPDecoder.Header {
        let result = data.withUnsafeBytes { bytes in Result { () throws(BMPDecoder.Problem) in try BMPDecoder.header(bytes, limits: limits) } }
        do { return try result.get() } catch { throw refusal(error, path: path) }
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
            let (width, height) = (numbers.first ?? 0, numbers.dropFirst().first ?? 0)
            if limits.admits(width: width, height: height) {
                // Within the limits, so too large only for a whole decode (a progressive JPEG).
                try checkWholeDecode(format, width: width, height: height, path: path)
            }
            reason = .tooLarge(width: width, height: height, limits: limits)
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
