/// Bounds-checked big-endian reads over a font file. Every offset in a font is untrusted, so
/// every read checks before it touches memory and reports the table it was reading.
struct ByteReader {
    let bytes: [UInt8]
    let path: String

    struct OutOfBounds: Error { let offset: Int; let length: Int }

    func check(_ offset: Int, _ length: Int) throws(OutOfBounds) {
        if offset < 0 || length < 0 || offset > bytes.count - length { throw OutOfBounds(offset: offset, length: length) }
    }

    func u8(_ offset: Int) throws(OutOfBounds) -> Int {
        try check(offset, 1)
        return Int(bytes[offset])
    }

    func u16(_ offset: Int) throws(OutOfBounds) -> Int {
        try check(offset, 2)
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    func u24(_ offset: Int) throws(OutOfBounds) -> Int {
        try check(offset, 3)
        return Int(bytes[offset]) << 16 | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2])
    }

    func u32(_ offset: Int) throws(OutOfBounds) -> Int {
        try check(offset, 4)
        return Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    func tag(_ offset: Int) throws(OutOfBounds) -> String {
        try check(offset, 4)
        return String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
    }

    func slice(_ offset: Int, _ length: Int) throws(OutOfBounds) -> ArraySlice<UInt8> {
        try check(offset, length)
        return bytes[offset..<(offset + length)]
    }
}
