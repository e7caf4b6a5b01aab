import Foundation
import TestSupport
import Testing

@testable import Imaging

/// `PNGDecoder.readSimpleRows`, the reader of simple PNGs without libpng: for every file it
/// takes it gives exactly libpng's pixels, and it declines every other file and every damage
/// (the caller then asks libpng, which names the problem), so it never accepts what libpng refuses.
struct SimplePNGReadingTests {
    /// The file's pixels as the simple reader gives them (indices expanded as the palette
    /// says), or nil when it declines the file.
    static func read(_ data: Data) -> RGBAImage? {
        var image: RGBAImage?
        var palette: RowScaler.Palette?
        var y = 0
        let taken = PNGDecoder().readSimpleRows(
            data,
            begin: { width, height, colours in
                image = RGBAImage(width: width, height: height)
                palette = colours
            },
            row: { row in
                guard var whole = image else { return }
                for x in 0..<whole.width {
                    let pixel = palette.map { Array($0.rgba[4 * Int(row[x])..<4 * Int(row[x]) + 4]) } ?? Array(row[4 * x..<4 * x + 4])
                    whole.pixels.replaceSubrange((y * whole.width + x) * 4..<(y * whole.width + x) * 4 + 4, with: pixel)
                }
                image = whole
                y += 1
            })
        return taken ? image : nil
    }

    /// Every row filter, palettes of every bit depth (with transparency) and RGBA: read as libpng
    /// reads them.
    @Test(arguments: PNGEncoder.Filter.allCases)
    func readsEveryFilterAsLibpngDoes(filter: PNGEncoder.Filter) throws {
        for (colours, seed) in [(nil, 1), (2, 5), (4, 6), (7, 2), (200, 4), (200, 3)] as [(Int?, UInt64)] {
            // Large enough for zlib's 32 KiB window, and small (a smaller window is libpng's choice
            // for a small image, as the last case's is).
            let (width, height) = seed == 3 ? (9, 7) : (190, 173)
            let image = EncoderTests.randomImage(width: width, height: height, colours: colours, seed: seed)
            let png = Data(try PNGEncoder(filter: filter, palette: colours == nil ? .never : .auto).encode(image))
            let decoded = try PNGDecoder().decode(png, path: "m").image
            #expect(decoded == image)
            let simple = Self.read(png)
            #expect(simple != nil, "\(filter), \(colours.map { "\($0) colours" } ?? "RGBA") is a simple PNG")
            #expect(simple == decoded, "\(filter), \(colours.map { "\($0) colours" } ?? "RGBA")")
            #expect(PNGDecoder(readsSimpleFilesWithLibdeflate: true).decodeSimple(png) == decoded)
            #expect(PNGDecoder().decodeSimple(png) == nil, "only a decoder made for glyphs reads this way")
            // (Unfiltered, emokit's own writer makes the smaller file, with a 32 KiB window.)
            if seed == 3, filter != .none, let idat = png.firstRange(of: Data("IDAT".utf8)) {
                #expect(png[idat.upperBound] != 0x78, "the small image's stream declares a window under 32 KiB")
            }
        }
    }

    @Test func anythingElseIsLeftToLibpng() throws {
        let image = EncoderTests.randomImage(width: 40, height: 30, colours: nil, seed: 5)
        let png = try PNGEncoder(palette: .never).encode(image)
        #expect(Self.read(Data(png)) == image)
        let ihdrEnd = 33
        // Ancillary chunks change no pixel: passed over.
        #expect(Self.read(Data(Array(png[..<ihdrEnd]) + SheetReadingTests.chunk("tEXt", Array("a\0b".utf8)) + Array(png[ihdrEnd...]))) == image)
        #expect(Self.read(Data(Array(png[..<ihdrEnd]) + SheetReadingTests.chunk("gAMA", [0, 0, 0xB1, 0x8F]) + Array(png[ihdrEnd...]))) == image)
        // An empty IDAT chunk before the data is part of the one run.
        #expect(Self.read(Data(Array(png[..<ihdrEnd]) + SheetReadingTests.chunk("IDAT", []) + Array(png[ihdrEnd...]))) == image)
        var cases: [(String, [UInt8])] = [
            ("an unknown critical chunk", Array(png[..<ihdrEnd]) + SheetReadingTests.chunk("CRIT", [1]) + Array(png[ihdrEnd...])),
            ("a chunk name that is not letters", Array(png[..<ihdrEnd]) + SheetReadingTests.chunk("a1bc", [1]) + Array(png[ihdrEnd...])),
            ("an ancillary chunk with a bad CRC", Array(png[..<ihdrEnd]) + Array(SheetReadingTests.chunk("tEXt", [65]).dropLast()) + [0] + Array(png[ihdrEnd...])),
            ("truncated", Array(png.dropLast(13))),
            ("trailing bytes", png + [0]),
            ("empty", []),
            ("no IEND", Array(png.dropLast(12))),
        ]
        var badCRC = png
        badCRC[40] ^= 1
        cases.append(("a bad CRC", badCRC))
        cases += SheetReadingTests.streamDamages(png)
        // IDAT split in two with another chunk between: one run of IDAT only.
        let idatLength = Int(png[33]) << 24 | Int(png[34]) << 16 | Int(png[35]) << 8 | Int(png[36])
        let idat = Array(png[41..<(41 + idatLength)])
        let split =
            Array(png[..<33]) + SheetReadingTests.chunk("IDAT", Array(idat[..<10])) + SheetReadingTests.chunk("tIME", [7, 234, 1, 1, 0, 0, 0])
            + SheetReadingTests.chunk("IDAT", Array(idat[10...])) + Array(png.suffix(12))
        cases.append(("IDAT interrupted", split))
        for (name, bytes) in cases { #expect(Self.read(Data(bytes)) == nil, "\(name)") }
        // The same split without the chunk between is one run: read, the data gathered.
        let twoChunks = Array(png[..<33]) + SheetReadingTests.chunk("IDAT", Array(idat[..<10])) + SheetReadingTests.chunk("IDAT", Array(idat[10...])) + Array(png.suffix(12))
        #expect(Self.read(Data(twoChunks)) == image)
    }

    /// A palette image over the decoder's pixel limit is declined (libpng then refuses it by name).
    @Test func theLimitsAreLibpngs() throws {
        let png = Data(try PNGEncoder().encode(EncoderTests.randomImage(width: 40, height: 30, colours: 5, seed: 9)))
        #expect(Self.read(png) != nil)
        for limits in [
            PNGDecoder.Limits(maxWidth: 39, maxHeight: 100, maxPixels: 10_000), .init(maxWidth: 100, maxHeight: 29, maxPixels: 10_000), .init(maxWidth: 100, maxHeight: 100, maxPixels: 1_199),
        ] {
            #expect(PNGDecoder(limits: limits).readSimpleRows(png, begin: { _, _, _ in }, row: { _ in }) == false)
        }
    }

    /// Every PNG of the conformance suite and every hostile PNG: declined, or exactly libpng's pixels.
    @Test func theConformanceFilesNeverReadDifferently() throws {
        var taken = 0
        for folder in [
            PNGSuiteConformanceTests.suite.appendingPathComponent("libpng-pngsuite"), PNGSuiteConformanceTests.suite.appendingPathComponent("libpng-testpngs"),
            PNGSuiteConformanceTests.suite.appendingPathComponent("schaik-full"), Fixtures.conformance.appendingPathComponent("bad-png"),
        ] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.filter({ $0.hasSuffix(".png") }).sorted() {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                let simple = Self.read(data)
                guard let decoded = try? PNGDecoder().decode(data, path: name).image else {
                    #expect(simple == nil, "\(folder.lastPathComponent)/\(name): libpng refuses it")
                    continue
                }
                if let simple {
                    taken += 1
                    #expect(simple == decoded, "\(folder.lastPathComponent)/\(name)")
                }
            }
        }
        #expect(taken >= 10, "the suites hold simple PNGs (8-bit palette and RGBA)")
    }

    /// libdeflate reads a few malformed deflate codings that zlib refuses (here a fixed-code
    /// length symbol 286, and a dynamic block declaring 288 length codes): the simple reader
    /// takes them, libpng refuses them, and so a pack's images (`PNGDecoder()`) always go to
    /// libpng; only a decoder made for the emoji font's glyphs reads simple files this way.
    @Test(arguments: ["deflate-length-286.png", "deflate-288-length-codes.png"])
    func malformedDeflateStaysLibpngsToRefuse(name: String) throws {
        let url = Fixtures.packageRoot.appendingPathComponent("Tests/ImagingTests/Fixtures/SimplePNG/\(name)")
        let data = try Data(contentsOf: url)
        #expect(Self.read(data) != nil, "libdeflate's leniency, which this test pins")
        #expect(throws: PNGError.self) { try PNGDecoder().decode(data, path: name) }
        var kernels = ResampleKernel.Cache()
        #expect(throws: PNGError.self) { try PNGDecoder().decodeScaled(data, path: name, kernels: &kernels) { w, h in [(w, h)] } }
        let glyphs = PNGDecoder(readsSimpleFilesWithLibdeflate: true)
        #expect(try glyphs.decodeScaled(data, path: name, kernels: &kernels) { w, h in [(w, h)] }.count == 1)
    }
}
