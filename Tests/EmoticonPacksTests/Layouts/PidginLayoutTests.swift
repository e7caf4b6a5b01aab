import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// Pidgin smiley themes: the `[default]` section of `theme`, `!` lines received-only.
struct PidginLayoutTests {
    @Test func readsTheDefaultSectionWithReceivedOnlySmileysInADisplayOnlyTab() throws {
        // A folder of themes, as Pidgin installs them (`emotes/<theme>/theme`).
        let result = try LayoutFixtures.read("Pidgin/emotes")
        #expect(result.packs.count == 2)
        let keyboard = result.packs[0], received = result.packs[1]
        #expect(keyboard.entries.map(\.text) == [":)", ":-D", ":-(", ":-/", "O:-)", "\\m/"])
        #expect(keyboard.entries.map(\.imageFiles) == ["happy", "excited", "sad", "thinking", "angel", "victory"].map { ["\($0).png"] })
        #expect(keyboard.entries.map(\.name) == ["happy", "excited", "sad", "thinking", "angel", "victory"])
        #expect(!keyboard.displayOnly && keyboard.title(locale: .cn) == "Default" && keyboard.id == "default")
        // `!` lines: drawn in received messages, never on the keyboard.
        #expect(received.displayOnly)
        #expect(received.entries.map(\.text) == ["C:-)", ":-(|)"])
        #expect(received.entries.map(\.imageFiles) == [["skywalker.png"], ["monkey.png"]])
        #expect(received.title(locale: .cn) == "Default (received)" && received.id == "default-received")
        #expect(
            result.notes.map(\.description) == [
                "emotes/default/theme: read as a Pidgin smiley theme: 8 emoticons in the map's order; [default] read; "
                    + "[XMPP] not read (Pidgin uses them instead of [default] for those accounts); "
                    + "2 received-only smileys (! lines) in a display-only tab"
            ])
        // wink.png is the theme's Icon=: not an unused image.
        #expect(result.warnings.isEmpty)
    }

    @Test func aThemeWithoutDefaultReadsItsFirstSectionAndSaysSo() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("proto")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Fixtures.copy(LayoutFixtures.url("Pidgin/emotes/default/happy.png"), to: folder.appendingPathComponent("happy.png"))
        try Data("Name=Proto\n[MSN]\nhappy.png :)\n[AIM]\nhappy.png :-)\n".utf8).write(to: folder.appendingPathComponent("theme"))
        let result = try LayoutFixtures.read(folder.path)
        #expect(result.packs.map { $0.entries.map(\.text) } == [[":)"]])
        #expect(result.notes.first?.description.contains("[MSN] read; [AIM] not read") == true)
    }

    @Test func aMissingImageAndAnUndrawnFormatAreErrorsNamingTheLine() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("[default]\ngone.png :(\nphoto.tif (pic)\n../up.png :o\n".utf8).write(to: folder.appendingPathComponent("theme"))
        try Data("II*".utf8).write(to: folder.appendingPathComponent("photo.tif"))
        #expect(
            LayoutFixtures.errors(folder.path) == [
                "broken/theme: entry 0 (\":(\"): image: file not found: broken/gone.png (nor an @2x or @3x variant)",
                "broken/theme: entry 1 (\"(pic)\"): image: photo.tif: emokit draws PNG, GIF, JPEG, WebP and BMP images, not .tif",
                "broken/theme: entry 2 (\":o\"): image: unsafe path \"../up.png\": only a plain file name in the pack folder is allowed, not a path",
            ])
    }
}
