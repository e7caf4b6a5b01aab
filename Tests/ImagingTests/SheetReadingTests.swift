import Foundation
import TestSupport
import Testing

@testable import Imaging

/// `PNGDecoder.readSheet`, the fast reader of cached sheets: it reads what the sheet writer
/// writes exactly as libpng does, and returns nil for every other PNG and every damage (the
/// caller then asks libpng), so it can never accept what libpng would refuse.
struct SheetReadingTests {
    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var table = [UInt32](repeating: 0, count: 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            table[n] = c
        }
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    /// A chunk as PNG writes it (length, type, data, CRC).
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let length = UInt32(data.count), sum = crc(body[...])
        return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + body + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: sum >> $0) }
    }

    /// Damage inside the image data of `png` (a sheet as emokit writes it, its one IDAT chunk
    /// right after IHDR), every CRC recomputed so only the stream is wrong: a changed byte
    /// (libdeflate's Adler-32 check must catch it), and a zlib header declaring a 256-byte window
    /// (valid check bits; libdeflate ignores the window, libpng refuses copies reaching past it).
    static func streamDamages(_ png: [UInt8]) -> [(String, [UInt8])] {
        let idatLength = Int(png[33]) << 24 | Int(png[34]) << 16 | Int(png[35]) << 8 | Int(png[36])
        func recomputingCRC(_ bytes: [UInt8]) -> [UInt8] {
            var bytes = bytes
            let sum = crc(bytes[37..<(41 + idatLength)])
            for (i, shift) in [24, 16, 8, 0].enumerated() { bytes[41 + idatLength + i] = UInt8(truncatingIfNeeded: sum >> UInt32(shift)) }
            return bytes
        }
        var damaged = png
        damaged[41 + idatLength / 2] ^= 0x10
        var smallWindow = png
        smallWindow[41] = 0x08
        smallWindow[42] = UInt8((31 - (0x08 * 256 + Int(png[42] & 0xE0)) % 31) % 31) | (png[42] & 0xE0)
        precondition((Int(smallWindow[41]) * 256 + Int(smallWindow[42])) % 31 == 0)
        return [("damaged pixels", recomputingCRC(damaged)), ("a 256-byte window", recomputingCRC(smallWindow))]
    }

    @Test(arguments: [1, 7, 100, 750])
    func readsWhatTheWriterWritesAsLibpngDoes(width: Int) throws {
        for (index, bands) in [[3, 5], [0, 9, 40, 2, 8], [60], [1, 1, 1, 1, 1, 1]].enumerated() {
            let image = EncoderTests.bandedImage(width: width, bands: bands, seed: UInt64(width + index))
            for level in [0, 1, 3, 6, 9] {
                let png = Data(try PNGEncoder(compressionLevel: level, palette: .never).encode(image))
                #expect(PNGDecoder.readSheet(png, width: image.width, height: image.height) == image, "width \(width), bands \(bands), level \(level)")
                #expect(try PNGDecoder().decode(png, path: "m").image == image)
            }
        }
    }

    @Test func anythingElseIsLeftToLibpng() throws {
        let image = EncoderTests.randomImage(width: 40, height: 30, colours: nil, seed: 5)
        let png = try PNGEncoder(palette: .never).encode(image)
        #expect(PNGDecoder.readSheet(Data(png), width: 40, height: 30) == image)
        let ihdrEnd = 33
        var cases: [(String, [UInt8])] = [
            ("another size", png),
            ("a filter", try PNGEncoder(filter: .paeth, palette: .never).encode(image)),
            ("palette", try PNGEncoder().encode(EncoderTests.randomImage(width: 40, height: 30, colours: 4, seed: 6))),
            ("a text chunk", Array(png[..<ihdrEnd]) + Self.chunk("tEXt", Array("a\0b".utf8)) + Array(png[ihdrEnd...])),
            ("truncated", Array(png.dropLast(13))),
            ("trailing bytes", png + [0]),
            ("empty", []),
        ]
        var badCRC = png
        badCRC[40] ^= 1  // inside the IDAT data: the chunk's CRC no longer matches
        cases.append(("a bad CRC", badCRC))
        cases += Self.streamDamages(png)
        for (name, bytes) in cases {
            let (width, height) = name == "another size" ? (41, 30) : (40, 30)
            #expect(PNGDecoder.readSheet(Data(bytes), width: width, height: height) == nil, "\(name)")
        }
    }

    /// Every PNG of the conformance suite: nil, or exactly libpng's pixels.
    @Test func theConformanceSuiteNeverReadsDifferently() throws {
        let suite = PNGSuiteConformanceTests.suite
        for name in try FileManager.default.contentsOfDirectory(atPath: suite.path).filter({ $0.hasSuffix(".png") }).sorted() {
            let data = try Data(contentsOf: suite.appendingPathComponent(name))
            let decoded = try? PNGDecoder().decode(data, path: name).image
            guard let decoded else {
                #expect(PNGDecoder.readSheet(data, width: 32, height: 32) == nil, "\(name)")
                continue
            }
            if let fast = PNGDecoder.readSheet(data, width: decoded.width, height: decoded.height) { #expect(fast == decoded, "\(name)") }
        }
    }
}
