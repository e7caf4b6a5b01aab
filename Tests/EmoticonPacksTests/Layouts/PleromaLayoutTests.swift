import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// Pleroma and Akkoma packs: `pack.json`'s `files`, else `emoji.txt`; `:shortcode:` inserted.
struct PleromaLayoutTests {
    @Test func readsAFolderOfPacksAsPleromaInstallsThem() throws {
        // `STATIC-DIR/emoji/`: one pack.json pack, one emoji.txt pack.
        let result = try LayoutFixtures.read("Pleroma/emoji")
        #expect(result.packs.map(\.folderName) == ["blobs", "custom"])
        let blobs = result.packs[0], custom = result.packs[1]
        // Shortcode order (UTF-8 bytes), whatever the JSON object's key order.
        #expect(blobs.entries.map(\.text) == [":Blobfox:", ":blob-heart:", ":blob_wave:", ":blobcat:"])
        #expect(blobs.entries.map(\.name) == ["Blobfox", "blob-heart", "blob_wave", "blobcat"])
        #expect(blobs.entries.map(\.imageFiles) == [["blobfox.png"], ["blob-heart.png"], ["animated/blob_wave.gif"], ["blobcat.png"]])
        #expect(blobs.entries[2].isGIF && blobs.entries[2].animation != nil)
        #expect(blobs.entries.map(\.keywords) == [[], [], [], []])
        // emoji.txt: `/emoji/custom/x.png` and a plain relative name; tags are keywords.
        #expect(custom.entries.map(\.text) == [":angel:", ":happy:", ":sad:"])
        #expect(custom.entries.map(\.imageFiles) == [["angel.png"], ["happy.png"], ["sad.png"]])
        #expect(custom.entries.map(\.keywords) == [[], ["Tag1", "Tag2"], ["Tag1"]])
        #expect(
            result.notes.map(\.description) == [
                "emoji/blobs/pack.json: read as a Pleroma emoji pack: 4 emoticons in shortcode order",
                "emoji/custom/emoji.txt: read as a Pleroma emoji list: 3 emoticons in shortcode order",
            ])
        #expect(result.warnings.isEmpty)
    }

    @Test func packJSONWinsOverEmojiTxtAsInPleroma() throws {
        let folder = try LayoutFixtures.copy("Pleroma/emoji/blobs")
        try Data("other, other.png\n".utf8).write(to: folder.appendingPathComponent("emoji.txt"))
        let result = try LayoutFixtures.read(folder.path)
        #expect(result.packs.first?.entries.count == 4)
        #expect(result.notes.first?.description.hasPrefix("blobs/pack.json: read as a Pleroma emoji pack") == true)
    }

    @Test func badPackJSONFilesAreNamedWithTheKey() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("pack")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("pack.json")
        func errors(_ json: String) throws -> [String] {
            try Data(json.utf8).write(to: file)
            return LayoutFixtures.errors(folder.path)
        }
        #expect(try errors("{\"files\": ").first?.hasPrefix("pack/pack.json: not a valid JSON file (") == true)
        #expect(try errors("[1]") == ["pack/pack.json: expected a dictionary with \"files\" (a Pleroma emoji pack) at root, found array"])
        #expect(try errors("{\"pack\": {}}") == ["pack/pack.json: files: missing: a Pleroma pack.json maps each shortcode to its image file under \"files\""])
        #expect(try errors("{\"files\": [\"a.png\"]}") == ["pack/pack.json: files: expected a dictionary of shortcode to file name, found array"])
        try Fixtures.copy(LayoutFixtures.url("Pleroma/emoji/custom/happy.png"), to: folder.appendingPathComponent("happy.png"))
        let found = try errors(#"{"files": {"a": 1, "b c": "happy.png", "d": "../up.png", "e": "gone.png", "f": "/etc/x.png", "ok": "happy.png"}}"#)
        #expect(
            found == [
                "pack/pack.json: entry 0 (\":a:\"): files.a: expected the image's file name, found number",
                "pack/pack.json: entry 1 (\":b c:\"): files: \"b c\" is no shortcode: \"U+20\" cannot be in one (letters, digits, _, - and +)",
                "pack/pack.json: entry 2 (\":d:\"): files.d: unsafe path \"../up.png\": a file name may not start with '.'",
                "pack/pack.json: entry 3 (\":e:\"): files.e: file not found: pack/gone.png (nor an @2x or @3x variant)",
                "pack/pack.json: entry 4 (\":f:\"): files.f: \"/etc/x.png\" is an absolute path; pack.json names files relative to the pack",
            ])
        // A shortcode whose `:shortcode:` is over the text cap is refused before anything else.
        let long = String(repeating: "s", count: 999)
        let longErrors = try errors(#"{"files": {"\#(long)": "happy.png"}}"#)
        #expect(longErrors.count == 1 && longErrors[0].hasPrefix("pack/pack.json: entry 0: files: 1001 characters long; the limit is 1000"), "\(longErrors)")
        _ = try errors(#"{"files": {"a": 1, "b c": "happy.png", "d": "../up.png", "e": "gone.png", "f": "/etc/x.png", "ok": "happy.png"}}"#)
        // With --lenient the good one is read and each bad one is a warning.
        let lenient = try LayoutFixtures.read(folder.path, lenient: true)
        #expect(lenient.packs.first?.entries.map(\.text) == [":ok:"])
        #expect(lenient.warnings.count == 5)
    }

    @Test func linksLeavingThePackAreRefused() throws {
        let root = Fixtures.temporaryDirectory()
        let folder = root.appendingPathComponent("pack"), outside = root.appendingPathComponent("secret.png")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Fixtures.copy(LayoutFixtures.url("Pleroma/emoji/custom/happy.png"), to: outside)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("sub/cat.png").path, withDestinationPath: outside.path)
        try Data(#"{"files": {"cat": "sub/cat.png"}}"#.utf8).write(to: folder.appendingPathComponent("pack.json"))
        let errors = LayoutFixtures.errors(folder.path)
        #expect(errors.count == 1 && errors[0].hasPrefix("pack/pack.json: entry 0 (\":cat:\"): files.cat: ") && errors[0].contains("outside"), "\(errors)")
        // The map itself linked from outside the pack is refused before it is read.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("pack.json"))
        let elsewhere = root.appendingPathComponent("elsewhere.json")
        try Data(#"{"files": {}}"#.utf8).write(to: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("pack.json").path, withDestinationPath: elsewhere.path)
        let mapErrors = LayoutFixtures.errors(folder.path)
        #expect(mapErrors.count == 1 && mapErrors[0].hasPrefix("pack/pack.json: links outside the packs"), "\(mapErrors)")
    }

    @Test func emojiTxtLinesPleromaSkipsOrCannotReadAreNamed() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("custom")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Fixtures.copy(LayoutFixtures.url("Pleroma/emoji/custom/happy.png"), to: folder.appendingPathComponent("happy.png"))
        let file = folder.appendingPathComponent("emoji.txt")
        try Data("happy, /emoji/custom/happy.png\nlonely\nborrowed, /emoji/blobs/blobcat.png\n".utf8).write(to: file)
        #expect(
            LayoutFixtures.errors(folder.path) == [
                "custom/emoji.txt: entry 0 (\":borrowed:\"): file: \"/emoji/blobs/blobcat.png\" is not in this pack; its files are named \"/emoji/custom/NAME\" (or relative to the pack)"
            ])
        try Data("happy, /emoji/custom/happy.png\nlonely\n".utf8).write(to: file)
        let result = try LayoutFixtures.read(folder.path)
        #expect(result.packs.first?.entries.map(\.text) == [":happy:"])
        #expect(result.warnings.map(\.description) == ["custom/emoji.txt: entry 1 (\":lonely:\"): skipped: line 2 has no file (\"lonely\"); Pleroma reads shortcode, file[, tags]"])
        // Not UTF-8, or no line of the shape at all: the file is refused, naming the line.
        try Data([0x61, 0x2C, 0x20, 0x61, 0x0A, 0x62, 0xFF, 0x0A]).write(to: file)
        #expect(LayoutFixtures.errors(folder.path) == ["custom/emoji.txt: not a valid Pleroma emoji.txt file (line 2 is not UTF-8)"])
        // Tags are carried into every manifest: each is held to a title's length, and their number.
        try Data("happy, happy.png, \(String(repeating: "x", count: 201))\n".utf8).write(to: file)
        let long = LayoutFixtures.errors(folder.path)
        #expect(long.count == 1 && long[0].hasPrefix("custom/emoji.txt: entry 0 (\":happy:\"): tags: a keyword is 201 characters long; the limit is 200"), "\(long)")
        try Data("happy, happy.png, \((0...100).map { "t\($0)" }.joined(separator: ", "))\n".utf8).write(to: file)
        #expect(LayoutFixtures.errors(folder.path) == ["custom/emoji.txt: entry 0 (\":happy:\"): tags: 101 keywords; the limit is 100"])
        try Data("just words\n".utf8).write(to: file)
        #expect(LayoutFixtures.errors(folder.path) == ["custom/emoji.txt: not a valid Pleroma emoji.txt file (no line of shortcode, file[, tags])"])
    }
}
