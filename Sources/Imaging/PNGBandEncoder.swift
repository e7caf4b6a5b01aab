import CSheetWriter

/// Encodes an image handed over a band of rows at a time, top to bottom, to exactly the bytes
/// `PNGEncoder.encode` writes for the whole image, so a large sheet can be drawn and encoded
/// band by band without ever being held whole (an emoji keyboard's @3x variants sheet is 10 MB
/// of RGBA).
///
/// Unfiltered rows (the default filter) go to the C sheet writer: an image of up to 4 MiB of rows
/// is gathered there for libdeflate, a larger one streams through zlib a band at a time (chosen
/// by size alone, so the bytes are the whole image's either way). The palette
/// attempt counts colours as rows arrive and keeps one byte a pixel only while there are at
/// most 256. Other filters go through libpng, which takes the whole image: their rows are
/// gathered and encoded at the end.
public final class PNGBandEncoder {
    public let width: Int
    public let height: Int
    /// The most bytes of rows (`height * (width * 4 + 1)`) encoded whole with libdeflate; a
    /// larger image streams through zlib, several times slower.
    public static var wholeImageBytes: Int { Int(emk_sheet_whole_bytes()) }
    private let encoder: PNGEncoder
    private let path: String
    private var stream: OpaquePointer?
    /// Every row so far, for filters other than `none` only.
    private var gathered: [UInt8] = []
    private var palette: IndexedImage.Builder?
    private var rowsGiven = 0

    public init(width: Int, height: Int, encoder: PNGEncoder, path: String = "<memory>") throws(PNGError) {
        guard width > 0, height > 0 else {
            throw PNGError(path: path, reason: .encodingFailed("an image must be at least 1x1 pixels, not \(width)x\(height)"))
        }
        self.width = width
        self.height = height
        self.encoder = encoder
        self.path = path
        if encoder.palette == .auto { palette = IndexedImage.Builder(pixelCount: width * height) }
        if encoder.filter == .none {
            var settings = encoder.sheetDeflate
            var message = [CChar](repeating: 0, count: 256)
            var opened: OpaquePointer?
            let status = message.withUnsafeMutableBufferPointer {
                emk_sheet_stream_begin(UInt32(width), UInt32(height), &settings, &opened, $0.baseAddress!, 256)
            }
            guard status == Int32(EMK_SHEET_OK.rawValue) else { throw PNGEncoder.failure(path: path, message: message) }
            stream = opened
        }
    }

    deinit { emk_sheet_stream_free(stream) }

    /// Hands over the next rows: a band as wide as the image, at most as tall as what is left.
    public func append(_ band: RGBAImage) throws(PNGError) {
        guard band.width == width, band.height <= height - rowsGiven else {
            throw PNGError(path: path, reason: .encodingFailed("a band of \(band.width)x\(band.height) does not fit the \(height - rowsGiven) rows left of \(width)x\(height)"))
        }
        guard band.pixels.count == band.width * band.height * 4 else { throw PNGError(path: path, reason: .encodingFailed(PNGEncoder.mismatch(band))) }
        guard band.height > 0 else { return }
        rowsGiven += band.height
        band.pixels.withUnsafeBufferPointer { palette?.add($0) }
        if palette?.tooManyColours == true { palette = nil }
        guard let stream else {
            gathered += band.pixels
            return
        }
        var message = [CChar](repeating: 0, count: 256)
        let status = band.pixels.withUnsafeBufferPointer { rows in
            message.withUnsafeMutableBufferPointer { emk_sheet_stream_push_rows(stream, rows.baseAddress, UInt32(band.height), $0.baseAddress!, 256) }
        }
        guard status == Int32(EMK_SHEET_OK.rawValue) else { throw PNGEncoder.failure(path: path, message: message) }
    }

    /// The PNG, once every row was given: the smaller of truecolour and indexed, as `PNGEncoder`
    /// chooses.
    public func finish() throws(PNGError) -> [UInt8] {
        guard rowsGiven == height else {
            throw PNGError(path: path, reason: .encodingFailed("only \(rowsGiven) of \(height) rows were drawn"))
        }
        let truecolour: [UInt8]
        if let stream {
            truecolour = try encoder.collect(path: path) { buffer, message in
                var out = emk_sheet_buffer()
                let status = emk_sheet_stream_finish(stream, &out, message, 256)
                buffer = EncodedBuffer(out)
                return status == Int32(EMK_SHEET_OK.rawValue)
            }
        } else {
            truecolour = try encoder.encode(RGBAImage(width: width, height: height, pixels: gathered), path: path, palette: false)
            gathered = []
        }
        guard let builder = palette.take(), let indexed = builder.finish() else { return truecolour }
        let paletted = try encoder.encodeIndexed(indexed, width: width, height: height, path: path)
        return paletted.count < truecolour.count ? paletted : truecolour
    }
}
