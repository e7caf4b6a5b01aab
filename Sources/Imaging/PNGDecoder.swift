import CLibPNG
import FileAccess
import Foundation

/// Decodes PNG files to straight RGBA8 through libpng's classic API, and the other still formats
/// packs use (JPEG, WebP, BMP: `StillImageFormats.swift`), told apart by content, not by name.
///
/// Choices (see Architecture.md "PNG decoding and encoding"): no gamma, sRGB or ICC conversion (sprite sheets copy
/// pixels as they are); 16-bit samples are rounded, `round(v/257)` (libpng's `png_set_scale_16`,
/// the `sha256_rgba8` column of the conformance suite); benign ancillary-chunk damage is
/// tolerated, as libpng does by default; the whole file, IEND included, must be present.
public struct PNGDecoder: Sendable {
    /// The eight bytes every PNG file starts with.
    public static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Checked from the header before any pixel memory is allocated (`ImageLimits`: the same
    /// fields as `GIFDecoder.Limits`; a PNG is one frame).
    public struct Limits: ImageLimits {
        public var maxWidth: Int
        public var maxHeight: Int
        public var maxPixels: Int

        public init(maxWidth: Int = 8192, maxHeight: Int = 8192, maxPixels: Int = 64 * 1024 * 1024) {
            self.maxWidth = maxWidth
            self.maxHeight = maxHeight
            self.maxPixels = maxPixels
        }

        /// The largest file any honest PNG within these limits can be (16-bit RGBA stored without
        /// compression, one filter byte a row, plus 1 MB for chunks), checked before reading.
        public var maxFileBytes: Int {
            let (raw, overflow) = maxPixels.multipliedReportingOverflow(by: 8)
            return overflow ? Int.max : raw.addingReportingOverflow(maxHeight + 1_048_576).partialValue
        }

        public static let `default` = Limits()
    }

    public var limits: Limits
    /// Whether `decodeScaled` and `decodeSimple` read simple PNGs with libdeflate (`readSimpleRows`)
    /// rather than libpng. For the emoji font's glyphs (many small pictures): libdeflate
    /// reads a few malformed deflate codings that zlib refuses (length symbols 286 and 287,
    /// distance codes 30 and 31, code counts over the maximum, incomplete codes), which no encoder
    /// writes: a font using them gets its glyphs drawn as libdeflate reads them, while a pack's
    /// images, which libpng must judge, never take this path.
    public var readsSimpleFilesWithLibdeflate: Bool

    public init(limits: Limits = .default, readsSimpleFilesWithLibdeflate: Bool = false) {
        self.limits = limits
        self.readsSimpleFilesWithLibdeflate = readsSimpleFilesWithLibdeflate
    }

    /// A decoded image and the format it was stored in.
    public struct Decoded: Sendable {
        public let image: RGBAImage
        public let format: PNGSourceFormat
    }

    public func decode(contentsOf url: URL, displayPath: String? = nil) throws(PNGError) -> Decoded {
        let path = displayPath ?? url.path
        let data = try read(url, path: path)
        return try decode(data, path: path)
    }

    /// The image size from the first 33 bytes of the file (signature + IHDR), checked against the
    /// limits: enough to choose between @2x/@3x variants without reading or decoding the rest.
    /// The full checks happen when the chosen file is decoded.
    public func peekSize(contentsOf url: URL, displayPath: String? = nil) throws(PNGError) -> (width: Int, height: Int) {
        let path = displayPath ?? url.path
        let prefix: Data
        do {
            prefix = try RegularFile.readPrefix(url, count: 33)
        } catch {
            throw PNGError(path: path, reason: .unreadable(error.description))
        }
        let bytes = [UInt8](prefix)
        if let format = StillImageFormat.of(bytes, path: path) {
            // Other formats keep their size anywhere in their header (a JPEG's frame header
            // follows its metadata): the file is read, within the same size cap.
            return try stillImageSize(read(url, path: path), format: format, path: path)
        }
        guard bytes.count == 33, bytes.starts(with: Self.signature), Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            // Let the decoder word what is wrong with so short or foreign a start (empty, not a
            // PNG, truncated); whatever it says, this file has no usable header.
            _ = try decode(prefix, path: path)
            throw PNGError(path: path, reason: .corrupt("the file does not start with an IHDR chunk"))
        }
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw PNGError(path: path, reason: .corrupt("Invalid IHDR data"))
        }
        guard limits.admits(width: width, height: height) else {
            throw PNGError(path: path, reason: .tooLarge(width: width, height: height, limits: limits))
        }
        return (width, height)
    }

    /// Every check that needs no pixel memory: the whole file read, the header against the
    /// limits, every chunk's length against the file (truncation), the compressed size against
    /// the image (zlib bombs), libpng's header checks. A run does this for each image it will
    /// draw before drawing any, so damaged files are all reported together.
    public func checkStructure(contentsOf url: URL, displayPath: String? = nil) throws(PNGError) -> (width: Int, height: Int) {
        let path = displayPath ?? url.path
        let data = try read(url, path: path)
        if let format = StillImageFormat.of(data.prefix(16), path: path) {
            // Their decoders check a file only by decoding it: done here, rows dropped as they
            // come, so a damaged JPEG is reported with the other damaged files, before anything
            // is drawn.
            var size = (width: 0, height: 0)
            try readStillImageRows(data, format: format, path: path, begin: { size = ($0, $1) }, row: { _ in })
            return size
        }
        return try withReader(data, path: path) { _, header throws(PNGError) in (Int(header.width), Int(header.height)) }
    }

    /// The whole file, a regular file of at most `limits.maxFileBytes`.
    private func read(_ url: URL, path: String) throws(PNGError) -> Data {
        do {
            return try RegularFile.read(url, maxBytes: limits.maxFileBytes)
        } catch {
            throw PNGError(path: path, reason: .unreadable(error.description))
        }
    }

    public func decode(_ data: Data, path: String) throws(PNGError) -> Decoded {
        if let format = StillImageFormat.of(data.prefix(16), path: path) {
            let image = try decodeStillImage(data, format: format, path: path)
            return Decoded(image: image, format: PNGSourceFormat(still: format, width: image.width, height: image.height))
        }
        return try withReader(data, path: path) { reader, header throws(PNGError) in
            let width = Int(header.width), height = Int(header.height)
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            var message = [CChar](repeating: 0, count: 256)
            let status = pixels.withUnsafeMutableBufferPointer { buffer in
                emk_png_reader_read_rgba8(reader, buffer.baseAddress, &message, message.count)
            }
            if status != Int32(EMK_PNG_OK.rawValue) {
                throw Self.error(status: status, message: message, path: path, limits: limits)
            }
            return Decoded(image: RGBAImage(width: width, height: height, pixels: pixels), format: PNGSourceFormat(header))
        }
    }

    func withReader<T>(
        _ data: Data, path: String,
        _ body: (OpaquePointer, emk_png_header) throws(PNGError) -> T
    ) throws(PNGError) -> T {
        var cLimits = emk_png_limits(
            max_width: UInt32(clamping: limits.maxWidth),
            max_height: UInt32(clamping: limits.maxHeight),
            max_pixels: UInt64(clamping: limits.maxPixels))
        var header = emk_png_header()
        var message = [CChar](repeating: 0, count: 256)
        let result: Result<T, PNGError> = data.withUnsafeBytes { raw in
            var reader: OpaquePointer?
            let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self)
            let status = emk_png_reader_open(base, raw.count, &cLimits, &header, &reader, &message, message.count)
            guard status == Int32(EMK_PNG_OK.rawValue), let reader else {
                var error = Self.error(status: status, message: message, path: path, limits: limits)
                if case .notPNG = error.reason {
                    // A `.png` that is not one is "not a PNG"; any other name was read by content,
                    // so the message says what the bytes are, never contradicting the name.
                    let detected = Self.sniff(raw)
                    let named = path.lowercased().hasSuffix(".png")
                    error = PNGError(path: path, reason: named ? .notPNG(detected: detected) : .notAnImage(detected: detected))
                }
                return .failure(error)
            }
            defer { emk_png_reader_close(reader) }
            do throws(PNGError) {
                return .success(try body(reader, header))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    static func error(status: Int32, message: [CChar], path: String, limits: Limits) -> PNGError {
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let reason: PNGError.Reason
        switch UInt32(status) {
        case EMK_PNG_EMPTY.rawValue: reason = .empty
        case EMK_PNG_NOT_PNG.rawValue: reason = .notPNG(detected: nil)
        case EMK_PNG_ASCII_DAMAGE.rawValue: reason = .damagedByTextTransfer
        case EMK_PNG_TRUNCATED.rawValue:
            let detail = text.components(separatedBy: "(truncated): ").dropFirst().first
            reason = .truncated(detail: detail)
        case EMK_PNG_TOO_LARGE.rawValue:
            let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            reason = .tooLarge(width: numbers.first ?? 0, height: numbers.dropFirst().first ?? 0, limits: limits)
        case EMK_PNG_TOO_MUCH_DATA.rawValue: reason = .tooMuchImageData(text)
        case EMK_PNG_OUT_OF_MEMORY.rawValue: reason = .outOfMemory
        default:
            // libpng reports reading past the end as "Read Error" only when the read callback is
            // libpng's own; ours says "truncated", but keep libpng's wording for the rest.
            reason = text.contains("truncated") ? .truncated(detail: nil) : .corrupt(text)
        }
        return PNGError(path: path, reason: reason)
    }

    /// Names the format of a file that is not a PNG, for a message a user can act on.
    static func sniff(_ raw: UnsafeRawBufferPointer) -> String? {
        let bytes = Array(raw.prefix(16))
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "JPEG" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "GIF" }
        if bytes.starts(with: Array("RIFF".utf8)) && raw.count > 12 && Array(raw[8..<12]) == Array("WEBP".utf8) { return "WebP" }
        if bytes.starts(with: Array("BM".utf8)) { return "BMP" }
        if bytes.starts(with: [0x3C]) || bytes.starts(with: Array("<?xml".utf8)) { return "XML or HTML text" }
        let sample = raw.prefix(512)
        if !sample.isEmpty && sample.allSatisfy({ $0 == 9 || $0 == 10 || $0 == 13 || ($0 >= 32 && $0 != 127) || $0 >= 0x80 }),
            String(bytes: sample, encoding: .utf8) != nil
        {
            return "text"
        }
        return nil
    }
}
