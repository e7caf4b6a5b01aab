import CLibPNG
import CSheetWriter
import Foundation

/// Encodes RGBA8 images: unfiltered truecolour (the default, sprite sheets) through the sheet
/// writer (`CSheetWriter`, libdeflate), palette images and other filters through libpng.
///
/// Output depends only on the pixels and the options: no tIME, text or other varying chunk is
/// written, so equal pixels give equal bytes (and the same content hash in the manifest).
public struct PNGEncoder: Sendable {
    public enum Filter: String, CaseIterable, Sendable {
        /// libpng's per-row heuristic over all five filters.
        case adaptive, none, sub, up, average, paeth

        var libpngMask: Int32 {
            switch self {
            case .adaptive: return Int32(EMK_PNG_FILTER_ALL)
            case .none: return Int32(EMK_PNG_FILTER_NONE)
            case .sub: return Int32(EMK_PNG_FILTER_SUB)
            case .up: return Int32(EMK_PNG_FILTER_UP)
            case .average: return Int32(EMK_PNG_FILTER_AVG)
            case .paeth: return Int32(EMK_PNG_FILTER_PAETH)
            }
        }
    }

    public enum PaletteMode: String, Sendable {
        /// With at most 256 distinct colours, write whichever of indexed and RGBA is smaller.
        case auto
        /// Always truecolour with alpha.
        case never
    }

    /// Compression level 0 (store) to 9: libdeflate's level for sheets (zlib's for the images
    /// libpng writes). The default, 3, makes sheets 9% smaller than Pillow's on the benchmark
    /// corpus (canonical colour helps) in a fraction of zlib's time: deflate is the largest part
    /// of a run (Documentation/Performance.md has the table of levels tried).
    public var compressionLevel: Int
    /// The row filter of truecolour images. The default is `none`: sprite sheets are resampled
    /// palette icons on transparency, whose exact repeats deflate finds best unfiltered; on the
    /// benchmark corpus `none` was both the smallest and the fastest, and libpng's adaptive
    /// choice 9% larger at 2.8x the time (Performance.md "Deflate settings tried").
    public var filter: Filter
    public var palette: PaletteMode
    /// zlib's memLevel, 1 to 9 (8 is zlib's default), for the images zlib compresses; with level 9
    /// it marks `maximum`.
    public var memoryLevel: Int

    public init(compressionLevel: Int = 3, filter: Filter = .none, palette: PaletteMode = .auto, memoryLevel: Int = 8) {
        self.compressionLevel = max(0, min(9, compressionLevel))
        self.filter = filter
        self.palette = palette
        self.memoryLevel = max(1, min(9, memoryLevel))
    }

    /// The smallest sheets in reasonable time, for release builds (`--compression max`):
    /// libdeflate's level 10 for sheets, zlib's 9 with memLevel 9 elsewhere.
    public static var maximum: PNGEncoder { PNGEncoder(compressionLevel: 9, memoryLevel: 9) }

    /// The level libdeflate compresses sheets at: the level itself, except `maximum` (9 with
    /// memLevel 9), which is libdeflate's level 10 (its near-optimal parser; 11 and 12 cost 2-5x
    /// more time for half a percent). libpng's paths (palette images, other filters) use zlib at
    /// the level itself.
    var sheetLevel: Int { compressionLevel == 9 && memoryLevel == 9 ? 10 : compressionLevel }

    func deflate(filters: Int32) -> emk_png_deflate {
        emk_png_deflate(level: Int32(sheetLevel), filters: filters, mem_level: Int32(memoryLevel), strategy: -1)
    }

    /// The sheet writer's settings: the same level and memLevel as `deflate`, zlib's default strategy.
    var sheetDeflate: emk_sheet_deflate {
        emk_sheet_deflate(level: Int32(sheetLevel), mem_level: Int32(memoryLevel), strategy: -1)
    }

    /// Truecolour through the writer its filter needs: the sheet writer for unfiltered rows,
    /// libpng for the rest. Both write into a buffer `collect` or `collectData` takes over.
    func encodeTruecolour<Result>(
        _ image: RGBAImage, path: String,
        collect: (_ path: String, _ call: (inout EncodedBuffer, UnsafeMutablePointer<CChar>) -> Bool) throws(PNGError) -> Result
    ) throws(PNGError) -> Result {
        let (width, height) = (UInt32(image.width), UInt32(image.height))
        if filter == .none {
            var settings = sheetDeflate
            return try collect(path) { buffer, message in
                var out = emk_sheet_buffer()
                let status = image.pixels.withUnsafeBufferPointer { emk_sheet_encode_rgba8($0.baseAddress, width, height, &settings, &out, message, 256) }
                buffer = EncodedBuffer(out)
                return status == Int32(EMK_SHEET_OK.rawValue)
            }
        }
        var settings = deflate(filters: filter.libpngMask)
        return try collect(path) { buffer, message in
            var out = emk_png_buffer()
            let status = image.pixels.withUnsafeBufferPointer { emk_png_encode_rgba8($0.baseAddress, width, height, &settings, &out, message, 256) }
            buffer = EncodedBuffer(out)
            return status == Int32(EMK_PNG_OK.rawValue)
        }
    }

    public func encode(_ image: RGBAImage, path: String = "<memory>") throws(PNGError) -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw PNGError(path: path, reason: .encodingFailed("an image must be at least 1x1 pixels, not \(image.width)x\(image.height)"))
        }
        guard image.pixels.count == image.width * image.height * 4 else { throw PNGError(path: path, reason: .encodingFailed(Self.mismatch(image))) }
        return try encode(image, path: path, palette: palette == .auto)
    }

    /// `encode`'s bytes as `Data` that owns the encoder's own buffer (shrunk to fit, never
    /// copied): a sheet is written, hashed and perhaps cached from it, and the two copies of
    /// `[UInt8]` and `Data` were a few percent of a run in copies and page faults.
    public func encodeData(_ image: RGBAImage, path: String = "<memory>") throws(PNGError) -> Data {
        guard image.width > 0, image.height > 0 else {
            throw PNGError(path: path, reason: .encodingFailed("an image must be at least 1x1 pixels, not \(image.width)x\(image.height)"))
        }
        guard image.pixels.count == image.width * image.height * 4 else { throw PNGError(path: path, reason: .encodingFailed(Self.mismatch(image))) }
        let truecolour = try encodeTruecolour(image, path: path, collect: collectData)
        guard palette == .auto, let indexed = IndexedImage(image) else { return truecolour }
        let paletted = try encodeIndexed(indexed, width: image.width, height: image.height, path: path)
        return paletted.count < truecolour.count ? Data(paletted) : truecolour
    }

    /// `RGBAImage.pixels` is settable; the C encoder would read past a buffer shorter than the size.
    static func mismatch(_ image: RGBAImage) -> String {
        "the pixel buffer holds \(image.pixels.count) bytes, not the \(image.width * image.height * 4) of \(image.width)x\(image.height) RGBA"
    }

    /// Truecolour, or with `palette` the smaller of it and the indexed image when that exists.
    func encode(_ image: RGBAImage, path: String, palette: Bool) throws(PNGError) -> [UInt8] {
        let truecolour = try encodeRGBA(image, path: path)
        guard palette, let indexed = IndexedImage(image) else { return truecolour }
        let paletted = try encodeIndexed(indexed, width: image.width, height: image.height, path: path)
        return paletted.count < truecolour.count ? paletted : truecolour
    }

    private func encodeRGBA(_ image: RGBAImage, path: String) throws(PNGError) -> [UInt8] {
        try encodeTruecolour(image, path: path, collect: collect)
    }

    func encodeIndexed(_ indexed: IndexedImage, width: Int, height: Int, path: String) throws(PNGError) -> [UInt8] {
        // Filters rarely help palette images (the PNG spec recommends none), so the indexed
        // path keeps `none` unless the caller chose a specific filter.
        var settings = deflate(filters: filter == .adaptive ? PNGEncoder.Filter.none.libpngMask : filter.libpngMask)
        return try collect(path: path) { buffer, message in
            var out = emk_png_buffer()
            let status = indexed.indices.withUnsafeBufferPointer { indices in
                indexed.paletteRGB.withUnsafeBufferPointer { rgb in
                    indexed.alphas.withUnsafeBufferPointer { alphas in
                        emk_png_encode_indexed(
                            indices.baseAddress, UInt32(width), UInt32(height), Int32(indexed.bitDepth),
                            rgb.baseAddress, Int32(indexed.colorCount),
                            alphas.baseAddress, Int32(indexed.alphas.count),
                            &settings, &out, message, 256)
                    }
                }
            }
            buffer = EncodedBuffer(out)
            return status == Int32(EMK_PNG_OK.rawValue)
        }
    }

    /// `collect` without the copy: the buffer itself, shrunk to its size, owned by the `Data`.
    func collectData(path: String, _ call: (inout EncodedBuffer, UnsafeMutablePointer<CChar>) -> Bool) throws(PNGError) -> Data {
        var buffer = EncodedBuffer()
        var message = [CChar](repeating: 0, count: 256)
        let succeeded = message.withUnsafeMutableBufferPointer { call(&buffer, $0.baseAddress!) }
        guard succeeded, let bytes = buffer.bytes else {
            buffer.free()
            throw Self.failure(path: path, message: message)
        }
        let owned = realloc(bytes, max(buffer.size, 1)) ?? UnsafeMutableRawPointer(bytes)
        return Data(bytesNoCopy: owned, count: buffer.size, deallocator: .free)
    }

    func collect(path: String, _ call: (inout EncodedBuffer, UnsafeMutablePointer<CChar>) -> Bool) throws(PNGError) -> [UInt8] {
        var buffer = EncodedBuffer()
        var message = [CChar](repeating: 0, count: 256)
        let succeeded = message.withUnsafeMutableBufferPointer { call(&buffer, $0.baseAddress!) }
        defer { buffer.free() }
        guard succeeded, let bytes = buffer.bytes else { throw Self.failure(path: path, message: message) }
        return Array(UnsafeBufferPointer(start: bytes, count: buffer.size))
    }

    /// An encoder's failure in its own words (libpng's, libdeflate's or zlib's).
    static func failure(path: String, message: [CChar]) -> PNGError {
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return PNGError(path: path, reason: .encodingFailed(text.isEmpty ? "the encoder gave no reason" : text))
    }
}

/// The bytes a C encoder wrote: `emk_png_buffer` (libpng's shim) or `emk_sheet_buffer` (the sheet
/// writer), both `malloc`'d and handed over whole, so one `free` releases either.
struct EncodedBuffer {
    var bytes: UnsafeMutablePointer<UInt8>?
    var size = 0

    init() {}
    init(_ buffer: emk_png_buffer) { (bytes, size) = (buffer.bytes, buffer.size) }
    init(_ buffer: emk_sheet_buffer) { (bytes, size) = (buffer.bytes, buffer.size) }

    mutating func free() {
        Foundation.free(bytes)
        (bytes, size) = (nil, 0)
    }
}
