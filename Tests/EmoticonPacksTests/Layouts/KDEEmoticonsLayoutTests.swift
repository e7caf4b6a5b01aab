import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// KDE emoticon themes: `emoticons.xml`, `file` without an extension.
struct KDEEmoticonsLayoutTests {
    @Test func readsTheThemeInOrderFindingEachFilesFormat() throws {
        // A folder of themes, as KDE installs them (`/usr/share/emoticons/<theme>/`).
        let result = try LayoutFixtures.read("KDE/emoticons")
        let pack = try #require(result.packs.first)
        #expect(result.packs.count == 1 && pack.folderName == "Breeze" && !pack.displayOnly)
        #expect(pack.entries.map(\.text) == ["O:)", "X-(", ":-S"])
        // `.png` first, then `.gif` (preferred to the `.svg` beside it, which emokit cannot draw).
        #expect(pack.entries.map(\.imageFiles) == [["face-angel.png"], ["face-angry.png"], ["face-confused.gif"]])
        #expect(pack.entries.map(\.name) == ["face-angel", "face-angry", "face-confused"])
        #expect(pack.entries[2].isGIF && pack.entries[2].animation != nil)
        #expect(result.notes.map(\.description) == ["emoticons/Breeze/emoticons.xml: read as a KDE emoticon theme: 3 emoticons in the map's order"])
        #expect(result.warnings.isEmpty)
    }

    @Test func anSVGOnlyEmoticonAndAMissingOneAreRefusedByName() throws {
        let folder = try LayoutFixtures.copy("KDE/emoticons/Breeze")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("face-confused.gif"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("face-angry.png"))
        #expect(
            LayoutFixtures.errors(folder.path) == [
                "Breeze/emoticons.xml: entry 1 (\"X-(\"): file: file not found: Breeze/face-angry (.png, .gif, .svg)",
                "Breeze/emoticons.xml: entry 2 (\":-S\"): file: only face-confused.svg is there; emokit draws PNG, GIF, JPEG, WebP and BMP images (add face-confused.png)",
            ])
        // With --lenient they are skipped with a warning each, and the rest is read.
        let lenient = try LayoutFixtures.read(folder.path, lenient: true)
        #expect(lenient.packs.first?.entries.map(\.text) == ["O:)"])
        #expect(lenient.warnings.count == 2)
    }

    @Test func anotherXMLRootIsNamed() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("theme")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("<icondef/>".utf8).write(to: folder.appendingPathComponent("emoticons.xml"))
        #expect(
            LayoutFixtures.errors(folder.path) == [
                "theme/emoticons.xml: expected <messaging-emoticon-map> (a KDE emoticon theme) at root, found <icondef>"
            ])
    }

    /// A `file` naming a WebP, BMP or JPEG that is there is that file, not a stem to look up.
    @Test func aFileInAnyDrawnFormatIsReadAsNamed() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("k2")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["sad.webp", "ok.bmp", "grin.jpeg"] { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
        let xml = """
            <messaging-emoticon-map>
            <emoticon file="sad.webp"><string>:(</string></emoticon>
            <emoticon file="ok.bmp"><string>:o</string></emoticon>
            <emoticon file="grin.jpeg"><string>:D</string></emoticon>
            </messaging-emoticon-map>
            """
        try Data(xml.utf8).write(to: folder.appendingPathComponent("emoticons.xml"))
        let read = try LayoutFixtures.read(folder.path)
        #expect(read.packs.first?.entries.map(\.text) == [":(", ":o", ":D"])
        let files = read.packs.first?.entries.compactMap { entry -> String? in
            if case .image(let file) = entry.content { return file.name }
            return nil
        }
        #expect(files == ["sad.webp", "ok.bmp", "grin.jpeg"])
        #expect(read.warnings.isEmpty, "\(read.warnings)")
    }
}
