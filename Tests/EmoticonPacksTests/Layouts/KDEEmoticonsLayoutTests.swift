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

    @Test func anSVGOnlyEmoticonIsRefusedByNameAndOneWithoutImageSkipped() throws {
        let folder = try LayoutFixtures.copy("KDE/emoticons/Breeze")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("face-confused.gif"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("face-angry.png"))
        #expect(
            LayoutFixtures.errors(folder.path) == [
                "Breeze/emoticons.xml: entry 2 (\":-S\"): file: only face-confused.svg is there; emokit draws PNG, GIF, JPEG, WebP and BMP images (add face-confused.png)"
            ])
        // With --lenient the SVG-only one is skipped too, and the rest is read.
        let lenient = try LayoutFixtures.read(folder.path, lenient: true)
        #expect(lenient.packs.first?.entries.map(\.text) == ["O:)"])
        #expect(lenient.warnings.map(\.code) == ["missing-image", "bad-entry"])
    }

    /// Debian's Breeze names `face-embarassed` and ships `face-embarrassed.png`: KEmoticons (and
    /// Psi) leave that emoticon out and read the rest, and so does emokit, with a warning naming it.
    @Test func anEmoticonWithoutImageIsLeftOutWithAWarningAsKDELeavesItOut() throws {
        let result = try LayoutFixtures.read("KDE/misspelt")
        let pack = try #require(result.packs.first)
        #expect(pack.entries.map(\.text) == ["O:)", "-o-o-"])
        #expect(pack.entries.map(\.plistIndex) == [0, 2])
        #expect(
            result.warnings.map(\.description) == [
                "misspelt/Breeze/emoticons.xml: entry 1 (\":-$\"): skipped: no image misspelt/Breeze/face-embarassed in the pack "
                    + "(KDE leaves such an emoticon out too; misspelt/Breeze/face-embarrassed.png is there: is the map's name misspelt?)",
                "misspelt/Breeze/emoticons.xml: 1 image in the pack folder is not named by the map (first: misspelt/Breeze/face-embarrassed.png); validating lists each",
            ])
        #expect(result.warnings.allSatisfy { $0.severity == .warning })
        #expect(result.notes.map(\.description) == ["misspelt/Breeze/emoticons.xml: read as a KDE emoticon theme: 2 emoticons in the map's order"])
    }

    /// A theme none of whose images is there is refused, each emoticon named: a tab with nothing
    /// to show is not a pack (Psi refuses such a theme; KDE would list no emoticon).
    @Test func aThemeWithNoImageLeftIsRefused() throws {
        let folder = try LayoutFixtures.copy("KDE/misspelt/Breeze")
        for name in ["face-angel.png", "face-glasses.png"] { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        #expect(
            LayoutFixtures.errors(folder.path) == [
                "Breeze/emoticons.xml: entry 0 (\"O:)\"): file: file not found: Breeze/face-angel, nor any other emoticon's image: the pack has nothing to show",
                "Breeze/emoticons.xml: entry 1 (\":-$\"): file: file not found: Breeze/face-embarassed, nor any other emoticon's image: the pack has nothing to show",
                "Breeze/emoticons.xml: entry 2 (\"-o-o-\"): file: file not found: Breeze/face-glasses, nor any other emoticon's image: the pack has nothing to show",
            ])
    }

    /// Past the hundred problems listed, the rest of a refused theme's missing images are counted
    /// among its errors, not left in a warning's count.
    @Test func aThemeOfManyMissingImagesCountsThemAllAsErrors() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("Many")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let emoticons = (0..<150).map { "<emoticon file=\"gone-\($0)\"><string>:\($0):</string></emoticon>" }.joined()
        try Data("<messaging-emoticon-map>\(emoticons)</messaging-emoticon-map>".utf8).write(to: folder.appendingPathComponent("emoticons.xml"))
        let result = PackReader().survey([folder])
        #expect(result.errors.count == 101)
        #expect(result.errors.last?.description == "Many/emoticons.xml: and 50 more entry errors in this file, not listed (the first 100 are)")
        #expect(result.warnings.allSatisfy { !$0.description.contains("more entry warnings") }, "\(result.warnings)")
    }

    /// A stem is looked up in every format emokit draws, after PNG and GIF: KDE tries every
    /// format Qt reads.
    @Test func aStemFindsAJPEGOrWebPImage() throws {
        let folder = try LayoutFixtures.copy("KDE/misspelt/Breeze")
        try FileManager.default.moveItem(at: folder.appendingPathComponent("face-angel.png"), to: folder.appendingPathComponent("face-angel.webp"))
        let read = try LayoutFixtures.read(folder.path)
        #expect(read.packs.first?.entries.first?.imageFiles == ["face-angel.webp"])
    }

    /// Debian's own themes (`libkf5emoticons-data`, installed by .ci/install) read whole: Breeze
    /// and Konqi each lose the one emoticon whose image they do not ship, said by name.
    @Test func debiansThemesReadLeavingOutTheEmoticonsTheyShipNoImageFor() throws {
        let themes = URL(fileURLWithPath: "/usr/share/emoticons")
        try #require(
            FileManager.default.fileExists(atPath: themes.appendingPathComponent("Breeze/emoticons.xml").path),
            "/usr/share/emoticons is missing: install libkf5emoticons-data (.ci/install)")
        for (theme, count, skipped) in [
            (
                "Breeze", 33,
                "Breeze/emoticons.xml: entry 6 (\":-$\"): skipped: no image Breeze/face-embarassed in the pack (KDE leaves such an emoticon out too; "
                    + "Breeze/face-embarrassed.png is there: is the map's name misspelt?)"
            ),
            ("Konqi", 30, "Konqi/emoticons.xml: entry 27 (\"💜\"): skipped: no image Konqi/green-heart.png in the pack (KDE leaves such an emoticon out too)"),
        ] {
            let result = try LayoutFixtures.read(themes.appendingPathComponent(theme).path)
            #expect(result.packs.first?.entries.count == count, "\(theme)")
            let missing = result.warnings.filter { $0.code == "missing-image" }.map(\.description)
            #expect(missing == [skipped], "\(theme)")
        }
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
