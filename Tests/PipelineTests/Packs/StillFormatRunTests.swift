import EmoticonManifest
import Foundation
import Imaging
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// Packs whose images are JPEG, WebP or BMP, end to end: a plain folder and a QQ/WeChat icon map
/// find them by name, the decoder reads them by content (a JPEG named `.bmp` too), and each sprite
/// is drawn from its own file.
struct StillFormatRunTests {
    static let formats = Fixtures.packageRoot.appendingPathComponent("Tests/ImagingTests/Fixtures/StillFormats")

    /// Copies fixtures into a new pack folder under their new names.
    func pack(_ name: String, _ files: [String: String], function: String = #function) throws -> URL {
        let folder = Fixtures.temporaryDirectory(function).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (target, source) in files {
            try FileManager.default.copyItem(at: Self.formats.appendingPathComponent(source), to: folder.appendingPathComponent(target))
        }
        return folder
    }

    /// Each button's text and its sprite's centre pixel in the @2x sheet.
    func centres(_ input: URL) throws -> [(text: String, rgb: (Int, Int, Int))] {
        let run = try PackRun.generate([input], out: input.deletingLastPathComponent().appendingPathComponent("out"))
        let page = try #require(run.manifest.tabs.first?.pages.first)
        let sheet = try PNGDecoder().decode(contentsOf: run.out.appendingPathComponent(try #require(page.sheets["2"]))).image
        return try page.buttons.filter { $0.text != nil }.map { button in
            let rect = try #require(button.sprite["2"])
            let pixel = sheet.pixel(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
            return (button.text!, (Int(pixel.r), Int(pixel.g), Int(pixel.b)))
        }
    }

    func close(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Bool { abs(a.0 - b.0) <= 3 && abs(a.1 - b.1) <= 3 && abs(a.2 - b.2) <= 3 }

    @Test func aPlainFolderOfJPEGWebPAndBMPImages() throws {
        let folder = try pack(
            "mixed", ["[偷笑].jpg": "solid-red.jpg", "grin.webp": "solid-green.webp", "old.bmp": "solid-blue.bmp", "misnamed.bmp": "solid-red.jpg"])
        let found = try centres(folder)
        // Bytewise name order; a bracketed name inserts itself.
        #expect(found.map(\.text) == ["[偷笑]", "[grin]", "[misnamed]", "[old]"])
        let expected = [(220, 30, 30), (30, 200, 40), (220, 30, 30), (20, 40, 210)]
        for (button, colour) in zip(found, expected) { #expect(close(button.rgb, colour), "\(button.text): \(button.rgb)") }
    }

    @Test func anIconMapFindsAStemInAnyFormat() throws {
        let folder = try pack("qq", ["024.jpg": "solid-red.jpg", "025.webp": "solid-green.webp", "026.bmp": "solid-blue.bmp"])
        let map = [["/微笑": "024"], ["/撇嘴": "025"], ["/色": "026.bmp"]]
        try PropertyListSerialization.data(fromPropertyList: map, format: .xml, options: 0).write(to: folder.appendingPathComponent("info.plist"))
        let found = try centres(folder)
        #expect(found.map(\.text) == ["/微笑", "/撇嘴", "/色"])
        for (button, colour) in zip(found, [(220, 30, 30), (30, 200, 40), (20, 40, 210)]) { #expect(close(button.rgb, colour), "\(button.text)") }
    }

    @Test func aDamagedJPEGIsRefusedNamingTheFile() throws {
        let folder = try pack("broken", ["ok.png": "source.png", "cut.jpg": "truncated.jpg"])
        let out = folder.deletingLastPathComponent().appendingPathComponent("out")
        #expect(throws: GenerationError.self) { try PackRun.generate([folder], out: out) }
        do {
            _ = try PackRun.generate([folder], out: out)
        } catch {
            #expect("\(error)".contains("cut.jpg: truncated JPEG"), "\(error)")
        }
    }
}
