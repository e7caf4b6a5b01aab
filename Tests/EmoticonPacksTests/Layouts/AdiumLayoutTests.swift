import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// Adium emoticon sets: `Emoticons.plist` keyed by image file, read in the file's own order.
struct AdiumLayoutTests {
    @Test func readsTheSetInPlistOrderWithItsFirstEquivalent() throws {
        let result = try LayoutFixtures.read("Adium/Default.AdiumEmoticonset")
        #expect(result.packs.count == 1)
        let pack = try #require(result.packs.first)
        // Plist order (Wink before Smile), not name order; the first Equivalent is inserted.
        #expect(pack.entries.map(\.text) == [";-)", ":-)", "O:-)"])
        #expect(pack.entries.map(\.name) == ["Wink", "Smile", "Angel"])
        #expect(pack.entries.map(\.imageFiles) == [["Wink.png"], ["Smile.png"], ["Angel.gif"]])
        // A GIF is the image (its first frame) and the animation.
        #expect(pack.entries[2].isGIF && pack.entries[2].animation != nil)
        #expect(!pack.entries[0].isGIF && pack.entries[0].animation == nil)
        // The tab is named after the set; no entry is display-only in Adium.
        #expect(pack.title(locale: .cn) == "Default" && !pack.displayOnly)
        #expect(result.notes.map(\.description) == ["Default.AdiumEmoticonset/Emoticons.plist: read as an Adium emoticon set: 3 emoticons in the map's order"])
        // The image no emoticon names is counted in one line.
        #expect(
            result.warnings.map(\.description) == [
                "Default.AdiumEmoticonset/Emoticons.plist: 1 image in the pack folder is not named by the map (first: Default.AdiumEmoticonset/Unused.png); validating lists each"
            ])
    }

    @Test func aMissingImageIsAnErrorNamingTheEntry() throws {
        let folder = try LayoutFixtures.copy("Adium/Default.AdiumEmoticonset")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Smile.png"))
        let errors = LayoutFixtures.errors(folder.path)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("Default.AdiumEmoticonset/Emoticons.plist: entry 1 (\":-)\"): Emoticons key: file not found") == true)
    }

    @Test func anImageNameLeavingTheSetIsRefused() throws {
        let folder = try LayoutFixtures.copy("Adium/Default.AdiumEmoticonset")
        let plist = folder.appendingPathComponent("Emoticons.plist")
        let text = try String(contentsOf: plist, encoding: .utf8).replacingOccurrences(of: "<key>Wink.png</key>", with: "<key>../Wink.png</key>")
        try text.write(to: plist, atomically: true, encoding: .utf8)
        let errors = LayoutFixtures.errors(folder.path)
        #expect(errors.first?.contains("entry 0 (\";-)\"): Emoticons key: unsafe path \"../Wink.png\"") == true)
    }

    @Test func anEmoticonsPlistThatIsNoSetIsRefusedByName() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("set")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("<plist><array><string>x</string></array></plist>".utf8).write(to: folder.appendingPathComponent("Emoticons.plist"))
        #expect(LayoutFixtures.errors(folder.path) == ["set/Emoticons.plist: expected dictionary (an Adium emoticon set) at root, found array"])
    }
}
