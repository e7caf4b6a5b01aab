import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// Pidgin themes as Pidgin reads them, on Debian's own themes (`pidgin-data`, `pidgin-themes`,
/// installed by .ci/install) and on small themes made here for the rules they show.
struct PidginDebianThemeTests {
    static let emotes = URL(fileURLWithPath: "/usr/share/pixmaps/pidgin/emotes")

    static func theme(_ name: String) throws -> URL {
        let folder = emotes.appendingPathComponent(name)
        try #require(FileManager.default.fileExists(atPath: folder.appendingPathComponent("theme").path), "\(folder.path) is missing: install pidgin-themes (.ci/install)")
        return folder
    }

    @Test func linesThatAreNotUTF8AreSkippedWithAWarningNamingEachLine() throws {
        // inbob's `Langue.png` lines hold a Latin-1 `¾`: Pidgin logs them and shows no Langue.
        let result = try LayoutFixtures.read(try Self.theme("inbob").path)
        let keyboard = try #require(result.packs.first)
        #expect(keyboard.entries.count == 13)
        #expect(!keyboard.entries.contains { $0.imageFiles == ["Langue.png"] })
        #expect(
            result.warnings.map(\.description) == [
                "inbob/theme: line 13 skipped: not UTF-8 (Pidgin skips it too); save the theme as UTF-8 to keep it",
                "inbob/theme: line 30 skipped: not UTF-8 (Pidgin skips it too); save the theme as UTF-8 to keep it",
                "inbob/theme: 18 images in the pack folder are not named by the map (first: inbob/Biere.png); validating lists each",
            ])
        #expect(result.notes.allSatisfy { !$0.description.contains("Latin-1") })
    }

    @Test func anImageNamedOnTwoLinesIsOneButtonWithBothLinesTexts() throws {
        // EchoSmile names face-laugh.png (`:-D`, then `X-D`) and face-surprise.png on two lines each.
        let result = try LayoutFixtures.read(try Self.theme("EchoSmile").path)
        let entries = try #require(result.packs.first).entries
        #expect(entries.count == 18 && Set(entries.map(\.imageFiles)).count == 18)
        let laugh = try #require(entries.first { $0.imageFiles == ["face-laugh.png"] })
        #expect(laugh.text == ":-D" && laugh.keywords == [":D", ":d", ":-d", "X-D", "XD"])
        let surprise = try #require(entries.first { $0.imageFiles == ["face-surprise.png"] })
        #expect(surprise.text == ":-O" && surprise.keywords == [":O", ":-@", ":@"])
        #expect(result.notes.first?.description.contains("2 images named on more than one line, one button each") == true)
        #expect(result.warnings.map(\.code) == ["unmapped-images"])  // 5 images the theme does not name
    }

    @Test func jpegAndBMPImagesAreRead() throws {
        // dmogdotorg draws 47 BMP and 13 JPEG smileys beside its PNG and GIF ones.
        let result = try LayoutFixtures.read(try Self.theme("dmogdotorg").path)
        let files = result.packs.flatMap(\.entries).flatMap(\.imageFiles)
        #expect(files.filter { $0.hasSuffix(".bmp") }.count == 47)
        #expect(files.filter { $0.hasSuffix(".jpg") }.count == 13)
        #expect(Set(files).count == files.count)
    }

    @Test func everyDebianThemeReadsWithoutErrors() throws {
        _ = try Self.theme("default")
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.emotes.path).sorted()
        #expect(names.count >= 17, "pidgin-data and pidgin-themes give 17 themes")
        for name in names where name != "none" {
            let folder = Self.emotes.appendingPathComponent(name)
            let result = try LayoutFixtures.read(folder.path)
            let images = result.packs.flatMap(\.entries).map(\.imageFiles)
            // One button per image file in every theme.
            #expect(Set(images).count == images.count, "\(name)")
            #expect(!images.isEmpty, "\(name)")
        }
    }

    @Test func aReceivedOnlySmileyWhoseImageIsMissingIsSkippedWithAWarning() throws {
        // burger keeps six `!` lines of the theme it was made from, not their images.
        let result = try LayoutFixtures.read(try Self.theme("burger").path)
        #expect(result.packs.map(\.entries.count) == [16])
        let skipped = result.warnings.filter { $0.code == "skipped-entry" }.map(\.description)
        #expect(skipped.count == 6)
        #expect(
            skipped.first
                == "burger/theme: entry 16 (\"C:-)\"): skipped: received-only smiley (! line) whose image burger/luke.png is missing; Pidgin draws nothing for it")
    }

    @Test func shownLinesPlaceTheButtonAndHiddenLinesOfTheSameFileAddTexts() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("merged")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["happy.png", "sad.png", "wink.png", "lonely.png"] {
            try Fixtures.copy(LayoutFixtures.url("Pidgin/emotes/default/happy.png"), to: folder.appendingPathComponent(name))
        }
        var theme = Data("name=Merged\n[default]\n! wink.png ;-)\nhappy.png :) :-)\nsad.png :(\nhappy.png =) :)\nwink.png ;)\nlonely.png\n".utf8)
        theme += Data([0x62, 0x61, 0x64, 0xE9, 0x2E, 0x70, 0x6E, 0x67, 0x20, 0x3A, 0x6F, 0x0A])  // `badé.png :o` in Latin-1
        theme += Data("sad.png  :-\\\n".utf8)
        try theme.write(to: folder.appendingPathComponent("theme"))
        let result = try LayoutFixtures.read(folder.path)
        #expect(result.packs.count == 1 && result.packs.first?.titles[.en] == "Merged")
        let entries = try #require(result.packs.first).entries
        #expect(entries.map(\.text) == [":)", ":(", ";)"])
        #expect(entries.map(\.keywords) == [[":-)", "=)"], [":-\\"], [";-)"]])
        #expect(
            result.warnings.map(\.description) == [
                "merged/theme: entry 3: skipped: no text after the image (Pidgin shows no smiley for it)",
                "merged/theme: line 9 skipped: not UTF-8 (Pidgin skips it too); save the theme as UTF-8 to keep it",
            ])
    }

    @Test func aFileNamedOnThousandsOfLinesIsRefusedPastTheKeywordLimit() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("many")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Fixtures.copy(LayoutFixtures.url("Pidgin/emotes/default/happy.png"), to: folder.appendingPathComponent("a.png"))
        try Data(("[default]\n" + (0..<5000).map { "a.png t\($0)\n" }.joined()).utf8).write(to: folder.appendingPathComponent("theme"))
        #expect(LayoutFixtures.errors(folder.path) == ["many/theme: entry 0 (\"t0\"): text: 4999 keywords; the limit is 100"])
    }
}
