import Foundation
import Imaging
import TestSupport
import XCTest

/// JPEG, WebP and BMP sources, read by content through the same decoder as PNGs: pixels against
/// the drawn source (lossless files) or Pillow's decode (lossy ones), every entry point
/// (`decode`, `peekSize`, `checkStructure`, `decodeScaled`), and hostile files refused with one
/// line naming the format. Fixtures: Tests/ImagingTests/Fixtures/StillFormats (make.py).
final class StillFormatTests: XCTestCase {
    let folder = Fixtures.packageRoot.appendingPathComponent("Tests/ImagingTests/Fixtures/StillFormats")
    let decoder = PNGDecoder()

    func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    func image(_ name: String) throws -> RGBAImage { try decoder.decode(contentsOf: url(name)).image }

    /// The largest difference of any channel between two images of one size.
    func largestDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        XCTAssertEqual(a.width, b.width)
        XCTAssertEqual(a.height, b.height)
        return zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    func refusal(_ name: String) -> String {
        do {
            _ = try decoder.decode(contentsOf: url(name), displayPath: "pack/\(name)")
            return "decoded"
        } catch { return error.description }
    }

    /// Whether two images show the same: equal pixels, except the colour of fully transparent
    /// ones, which encoders drop (WebP's lossless encoder does by default).
    func sameVisible(_ a: RGBAImage, _ b: RGBAImage) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            let alpha = a.pixels[i + 3]
            if alpha != b.pixels[i + 3] { return false }
            if alpha != 0 && a.pixels[i..<i + 3] != b.pixels[i..<i + 3] { return false }
        }
        return true
    }

    func testLosslessWebPIsTheSourceExactly() throws {
        XCTAssertTrue(sameVisible(try image("lossless-alpha.webp"), try image("source.png")))
    }

    func testAnimatedWebPGivesItsFirstFrame() throws {
        XCTAssertTrue(sameVisible(try image("animated.webp"), try image("source.png")))
    }

    func testLossyFilesMatchPillowsDecode() throws {
        for name in ["lossy.webp", "baseline.jpg", "progressive.jpg", "grey.jpg"] {
            let ours = try image(name), reference = try image("\(name).reference.png")
            XCTAssertLessThanOrEqual(largestDifference(ours, reference), 2, name)
            XCTAssertTrue(stride(from: 3, to: ours.pixels.count, by: 4).allSatisfy { ours.pixels[$0] == 255 }, "\(name) is opaque")
        }
    }

    func testCMYKJPEGBecomesItsColours() throws {
        let cmyk = try image("cmyk.jpg")
        let cyan = cmyk.pixel(x: 3, y: 3), black = cmyk.pixel(x: 12, y: 3)
        XCTAssertLessThanOrEqual(Int(cyan.r), 8)
        XCTAssertGreaterThanOrEqual(Int(cyan.g), 247)
        XCTAssertGreaterThanOrEqual(Int(cyan.b), 247)
        XCTAssertLessThanOrEqual(max(Int(black.r), Int(black.g), Int(black.b)), 8)
    }

    func testBitmapsOfEveryDepth() throws {
        XCTAssertTrue(try image("rgb24.bmp") == image("source.png").opaque(), "rgb24.bmp")
        XCTAssertTrue(sameVisible(try image("rgba32.bmp"), try image("source.png")), "rgba32.bmp")
        XCTAssertTrue(try image("palette8.bmp") == image("palette8.bmp.reference.png"), "palette8.bmp")
        XCTAssertTrue(try image("mono1.bmp") == image("mono1.bmp.reference.png"), "mono1.bmp")
        let topDown = try image("topdown24.bmp")
        XCTAssertTrue(topDown.pixel(x: 0, y: 0) == (255, 0, 0, 255) && topDown.pixel(x: 1, y: 0) == (0, 255, 0, 255))
        XCTAssertTrue(topDown.pixel(x: 0, y: 1) == (0, 0, 255, 255) && topDown.pixel(x: 1, y: 1) == (255, 255, 255, 255))
        let masked = try image("rgb565.bmp")
        XCTAssertTrue(masked.pixel(x: 0, y: 0) == (255, 0, 0, 255) && masked.pixel(x: 1, y: 0) == (0, 255, 0, 255))
        XCTAssertTrue(masked.pixel(x: 2, y: 0) == (0, 0, 255, 255) && masked.pixel(x: 3, y: 0) == (255, 255, 255, 255))
    }

    /// The format is read from the bytes (a `.bmp` holding a JPEG is a JPEG, a `.jpg` holding a
    /// PNG a PNG), except that a file named `.png` must be a PNG: a renamed JPEG is refused
    /// with a hint, as the PNG conformance suite expects.
    func testTheContentDecidesExceptForPNGNames() throws {
        let dir = Fixtures.temporaryDirectory()
        for (name, source, format) in [("photo.bmp", "baseline.jpg", "JPEG"), ("icon.jpg", "source.png", "rgba 8-bit"), ("x.jpeg", "lossless-alpha.webp", "WebP")] {
            try FileManager.default.copyItem(at: url(source), to: dir.appendingPathComponent(name))
            let decoded = try decoder.decode(contentsOf: dir.appendingPathComponent(name))
            XCTAssertTrue(try decoded.image == image(source), name)
            XCTAssertEqual(decoded.format.description, format, name)
        }
        try FileManager.default.copyItem(at: url("baseline.jpg"), to: dir.appendingPathComponent("smile.PNG"))
        XCTAssertThrowsError(try decoder.decode(contentsOf: dir.appendingPathComponent("smile.PNG"), displayPath: "pack/smile.PNG")) { error in
            XCTAssertEqual("\(error)", "pack/smile.PNG: not a PNG file (looks like JPEG; name it .jpg and emokit reads it as one)")
        }
    }

    /// Bitmaps whose alpha a reader gets wrong by trusting the wrong bytes, drawn opaque as
    /// Pillow and Windows draw them.
    func testBitmapAlphaComesFromTheRightBytes() throws {
        XCTAssertTrue(try image("masks-no-alpha32.bmp").pixel(x: 0, y: 0) == (0, 255, 0, 255))
        XCTAssertTrue(try image("v4-plain16.bmp").pixel(x: 0, y: 0) == (255, 255, 255, 255))
        let v5 = try image("v5-x8r8g8b8.bmp")
        XCTAssertTrue(v5.pixel(x: 0, y: 0) == (0, 0, 255, 255) && v5.pixel(x: 1, y: 0) == (255, 0, 0, 255))
    }

    /// libjpeg warns about files every viewer draws (junk before a marker, a newer JFIF
    /// revision): they decode; only warnings that mean lost data refuse a file.
    func testHarmlessJPEGWarningsDoNotRefuse() throws {
        let reference = try image("baseline.jpg")
        XCTAssertTrue(try image("extraneous-bytes.jpg") == reference)
        XCTAssertTrue(try image("jfif-2.01.jpg") == reference)
    }

    /// A WebP and a progressive JPEG are decoded whole, so they are bounded at 2048 x 2048; a
    /// baseline JPEG of the same size is read a row at a time into the scaler.
    func testWholeDecodesAreBounded() throws {
        for name in ["big.webp", "big-progressive.jpg"] {
            XCTAssertTrue(refusal(name).contains("2100x2100 pixels; a"), refusal(name))
            XCTAssertTrue(refusal(name).contains("is decoded whole, so emokit reads at most 4194304 pixels (2048x2048): scale it down"), refusal(name))
        }
        var kernels = ResampleKernel.Cache()
        let scaled = try decoder.decodeScaled(contentsOf: url("big-baseline.jpg"), kernels: &kernels) { _, _ in [(96, 96)] }
        let centre = scaled[0].pixel(x: 48, y: 48)
        XCTAssertTrue(abs(Int(centre.r) - 90) <= 3 && abs(Int(centre.b) - 200) <= 3, "\(centre)")
    }

    /// A message never contradicts the name: a GIF named `.jpg` is called a GIF.
    func testAFileOfAnotherKindIsNamedForWhatItHolds() {
        XCTAssertEqual(refusal("gif-named.jpg"), "pack/gif-named.jpg: holds a GIF, not a still image: name it .gif and emokit reads it as an animation")
        XCTAssertEqual(refusal("make.py"), "pack/make.py: not an image emokit draws (PNG, JPEG, WebP or BMP): it looks like text")
    }

    /// Size, structure and scaled decoding, as a run uses them, for every format.
    func testEveryEntryPointReadsEveryFormat() throws {
        for name in ["lossless-alpha.webp", "animated.webp", "baseline.jpg", "progressive.jpg", "rgb24.bmp", "palette8.bmp", "mono1.bmp"] {
            let size = try decoder.peekSize(contentsOf: url(name))
            XCTAssertTrue(size == (24, 20), "\(name): \(size)")
            let checked = try decoder.checkStructure(contentsOf: url(name))
            XCTAssertTrue(checked == (24, 20), name)
            var kernels = ResampleKernel.Cache()
            let scaled = try decoder.decodeScaled(contentsOf: url(name), kernels: &kernels) { _, _ in [(12, 10), (6, 5)] }
            XCTAssertEqual(scaled.map(\.width), [12, 6], name)
            var again = ResampleKernel.Cache()
            let whole = try image(name)
            XCTAssertTrue(scaled == Resampler.scale(whole, to: [(12, 10), (6, 5)], kernels: &again), name)
        }
    }

    func testHostileFilesAreRefusedInOneLine() throws {
        let cases: [(String, String)] = [
            ("truncated.jpg", "pack/truncated.jpg: truncated JPEG: the file ends before the image is complete"),
            ("truncated.webp", "pack/truncated.webp: truncated WebP: the file ends before the image is complete"),
            ("huge.bmp", "pack/huge.bmp: image too large: 100000x100000 exceeds the limit"),
            ("offset-outside.bmp", "pack/offset-outside.bmp: corrupt BMP: pixel data offset 4096 is outside the file"),
            ("rle8.bmp", "pack/rle8.bmp: unsupported BMP: run-length compressed (RLE8)"),
            // Found by the fuzzer: all-ones masks on a 16-bit bitmap overflowed the channel arithmetic.
            ("fuzz-mask-overflow.bmp", "pack/fuzz-mask-overflow.bmp: corrupt BMP: a colour mask (0xffffffff) wider than 16 bits"),
            ("short-rows.bmp", "pack/short-rows.bmp: truncated BMP: the file ends before the image is complete (the pixel rows need"),
        ]
        for (name, start) in cases {
            let message = refusal(name)
            XCTAssertTrue(message.hasPrefix(start), "\(name): \(message)")
            XCTAssertFalse(message.contains("\n"), message)
        }
    }

    /// A JPEG whose frame header claims 60000 x 60000 is refused from the header, before any
    /// pixel memory, and so are the size checks of the other entry points.
    func testAJPEGTooLargeIsRefusedFromItsHeader() throws {
        var bytes = [UInt8](try Data(contentsOf: url("baseline.jpg")))
        let sof = try XCTUnwrap((0..<bytes.count - 9).first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
        bytes[sof + 5] = 0xEA; bytes[sof + 6] = 0x60; bytes[sof + 7] = 0xEA; bytes[sof + 8] = 0x60
        let file = Fixtures.temporaryDirectory().appendingPathComponent("huge.jpg")
        try Data(bytes).write(to: file)
        for attempt in [{ _ = try self.decoder.peekSize(contentsOf: file) }, { _ = try self.decoder.decode(contentsOf: file) }] {
            XCTAssertThrowsError(try attempt()) { error in
                XCTAssertTrue("\(error)".contains("image too large: 60000x60000"), "\(error)")
            }
        }
    }
}

extension RGBAImage {
    /// The image with every alpha 255, as a format without alpha stores it.
    fileprivate func opaque() -> RGBAImage {
        var copy = self
        for index in stride(from: 3, to: copy.pixels.count, by: 4) { copy.pixels[index] = 255 }
        return copy
    }
}
