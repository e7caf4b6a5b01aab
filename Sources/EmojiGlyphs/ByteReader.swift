/// Bounds-checked big-endian reads over a font file. Every offset in a font is untrusted, so
/// every read checks before it touches memory and reports the table it was reading.
struct ByteReader {
    /// The file's bytes, without `hole`'s.
    let bytes: [UInt8]
    let path: String
    /// File offsets whose bytes were not read (a colour font's bitmap table, read a glyph at a
    /// time when drawn): a read there is out of bounds, and offsets after it are shifted back.
    let hole: Range<Int>

    init(bytes: [UInt8], path: String, hole: Range<Int> = 0..<0) {
        self.bytes = bytes
        self.path = path
        self.hole = hole
    }

    /// A table that cannot be read: `offset ..< offset + length` is outside the file (or in its
    /// hole), or, with `implausible`, the count at `offset` (`length`) is more than any font has
    /// (one error type, so every table's reader reports both through `ColorEmojiFont`'s `parse`).
    struct OutOfBounds: Error {
        let offset: Int
        let length: Int
        /// What the count at `offset` claims, when it is the problem: "4294967295 bitmap sizes".
        var implausible: String? = nil
    }

    /// The size of the whole file, the hole included.
    var fileSize: Int { bytes.count + hole.count }

    /// `offset ..< offset + length` lies inside the file, the hole included (the table directory
    /// checks every table, the unread one too).
    func checkInFile(_ offset: Int, _ length: Int) throws(OutOfBounds) {
        if offset < 0 || length < 0 || offset > fileSize - length { throw OutOfBounds(offset: offset, length: length) }
    }

    /// Where `offset ..< offset + length` is in `bytes`: inside the file and outside the hole.
    private func index(_ offset: Int, _ length: Int) throws(OutOfBounds) -> Int {
        try checkInFile(offset, length)
        if hole.isEmpty || offset + length <= hole.lowerBound { return offset }
        if offset >= hole.upperBound { return offset - hole.count }
        throw OutOfBounds(offset: offset, length: length)
    }

    func check(_ offset: Int, _ length: Int) throws(OutOfBounds) { _ = try index(offset, length) }

    func u8(_ offset: Int) throws(OutOfBounds) -> Int {
        let i = try index(offset, 1)
        return Int(bytes[i])
    }

    func u16(_ offset: Int) throws(OutOfBounds) -> Int {
        let i = try index(offset, 2)
        return Int(bytes[i]) << 8 | Int(bytes[i + 1])
    }

    func u24(_ offset: Int) throws(OutOfBounds) -> Int {
        let i = try index(offset, 3)
        return Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
    }

    func u32(_ offset: Int) throws(OutOfBounds) -> Int {
        let i = try index(offset, 4)
        return Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
    }

    func tag(_ offset: Int) throws(OutOfBounds) -> String {
        let i = try index(offset, 4)
        return String(decoding: bytes[i..<(i + 4)], as: UTF8.self)
    }

    func slice(_ offset: Int, _ length: Int) throws(OutOfBounds) -> ArraySlice<UInt8> {
        let i = try index(offset, length)
        return bytes[i..<(i + length)]
    }
}
