/// Reads Windows bitmaps (`.bmp`), the format of many old chat themes' emoticons, in Swift:
/// the format is a header and rows of pixels, small enough to read with every offset and size
/// checked against the file, which no C library would make safer.
///
/// Read: the OS/2 core header and the Windows INFO, V2-V5 headers; 1, 4 and 8 bits a pixel with a
/// palette; 16, 24 and 32 bits, plain or with bit masks (`BI_BITFIELDS`, `BI_ALPHABITFIELDS`);
/// bottom-up and top-down rows. Alpha: a bit-mask bitmap's alpha mask, else (32 bits) the byte no
/// colour mask covers; a plain (`BI_RGB`) 32-bit bitmap's fourth byte (header masks are ignored
/// for plain bitmaps, as Windows ignores them). An alpha channel that is 0 in every pixel stores
/// no alpha (what most writers leave there): the image is opaque. Refused with a reason:
/// run-length (`BI_RLE4`, `BI_RLE8`) and embedded JPEG/PNG bitmaps, which emoticon themes do not
/// use. Rows are handed out one at a time (`forEachRow`) from the file's bytes where they lie, so
/// a large bitmap is scaled as it is read, never copied or held decoded.
enum BMPDecoder {
    struct Header: Equatable {
        var width: Int
        var height: Int
        var topDown: Bool
        var bitsPerPixel: Int
        var pixelOffset: Int
        /// Red, green, blue and alpha masks for 16 and 32 bits (alpha 0 when there is none).
        var masks: (r: UInt32, g: UInt32, b: UInt32, a: UInt32)
        /// Palette entries as RGBA, for 1 to 8 bits.
        var palette: [UInt32]
        /// Whether the alpha channel is 0 in every pixel (then the image is opaque).
        var alphaAllZero = false

        static func == (lhs: Header, rhs: Header) -> Bool {
            lhs.width == rhs.width && lhs.height == rhs.height && lhs.topDown == rhs.topDown && lhs.bitsPerPixel == rhs.bitsPerPixel
                && lhs.pixelOffset == rhs.pixelOffset && lhs.masks == rhs.masks && lhs.palette == rhs.palette && lhs.alphaAllZero == rhs.alphaAllZero
        }

        /// Bytes in one stored row: padded to four.
        var rowBytes: Int { (width * bitsPerPixel + 31) / 32 * 4 }
    }

    /// Why a bitmap was refused, in words for `PNGErrorReason.undecodable`.
    enum Problem: Error, Equatable {
        case truncated(String)
        case corrupt(String)
        case unsupported(String)
        case tooLarge(width: Int, height: Int)
    }

    static func isBMP(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.count >= 2 && bytes.starts(with: [0x42, 0x4D])
    }

    /// The header, checked against the file and the limits before any pixel memory is used.
    static func header(_ bytes: UnsafeRawBufferPointer, limits: some ImageLimits) throws(Problem) -> Header {
        guard bytes.count >= 18 else { throw .truncated("the file ends inside its header (\(bytes.count) bytes)") }
        let pixelOffset = Int(u32(bytes, 10))
        let infoSize = Int(u32(bytes, 14))
        guard [12, 40, 52, 56, 64, 108, 124].contains(infoSize) else { throw .corrupt("unknown header size \(infoSize)") }
        guard bytes.count >= 14 + infoSize else { throw .truncated("the file ends inside its \(infoSize)-byte header") }
        var width: Int, rawHeight: Int, planes: Int, bits: Int, compression: UInt32 = 0, colours = 0
        if infoSize == 12 {
            width = Int(u16(bytes, 18)); rawHeight = Int(Int16(bitPattern: u16(bytes, 20))); planes = Int(u16(bytes, 22)); bits = Int(u16(bytes, 24))
        } else {
            width = Int(Int32(bitPattern: u32(bytes, 18))); rawHeight = Int(Int32(bitPattern: u32(bytes, 22)))
            planes = Int(u16(bytes, 26)); bits = Int(u16(bytes, 28)); compression = u32(bytes, 30); colours = Int(u32(bytes, 46))
            if infoSize == 64 { throw .unsupported("an OS/2 2.x bitmap") }
        }
        guard planes == 1 else { throw .corrupt("\(planes) colour planes (a bitmap has 1)") }
        guard width > 0, rawHeight != 0, rawHeight != Int(Int32.min) else { throw .corrupt("an image of \(width)x\(rawHeight) pixels") }
        let height = abs(rawHeight)
        guard limits.admits(width: width, height: height) else { throw .tooLarge(width: width, height: height) }
        switch compression {
        case 0, 3, 6: break
        case 1, 2: throw .unsupported("run-length compressed (\(compression == 1 ? "RLE8" : "RLE4")): save it uncompressed or as PNG")
        case 4, 5: throw .unsupported("a bitmap holding a \(compression == 4 ? "JPEG" : "PNG"): save the image itself")
        default: throw .corrupt("unknown compression \(compression)")
        }
        guard [1, 4, 8, 16, 24, 32].contains(bits) else { throw .unsupported("\(bits) bits a pixel") }
        guard compression == 0 || bits == 16 || bits == 32 else { throw .corrupt("bit masks on a \(bits)-bit image") }
        var masks: (r: UInt32, g: UInt32, b: UInt32, a: UInt32) =
            bits == 16 ? (0x7C00, 0x03E0, 0x001F, 0) : (0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0)
        if bits == 32 && compression == 0 { masks.a = 0xFF00_0000 }
        if compression == 3 || compression == 6 {
            // Masks follow a 40-byte header, or are part of a longer one.
            let count = compression == 6 ? 4 : 3
            guard bytes.count >= 54 + 4 * count else { throw .truncated("the file ends inside its colour masks") }
            masks = (u32(bytes, 54), u32(bytes, 58), u32(bytes, 62), count == 4 || infoSize >= 56 ? u32(bytes, 66) : 0)
            // Without an alpha mask, a 32-bit pixel's alpha is the byte no colour mask covers.
            let free = ~(masks.r | masks.g | masks.b)
            if masks.a == 0, bits == 32, [0xFF00_0000, 0x0000_00FF].contains(free) { masks.a = free }
            for mask in [masks.r, masks.g, masks.b, masks.a] where mask != 0 {
                let shifted = UInt64(mask >> UInt32(mask.trailingZeroBitCount))
                guard shifted & (shifted + 1) == 0 else { throw .corrupt("a colour mask of scattered bits (0x\(String(mask, radix: 16)))") }
                guard bits == 32 || mask <= 0xFFFF else { throw .corrupt("a colour mask (0x\(String(mask, radix: 16))) wider than \(bits) bits") }
            }
        }
        var palette: [UInt32] = []
        if bits <= 8 {
            let maxColours = 1 << bits
            let count = colours == 0 ? maxColours : colours
            guard count <= maxColours else { throw .corrupt("\(count) palette colours for \(bits) bits a pixel") }
            let entry = infoSize == 12 ? 3 : 4
            let start = 14 + infoSize + (compression == 3 && infoSize == 40 ? 12 : 0)
            guard start + count * entry <= bytes.count else { throw .truncated("the file ends inside its palette") }
            palette = (0..<count).map { index in
                let at = start + index * entry
                return UInt32(bytes[at + 2]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at]) << 16 | 0xFF00_0000
            }
        }
        var header = Header(width: width, height: height, topDown: rawHeight < 0, bitsPerPixel: bits, pixelOffset: pixelOffset, masks: masks, palette: palette)
        guard pixelOffset >= 14 + infoSize, pixelOffset <= bytes.count else { throw .corrupt("pixel data offset \(pixelOffset) is outside the file") }
        let (needed, overflow) = header.rowBytes.multipliedReportingOverflow(by: height)
        guard !overflow, needed <= bytes.count - pixelOffset else {
            throw .truncated("the pixel rows need \(needed) bytes, the file has \(bytes.count - pixelOffset) after the header")
        }
        if masks.a != 0 {
            header.alphaAllZero = (0..<height).allSatisfy { row in
                let stored = pixelOffset + row * header.rowBytes
                return (0..<width).allSatisfy { x in
                    let value = bits == 16 ? UInt32(u16(bytes, stored + x * 2)) : u32(bytes, stored + x * 4)
                    return value & masks.a == 0
                }
            }
        }
        return header
    }

    /// Hands each row, top first, as straight RGBA to `body` (one row buffer, reused).
    static func forEachRow(_ bytes: UnsafeRawBufferPointer, header: Header, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let (width, height, bits) = (header.width, header.height, header.bitsPerPixel)
        let opaque = header.masks.a == 0 || header.alphaAllZero
        var pixels = [UInt8](repeating: 0, count: width * 4)
        for row in 0..<height {
            let stored = header.pixelOffset + (header.topDown ? row : height - 1 - row) * header.rowBytes
            var out = 0
            for x in 0..<width {
                let rgba: UInt32
                switch bits {
                case 1, 4, 8:
                    let bit = x * bits
                    let index = Int(bytes[stored + bit / 8] >> UInt8(8 - bits - bit % 8)) & ((1 << bits) - 1)
                    // An index past the palette is drawn transparent, as for a GIF.
                    rgba = index < header.palette.count ? header.palette[index] : 0
                case 24:
                    let at = stored + x * 3
                    rgba = UInt32(bytes[at + 2]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at]) << 16 | 0xFF00_0000
                default:
                    let value = bits == 16 ? UInt32(u16(bytes, stored + x * 2)) : u32(bytes, stored + x * 4)
                    let alpha = opaque ? 255 : channel(value, header.masks.a)
                    rgba = channel(value, header.masks.r) | channel(value, header.masks.g) << 8 | channel(value, header.masks.b) << 16 | alpha << 24
                }
                pixels[out] = UInt8(rgba & 0xFF); pixels[out + 1] = UInt8(rgba >> 8 & 0xFF)
                pixels[out + 2] = UInt8(rgba >> 16 & 0xFF); pixels[out + 3] = UInt8(rgba >> 24)
                out += 4
            }
            pixels.withUnsafeBufferPointer { body($0) }
        }
    }

    /// A masked channel scaled to 0...255.
    private static func channel(_ value: UInt32, _ mask: UInt32) -> UInt32 {
        guard mask != 0 else { return 0 }
        let shift = UInt32(mask.trailingZeroBitCount)
        let maximum = UInt64(mask >> shift)
        return UInt32(UInt64((value & mask) >> shift) * 255 / maximum)
    }

    private static func u16(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
    private static func u32(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}
