import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// Folders of emoji images named by code point (EmojiOne, Twemoji, Noto).
struct CodePointFolderLayoutTests {
    @Test func eachImageInsertsTheEmojiItsNameSpellsDrawnFromThatImage() throws {
        let result = try LayoutFixtures.read("CodePoints/png")
        let pack = try #require(result.packs.first)
        #expect(result.packs.count == 1 && !pack.displayOnly)
        // Name order (bytewise), as a plain folder; the text is the emoji, not "[1F600]".
        #expect(pack.entries.map(\.text) == ["#\u{20E3}", "\u{A9}", "😀", "👨\u{200D}👩", "\u{2764}"])
        #expect(pack.entries.map(\.imageFiles) == [["0023-20E3.png"], ["00A9.png"], ["1F600.png", "1F600@2x.png"], ["1f468-200d-1f469.png"], ["2764.gif"]])
        #expect(pack.entries[4].isGIF)
        // Drawn from the folder's images (content .image), named from Unicode's names.
        #expect(pack.entries.allSatisfy { !$0.imageFiles.isEmpty })
        #expect(pack.entries[2].name == EmojiText.name(of: "😀"))
        #expect(
            result.notes.map(\.description) == [
                "png/: read as a folder of emoji images named by code point (each inserts its emoji): 5 emoji in name order, drawn from these images"
            ])
    }

    @Test func namesThatSpellNoEmojiKeepAFolderPlain() throws {
        // Noto's `emoji_u` names and Twemoji's short ones are code points too.
        let noto = Fixtures.temporaryDirectory().appendingPathComponent("noto")
        try FileManager.default.createDirectory(at: noto, withIntermediateDirectories: true)
        for name in ["emoji_u1f600.png", "23-20e3.png"] {
            try Fixtures.copy(LayoutFixtures.url("CodePoints/png/00A9.png"), to: noto.appendingPathComponent(name))
        }
        #expect(try LayoutFixtures.read(noto.path).packs.first?.entries.map(\.text) == ["#\u{20E3}", "😀"])
        // A numbered sticker pack spells no emoji (U+0030 "0", U+0100 "Ā"): a plain folder.
        let numbered = Fixtures.temporaryDirectory().appendingPathComponent("numbered")
        try FileManager.default.createDirectory(at: numbered, withIntermediateDirectories: true)
        for name in ["30.png", "100.png", "001.png", "D800.png"] {
            try Fixtures.copy(LayoutFixtures.url("CodePoints/png/00A9.png"), to: numbered.appendingPathComponent(name))
        }
        #expect(try LayoutFixtures.read(numbered.path).packs.first?.entries.map(\.text) == ["[001]", "[100]", "[30]", "[D800]"])
        // One other name and the folder is read as a plain folder of images.
        let folder = try LayoutFixtures.copy("CodePoints/png")
        try Fixtures.copy(folder.appendingPathComponent("00A9.png"), to: folder.appendingPathComponent("smile.png"))
        let result = try LayoutFixtures.read(folder.path)
        #expect(result.packs.first?.entries.map(\.text).last == "[smile]")
        #expect(result.packs.first?.entries.map(\.text).first == "[0023-20E3]")
    }
}
