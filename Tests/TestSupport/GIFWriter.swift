/// Writes GIF89a files for tests, byte by byte, so fixtures (good and deliberately broken) are
/// made by the tests themselves. The image data is "uncompressed" LZW: every pixel is its own
/// 9-bit code and a clear code follows every 254 of them, so the code size never grows. Any
/// conforming decoder (giflib, browsers) reads it.
public enum GIFWriter {
    /// Red, green, blue and white: four colours far apart, for frames told apart by colour.
    public static let fourColours: [(UInt8, UInt8, UInt8)] = [(250, 20, 20), (20, 250, 20), (20, 20, 250), (255, 255, 255)]

    public struct Frame {
        public var width: Int, height: Int, left: Int, top: Int
        /// Palette indices, row-major, top row first (the writer reorders rows when interlaced).
        public var indices: [UInt8]
        public var delayCentiseconds: Int
        public var transparentIndex: Int?
        public var interlaced: Bool
        public var localPalette: [(UInt8, UInt8, UInt8)]?

        public init(
            width: Int, height: Int, left: Int = 0, top: Int = 0, indices: [UInt8], delayCentiseconds: Int = 10,
            transparentIndex: Int? = nil, interlaced: Bool = false, localPalette: [(UInt8, UInt8, UInt8)]? = nil
        ) {
            self.width = width; self.height = height; self.left = left; self.top = top; self.indices = indices
            self.delayCentiseconds = delayCentiseconds; self.transparentIndex = transparentIndex
            self.interlaced = interlaced; self.localPalette = localPalette
        }

        /// A frame of one colour index.
        public static func solid(width: Int, height: Int, index: UInt8, delayCentiseconds: Int = 10) -> Frame {
            Frame(width: width, height: height, indices: [UInt8](repeating: index, count: width * height), delayCentiseconds: delayCentiseconds)
        }
    }

    /// `loopCount`: nil writes no NETSCAPE2.0 extension; 0 loops forever.
    public static func encode(width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)]?, loopCount: Int? = 0, frames: [Frame]) -> [UInt8] {
        var out: [UInt8] = Array("GIF89a".utf8)
        out += le16(width) + le16(height)
        if let palette {
            let bits = tableBits(palette.count)
            out += [0x80 | 0x70 | UInt8(bits - 1), 0, 0]
            out += table(palette, bits: bits)
        } else {
            out += [0x70, 0, 0]
        }
        if let loopCount {
            out += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01] + le16(loopCount) + [0x00]
        }
        for frame in frames {
            let transparent = frame.transparentIndex
            out += [0x21, 0xF9, 0x04, transparent == nil ? 0x00 : 0x01] + le16(frame.delayCentiseconds) + [UInt8(transparent ?? 0), 0x00]
            out += [0x2C] + le16(frame.left) + le16(frame.top) + le16(frame.width) + le16(frame.height)
            var packed: UInt8 = frame.interlaced ? 0x40 : 0
            if let local = frame.localPalette {
                let bits = tableBits(local.count)
                packed |= 0x80 | UInt8(bits - 1)
                out.append(packed)
                out += table(local, bits: bits)
            } else {
                out.append(packed)
            }
            out += imageData(rowOrder(frame), width: frame.width)
        }
        out.append(0x3B)
        return out
    }

    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }

    static func tableBits(_ count: Int) -> Int {
        var bits = 1
        while (1 << bits) < count { bits += 1 }
        return bits
    }

    static func table(_ palette: [(UInt8, UInt8, UInt8)], bits: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for i in 0..<(1 << bits) {
            let colour = i < palette.count ? palette[i] : (0, 0, 0)
            bytes += [colour.0, colour.1, colour.2]
        }
        return bytes
    }

    /// The indices in the order they are stored: row-major, or the four interlace passes.
    static func rowOrder(_ frame: Frame) -> [UInt8] {
        guard frame.interlaced else { return frame.indices }
        var rows: [Int] = []
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] { rows += Array(stride(from: start, to: frame.height, by: step)) }
        return rows.flatMap { row in frame.indices[(row * frame.width)..<((row + 1) * frame.width)] }
    }

    /// LZW with minimum code size 8: clear (256), the pixels as 9-bit codes with a clear every
    /// 254, end (257); packed LSB first into sub-blocks of at most 255 bytes.
    static func imageData(_ indices: [UInt8], width: Int) -> [UInt8] {
        var codes: [Int] = [256]
        for (i, index) in indices.enumerated() {
            if i > 0 && i % 254 == 0 { codes.append(256) }
            codes.append(Int(index))
        }
        codes.append(257)
        var stream: [UInt8] = []
        var buffer = 0, count = 0
        for code in codes {
            buffer |= code << count
            count += 9
            while count >= 8 {
                stream.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                count -= 8
            }
        }
        if count > 0 { stream.append(UInt8(buffer & 0xFF)) }
        var out: [UInt8] = [8]
        var offset = 0
        while offset < stream.count {
            let length = min(255, stream.count - offset)
            out.append(UInt8(length))
            out += stream[offset..<(offset + length)]
            offset += length
        }
        out.append(0)
        return out
    }
}
