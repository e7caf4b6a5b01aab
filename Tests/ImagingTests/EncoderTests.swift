import Checksum
import Foundation
import Imaging
import TestSupport
import Testing

struct EncoderTests {
    static func randomImage(width: Int, height: Int, colours: Int?, seed: UInt64) -> RGBAImage {
        var rng = SeededGenerator(seed: seed)
        var image = RGBAImage(width: width, height: height)
        let palette: [[UInt8]] = (0..<(colours ?? 0)).map { _ in (0..<4).map { _ in UInt8.random(in: 0...255, using: &rng) } }
        for y in 0..<height {
            for x in 0..<width {
                let c =
                    colours != nil
                    ? palette[Int.random(in: 0..<palette.count, using: &rng)]
                    : (0..<4).map { _ in UInt8.random(in: 0...255, using: &rng) }
                image.setPixel(x: x, y: y, (c[0], c[1], c[2], c[3]))
            }
        }
        return image
    }

    /// Colour type byte of IHDR (offset 25): 3 palette, 6 RGBA.
    static func colourType(_ png: [UInt8]) -> UInt8 { png[25] }

    @Test(arguments: [(1, 1, 1), (7, 3, 2), (33, 17, 5), (64, 64, 200), (128, 40, 256)] as [(Int, Int, Int)])
    func paletteRoundTrip(width: Int, height: Int, colours: Int) throws {
        let image = Self.randomImage(width: width, height: height, colours: colours, seed: UInt64(width * 1000 + colours))
        let png = try PNGEncoder().encode(image)
        let back = try PNGDecoder().decode(Data(png), path: "memory").image
        #expect(back == image)
        if width * height >= 64 { #expect(Self.colourType(png) == 3, "a few colours should take the palette path") }
    }

    @Test(arguments: [(1, 1), (5, 9), (100, 37), (300, 200)] as [(Int, Int)])
    func truecolourRoundTrip(width: Int, height: Int) throws {
        let image = Self.randomImage(width: width, height: height, colours: nil, seed: UInt64(width * 31 + height))
        for level in [0, 6, 9] {
            for filter in PNGEncoder.Filter.allCases {
                let png = try PNGEncoder(compressionLevel: level, filter: filter).encode(image)
                #expect(try PNGDecoder().decode(Data(png), path: "memory").image == image)
                if width * height > 256 { #expect(Self.colourType(png) == 6) }
            }
        }
    }

    /// An image like a sprite sheet: bands of fully transparent rows between bands of pixels.
    /// `bands` alternates zero and random rows, starting with zero rows (counts may be 0).
    static func bandedImage(width: Int, bands: [Int], seed: UInt64) -> RGBAImage {
        var rng = SeededGenerator(seed: seed)
        var image = RGBAImage(width: width, height: bands.reduce(0, +))
        var y = 0
        for (index, rows) in bands.enumerated() {
            for _ in 0..<rows {
                if index % 2 == 1 {
                    // Pixels with transparent margins, as icons in cells have.
                    for x in (width / 8)..<(width - width / 8) {
                        image.setPixel(x: x, y: y, (UInt8.random(in: 0...3, using: &rng) * 60, 90, UInt8.random(in: 0...255, using: &rng), 255))
                    }
                }
                y += 1
            }
        }
        return image
    }

    /// Sheets are mostly runs of zero rows: each shape of run (at the start, between pixels, at the
    /// end, the whole image; shorter and longer than deflate's 32 KiB window) must decode to the
    /// same pixels, through libdeflate and, for images over 4 MiB, the zlib writer's zero blocks.
    @Test(arguments: [1, 7, 64, 100, 257, 750])
    func zeroBandsRoundTrip(width: Int) throws {
        let rowBytes = width * 4 + 1
        let short = max(1, 8192 / rowBytes + 1), long = 40_000 / rowBytes + 2
        let shapes: [[Int]] = [
            [short, 3], [0, 5, short, 4], [0, 5, long, 4, short], [long], [long, 0], [2, 3, 2, 3], [0, 2, short + 1, 2, long + 3, 1, long],
            [short + 2, 10, short - 1, 10, short],
        ]
        for (index, bands) in shapes.enumerated() {
            let image = Self.bandedImage(width: width, bands: bands, seed: UInt64(width * 100 + index))
            for level in [1, 4, 6, 9] {
                let png = try PNGEncoder(compressionLevel: level, palette: .never).encode(image)
                #expect(Self.colourType(png) == 6)
                let tall = PNGDecoder(limits: .init(maxHeight: 1 << 20))
                #expect(try tall.decode(Data(png), path: "memory").image == image, "width \(width), bands \(bands), level \(level)")
            }
        }
    }

    /// A sheet handed to `PNGBandEncoder` a band at a time gives the bytes `PNGEncoder` writes for
    /// the whole image, however the rows are split (one row, a few, a band across a zero run, all
    /// at once), at every level (0's stored blocks included), for each filter and for palette
    /// images (with the palette attempt on, both paths).
    @Test(arguments: [1, 7, 100, 750])
    func bandsGiveTheWholeImagesBytes(width: Int) throws {
        let rowBytes = width * 4 + 1
        let short = max(1, 8192 / rowBytes + 1), long = 40_000 / rowBytes + 2
        var images: [RGBAImage] = [
            [short, 3], [0, 5, long, 4, short], [long], [2, 3, 2, 3], [0, 2, short + 1, 2, long + 3, 1, long], [short - 1, 9, short, 70],
        ].enumerated().map { Self.bandedImage(width: width, bands: $1, seed: UInt64(width * 10 + $0)) }
        images.append(Self.randomImage(width: width, height: 37, colours: 5, seed: 3))
        images.append(Self.randomImage(width: width, height: 20, colours: nil, seed: 4))
        let encoders = [PNGEncoder(), PNGEncoder(compressionLevel: 0), PNGEncoder(compressionLevel: 9, palette: .never), PNGEncoder(filter: .paeth)]
        for (imageIndex, image) in images.enumerated() {
            for encoder in encoders {
                let whole = try encoder.encode(image)
                for split in [1, 3, 17, image.height] {
                    let band = try PNGBandEncoder(width: image.width, height: image.height, encoder: encoder)
                    var y = 0
                    while y < image.height {
                        let rows = min(split, image.height - y)
                        let start = y * image.width * 4, end = (y + rows) * image.width * 4
                        try band.append(RGBAImage(width: image.width, height: rows, pixels: Array(image.pixels[start..<end])))
                        y += rows
                    }
                    #expect(try band.finish() == whole, "image \(imageIndex) of width \(width), level \(encoder.compressionLevel), \(encoder.filter), bands of \(split)")
                }
            }
        }
    }

    @Test func bandsMustFillTheImage() throws {
        let band = try PNGBandEncoder(width: 4, height: 3, encoder: PNGEncoder())
        try band.append(RGBAImage(width: 4, height: 2))
        #expect(throws: PNGError.self) { try band.append(RGBAImage(width: 4, height: 2)) }
        #expect(throws: PNGError.self) { try band.append(RGBAImage(width: 5, height: 1)) }
        #expect(throws: PNGError.self) { try band.finish() }
        #expect(throws: PNGError.self) { try PNGBandEncoder(width: 0, height: 3, encoder: PNGEncoder()) }
    }

    /// `pixels` is settable: a buffer that no longer matches the size is refused, never read past.
    @Test func pixelsThatDoNotMatchTheSizeAreRefused() throws {
        var short = RGBAImage(width: 64, height: 2)
        short.pixels = [0, 0, 0, 255]
        let band = try PNGBandEncoder(width: 64, height: 2, encoder: PNGEncoder())
        #expect(throws: PNGError.self) { try band.append(short) }
        #expect(throws: PNGError.self) { try PNGEncoder().encode(short) }
        #expect(throws: PNGError.self) { try PNGEncoder(palette: .never).encode(short) }
    }

    /// Every length of a zero run modulo 258 (deflate's longest copy): one-pixel-wide rows are 5
    /// bytes, and 5 and 258 share no factor, so 258 consecutive row counts cover every remainder.
    @Test func zeroRunsOfEveryRemainder() throws {
        let first = 8192 / 5 + 1
        for rows in first..<(first + 258) {
            let image = Self.bandedImage(width: 1, bands: [0, 1, rows, 1], seed: UInt64(rows))
            #expect(try PNGDecoder().decode(Data(try PNGEncoder(palette: .never).encode(image)), path: "memory").image == image, "\(rows) rows")
        }
    }

    @Test func transparentSheetIsSmall() throws {
        // 1,200,400 zero bytes: 4,653 copies of 258 bytes at 2 bits each, plus headers.
        let png = try PNGEncoder(palette: .never).encode(RGBAImage(width: 750, height: 400))
        #expect(png.count < 1300)
        #expect(try PNGDecoder().decode(Data(png), path: "memory").image == RGBAImage(width: 750, height: 400))
    }

    @Test func paletteCanBeTurnedOff() throws {
        let image = Self.randomImage(width: 40, height: 40, colours: 3, seed: 9)
        let png = try PNGEncoder(palette: .never).encode(image)
        #expect(Self.colourType(png) == 6)
        #expect(try PNGDecoder().decode(Data(png), path: "m").image == image)
    }

    /// What the encoder writes, read back by a decoder that shares no code with emokit (Pillow):
    /// every pixel must survive, for each colour path (palette with transparency, RGBA) and filter.
    @Test(.enabled(if: Pillow.available, "needs python3 with Pillow (pip install pillow; .ci/install does) to decode independently"))
    func anIndependentDecoderReadsTheSamePixels() throws {
        let dir = Fixtures.temporaryDirectory()
        var expected: [String: String] = [:]
        let images: [(String, RGBAImage)] = [
            ("tiny", Self.randomImage(width: 1, height: 1, colours: nil, seed: 3)),
            ("palette", Self.randomImage(width: 37, height: 23, colours: 5, seed: 4)),
            ("palette256", Self.randomImage(width: 64, height: 64, colours: 256, seed: 5)),
            ("rgba", Self.randomImage(width: 300, height: 200, colours: nil, seed: 6)),
            ("sheet", Self.bandedImage(width: 750, bands: [30, 60, 36, 64, 40, 1, 69], seed: 7)),
            ("transparent", RGBAImage(width: 750, height: 400)),
        ]
        for (name, image) in images {
            for filter in PNGEncoder.Filter.allCases {
                for palette in [PNGEncoder.PaletteMode.auto, .never] {
                    let url = dir.appendingPathComponent("\(name)-\(filter)-\(palette).png")
                    try Data(try PNGEncoder(filter: filter, palette: palette).encode(image)).write(to: url)
                    expected[url.path] = "\(image.width)x\(image.height)\t\(SHA256.hexDigest(image.pixels))"
                }
            }
        }
        let decoded = try Pillow.pixelDigests(Array(expected.keys).sorted())
        #expect(decoded.count == expected.count)
        for (path, digest) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(decoded[path] == digest, "\(URL(fileURLWithPath: path).lastPathComponent): Pillow decodes other pixels")
        }
    }

    @Test func noVaryingChunks() throws {
        let png = try PNGEncoder().encode(Self.randomImage(width: 8, height: 8, colours: nil, seed: 1))
        var offset = 8
        var types: [String] = []
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            types.append(String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self))
            offset += length + 12
        }
        #expect(Set(types).isSubset(of: ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]))
    }

    @Test func emptyImageIsRefused() {
        #expect(throws: PNGError.self) { try PNGEncoder().encode(RGBAImage(width: 0, height: 5)) }
    }
}

struct ImageOperationTests {
    @Test func noFringeOnTransparentBorder() {
        // An opaque orange square inside a transparent border whose hidden colour is blue:
        // premultiplied filtering must not let the blue bleed in.
        var image = RGBAImage(width: 120, height: 120)
        for y in 0..<120 {
            for x in 0..<120 {
                let inside = (20..<100).contains(x) && (20..<100).contains(y)
                image.setPixel(x: x, y: y, inside ? (230, 120, 20, 255) : (0, 0, 255, 0))
            }
        }
        let small = Resampler.scaleToFit(image, box: 32)
        #expect(small.width == 32 && small.height == 32)
        var opaque = 0
        for y in 0..<32 {
            for x in 0..<32 {
                let p = small.pixel(x: x, y: y)
                // Edge pixels carry orange as 8-bit premultiplied alpha can show it (canonical colour).
                if p.a > 0 {
                    let orange = (Resampler.canonicalColour(230, alpha: p.a), Resampler.canonicalColour(120, alpha: p.a), Resampler.canonicalColour(20, alpha: p.a))
                    #expect(p.r == orange.0 && p.g == orange.1 && p.b == orange.2, "fringe at \(x),\(y): \(p)")
                }
                if p.a == 255 { opaque += 1 }
            }
        }
        #expect(opaque > 300)
    }

    @Test func checkerboardHalvesToFlatGrey() {
        var image = RGBAImage(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0
                image.setPixel(x: x, y: y, (v, v, v, 255))
            }
        }
        let half = Resampler.resize(image, width: 32, height: 32)
        // Away from the edges (the kernel's reach) the result is exactly mid-grey; at the edges,
        // where taps are cut off, it stays within a small band.
        for y in 0..<32 {
            for x in 0..<32 {
                let p = half.pixel(x: x, y: y)
                #expect(p.a == 255)
                let interior = (3..<29).contains(x) && (3..<29).contains(y)
                if interior { #expect((127...128).contains(p.r) && p.r == p.g && p.g == p.b, "\(x),\(y): \(p)") } else { #expect(abs(Int(p.r) - 128) <= 24, "\(x),\(y): \(p)") }
            }
        }
    }

    @Test func fittingSizeRoundsHalfUp() {
        #expect(Resampler.fittingSize(width: 136, height: 128, box: 64) == (64, 60))
        #expect(Resampler.fittingSize(width: 136, height: 128, box: 96) == (96, 90))
        #expect(Resampler.fittingSize(width: 128, height: 136, box: 64) == (60, 64))
        #expect(Resampler.fittingSize(width: 1, height: 1000, box: 32) == (1, 32))
    }

    @Test func compositeSourceOver() {
        var canvas = RGBAImage(width: 4, height: 4)
        var red = RGBAImage(width: 2, height: 2)
        for y in 0..<2 { for x in 0..<2 { red.setPixel(x: x, y: y, (255, 0, 0, 255)) } }
        canvas.draw(red, atX: 1, y: 1)
        #expect(canvas.pixel(x: 1, y: 1) == (255, 0, 0, 255))
        #expect(canvas.pixel(x: 0, y: 0) == (0, 0, 0, 0))
        var half = RGBAImage(width: 1, height: 1)
        half.setPixel(x: 0, y: 0, (0, 0, 255, 128))
        canvas.draw(half, atX: 1, y: 1)
        let p = canvas.pixel(x: 1, y: 1)
        #expect(p.a == 255 && abs(Int(p.r) - 127) <= 1 && abs(Int(p.b) - 128) <= 1)
        canvas.draw(half, atX: 3, y: 3)
        #expect(canvas.pixel(x: 3, y: 3) == (0, 0, 255, 128))
        canvas.draw(red, atX: -1, y: -1)  // clipped, no trap
        canvas.draw(red, atX: 10, y: 10)
        #expect(canvas.pixel(x: 0, y: 0) == (255, 0, 0, 255))
    }
}

struct SHA256Tests {
    @Test func knownVectors() {
        #expect(SHA256.hexDigest([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hexDigest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hexDigest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hexDigest([UInt8](repeating: 0x61, count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func incrementalMatchesOneShot() {
        let data = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var hasher = SHA256()
        hasher.update(data[0..<3]); hasher.update(data[3..<130]); hasher.update(data[130...])
        #expect(hasher.finalize() == SHA256.hash(data))
    }
}

/// Runs `Tests/Scripts/png_pixels.py` (Pillow), a PNG decoder independent of libpng's use here.
enum Pillow {
    static let available: Bool = (try? run(["-c", "import PIL"]).status) == 0

    /// path → "WIDTHxHEIGHT<TAB>sha256 of RGBA8 pixels".
    static func pixelDigests(_ paths: [String]) throws -> [String: String] {
        let script = Fixtures.packageRoot.appendingPathComponent("Tests/Scripts/png_pixels.py").path
        let result = try run([script] + paths)
        var digests: [String: String] = [:]
        for line in result.output.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            if fields.count == 2 { digests[fields[0]] = fields[1] }
        }
        return digests
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try Subprocess.tool("python3", arguments)
        return (result.status, result.stdout)
    }
}
