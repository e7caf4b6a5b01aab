import Checksum
import Foundation
import Imaging
import TestSupport
import Testing

/// The crafted hostile files of `../shared/conformance/bad-png`, each with the kind of error a
/// user should see. Peak memory on the bombs is measured by `.ci/memory-check` (a separate
/// process per file), not here.
struct BadPNGTests {
    static let folder = Fixtures.conformance.appendingPathComponent("bad-png")
    static let controlHash = "4d287501a2e1275a7d335f55baecf69a364b72fe4582a9314f9f2fa6594f6cc9"

    enum Kind: Sendable { case empty, notPNG(String?), truncated, crc, tooLarge, tooMuchData, notEnoughData, invalidHeader }

    static let cases: [(String, Kind)] = [
        ("empty.png", .empty),
        ("truncated-signature-only.png", .truncated),
        ("truncated-in-ihdr.png", .truncated),
        ("truncated-mid-idat.png", .truncated),
        ("truncated-no-iend.png", .truncated),
        ("bad-crc-ihdr.png", .crc),
        ("dimension-bomb-100000x100000.png", .tooLarge),
        ("ihdr-zero-width.png", .invalidHeader),
        ("ihdr-width-2pow31.png", .invalidHeader),
        ("zlib-bomb-64x64-inflates-2GiB.png", .tooMuchData),
        ("idat-too-short.png", .notEnoughData),
        ("jpeg-renamed.png", .notPNG("JPEG")),
        ("gif-renamed.png", .notPNG("GIF")),
        ("text-renamed.png", .notPNG("text")),
    ]

    @Test func everyBadFileIsCovered() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(files == (Self.cases.map(\.0) + ["control-good-64x64.png"]).sorted())
    }

    @Test func controlDecodes() throws {
        let decoded = try PNGDecoder().decode(contentsOf: Self.folder.appendingPathComponent("control-good-64x64.png"))
        #expect(SHA256.hexDigest(decoded.image.pixels) == Self.controlHash)
    }

    @Test(arguments: cases.map(\.0))
    func refusedWithTheRightReason(_ name: String) {
        let expected = Self.cases.first { $0.0 == name }!.1
        let display = "bad-png/\(name)"
        do {
            _ = try PNGDecoder().decode(contentsOf: Self.folder.appendingPathComponent(name), displayPath: display)
            Issue.record("\(name) decoded but must be refused")
        } catch {
            #expect(error.description.hasPrefix(display + ": "))
            #expect(!error.description.contains("\n"))
            switch (expected, error.reason) {
            case (.empty, .empty), (.truncated, .truncated(_)), (.tooLarge, .tooLarge), (.tooMuchData, .tooMuchImageData): break
            case (.notPNG(let want), .notPNG(let got)): #expect(want == got)
            case (.crc, .corrupt(let m)): #expect(m.contains("CRC"))
            case (.notEnoughData, .corrupt(let m)): #expect(m.contains("Not enough image data"))
            case (.invalidHeader, .corrupt): #expect(error.reasonText.contains("invalid image header"))
            default: Issue.record("\(name): unexpected reason \(error.reasonText)")
            }
        }
    }

    @Test func limitsAreSettable() throws {
        let url = Self.folder.appendingPathComponent("control-good-64x64.png")
        #expect(throws: PNGError.self) { try PNGDecoder(limits: .init(maxWidth: 63)).decode(contentsOf: url) }
        #expect(throws: PNGError.self) { try PNGDecoder(limits: .init(maxPixels: 64 * 64 - 1)).decode(contentsOf: url) }
        _ = try PNGDecoder(limits: .init(maxWidth: 64, maxHeight: 64, maxPixels: 64 * 64)).decode(contentsOf: url)
    }
}

/// `peekSize` reads only the signature and IHDR, so variant choice costs no decode.
struct PeekSizeTests {
    static let folder = BadPNGTests.folder

    @Test func sizeFromTheHeaderAlone() throws {
        let size = try PNGDecoder().peekSize(contentsOf: Self.folder.appendingPathComponent("control-good-64x64.png"))
        #expect(size.width == 64 && size.height == 64)
        // Only the first 33 bytes are read: a file cut mid-IDAT still has a readable size.
        let cut = try PNGDecoder().peekSize(contentsOf: Self.folder.appendingPathComponent("truncated-mid-idat.png"))
        #expect(cut.width == 64)
    }

    @Test func unusableStartsAreRefusedWithTheDecodersWords() {
        func reason(_ name: String) -> PNGError.Reason? {
            do { _ = try PNGDecoder().peekSize(contentsOf: Self.folder.appendingPathComponent(name)); return nil } catch { return error.reason }
        }
        #expect(reason("empty.png") == .empty)
        #expect(reason("jpeg-renamed.png") == .notPNG(detected: "JPEG"))
        if case .truncated = reason("truncated-in-ihdr.png") {} else { Issue.record("truncated-in-ihdr.png") }
        if case .tooLarge(100000, 100000, _) = reason("dimension-bomb-100000x100000.png") {} else { Issue.record("dimension bomb") }
        if case .corrupt = reason("ihdr-zero-width.png") {} else { Issue.record("zero width") }
        if case .corrupt = reason("ihdr-width-2pow31.png") {} else { Issue.record("2^31 width") }
    }
}
