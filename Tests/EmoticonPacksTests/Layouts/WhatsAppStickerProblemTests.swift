import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// What a WhatsApp sticker pack file may not do, each refused in one line naming the key where
/// the file has it: a tray image WhatsApp could not open, an identifier that is no folder name or
/// repeats another pack's, a sticker that is no WebP or PNG, values of the wrong type.
struct WhatsAppStickerProblemTests {
    /// A folder with `contents.json` (`json`) and the sample's files `01.webp`, `02.webp`, `tray.png`.
    static func pack(_ json: String, files: [String: String] = ["01.webp": "1/01_Cuppy_smile.webp", "02.webp": "1/02_Cuppy_lol.webp", "tray.png": "1/tray_Cuppy.png"]) throws -> URL {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("wa")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, source) in files { try Fixtures.copy(LayoutFixtures.url("WhatsApp/assets/\(source)"), to: folder.appendingPathComponent(name)) }
        try Data(json.utf8).write(to: folder.appendingPathComponent("contents.json"))
        return folder
    }

    static func packs(identifier: String = #""p""#, tray: String = #""tray.png""#, sticker: String = #"{"image_file": "01.webp"}"#) -> String {
        #"{"sticker_packs": [{"identifier": \#(identifier), "name": "P", "tray_image_file": \#(tray), "stickers": [\#(sticker)]}]}"#
    }

    @Test func aTrayImageWhatsAppCouldNotOpenIsAnErrorNamingItsKey() throws {
        let cases: [(String, String)] = [
            (#""gone.png""#, "wa/contents.json: sticker_packs[0].tray_image_file: file not found: wa/gone.png (nor an @2x or @3x variant)"),
            (#""../tray.png""#, "wa/contents.json: sticker_packs[0].tray_image_file: unsafe path \"../tray.png\": only a plain file name in the pack folder is allowed, not a path"),
            (#""/tmp/tray.png""#, "wa/contents.json: sticker_packs[0].tray_image_file: unsafe path \"/tmp/tray.png\": only a plain file name in the pack folder is allowed, not a path"),
            ("5", "wa/contents.json: sticker_packs[0].tray_image_file: expected the tray image's file name, found number"),
            (#""sub""#, "wa/contents.json: sticker_packs[0].tray_image_file: file not found: wa/sub (nor an @2x or @3x variant)"),
        ]
        for (tray, expected) in cases {
            let folder = try Self.pack(Self.packs(tray: tray))
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
            #expect(LayoutFixtures.errors(folder.path) == [expected], "\(tray)")
        }
        // A tray image linking out of the pack is refused too, never replaced by the first sticker.
        let folder = try Self.pack(Self.packs(tray: #""out.png""#))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("out.png"), withDestinationURL: LayoutFixtures.url("WhatsApp/assets/1/tray_Cuppy.png"))
        let errors = LayoutFixtures.errors(folder.path)
        #expect(errors.count == 1 && errors[0].hasPrefix("wa/contents.json: sticker_packs[0].tray_image_file: "), "\(errors)")
        // One WhatsApp could not decode is refused when the pack is read, so validate says it too.
        let text = try Self.pack(Self.packs(tray: #""text.png""#))
        try Data("not a picture".utf8).write(to: text.appendingPathComponent("text.png"))
        #expect(
            LayoutFixtures.errors(text.path) == [
                "wa/contents.json: sticker_packs[0].tray_image_file: wa/text.png is no image emokit knows, not a PNG or WebP: WhatsApp shows a pack's tray image as a PNG or WebP"
            ])
    }

    @Test func anIdentifierThatIsNoFolderNameOrRepeatsAnotherPacksIsNamed() throws {
        let cases: [(String, String)] = [
            (
                #""../1""#,
                #"sticker_packs[0].identifier: "../1" is not a folder name (only a plain file name in the pack folder is allowed, not a path): a pack's files are in <identifier>/ beside the file"#
            ),
            (
                #""a/b""#,
                #"sticker_packs[0].identifier: "a/b" is not a folder name (only a plain file name in the pack folder is allowed, not a path): a pack's files are in <identifier>/ beside the file"#
            ),
            (#"".""#, #"sticker_packs[0].identifier: "." is not a folder name (a file name may not start with '.'): a pack's files are in <identifier>/ beside the file"#),
            (#""a..b""#, #"sticker_packs[0].identifier: "a..b" is not a folder name ('..' is not allowed): a pack's files are in <identifier>/ beside the file"#),
            (#"" ""#, "sticker_packs[0].identifier: only spaces"),
            (#""""#, "sticker_packs[0].identifier: empty"),
            ("7", "sticker_packs[0].identifier: expected text, found number"),
        ]
        for (identifier, expected) in cases {
            let folder = try Self.pack(Self.packs(identifier: identifier))
            #expect(LayoutFixtures.errors(folder.path) == ["wa/contents.json: \(expected)"], "\(identifier)")
        }
        let twice = try Self.pack(
            #"{"sticker_packs": [{"identifier": "p", "name": "P", "stickers": [{"image_file": "01.webp"}]}, {"identifier": "p", "name": "Q", "stickers": [{"image_file": "02.webp"}]}]}"#)
        #expect(
            LayoutFixtures.errors(twice.path) == [
                #"wa/contents.json: sticker_packs[1].identifier: "p" repeats sticker_packs[0].identifier: each pack needs its own (its files are in <identifier>/)"#
            ])
    }

    @Test func aStickerIsNamedWhereTheFileHasItAndAsTheFileWritesIt() throws {
        let folder = try Self.pack(
            #"""
            {"sticker_packs": [{"identifier": "p", "name": "P", "stickers": [{"image_file": "01.webp"}]},
                               {"identifier": "q", "name": "Q", "stickers": [{"image_file": "gone.webp"}, {"image_file": "../../x.webp"}, {"image_file": "/tmp/x.webp"}]}]}
            """#)
        // Each pack's files in its own folder: a message still names the file as contents.json writes it.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("q"), withIntermediateDirectories: true)
        #expect(
            LayoutFixtures.errors(folder.path) == [
                #"wa/contents.json: sticker_packs[1].stickers[0]: image_file: file not found: wa/q/gone.webp (nor an @2x or @3x variant)"#,
                #"wa/contents.json: sticker_packs[1].stickers[1]: image_file: unsafe path "../../x.webp": only a plain file name in the pack folder is allowed, not a path"#,
                #"wa/contents.json: sticker_packs[1].stickers[2]: image_file: unsafe path "/tmp/x.webp": only a plain file name in the pack folder is allowed, not a path"#,
            ])
    }

    @Test func aStickerThatIsNoWebPOrPNGIsRefusedByWhatItIsNotByItsName() throws {
        let gif = Fixtures.temporaryDirectory().appendingPathComponent("a.gif")
        try Data("GIF89a\u{1}\0\u{1}\0\0\0\0;".utf8).write(to: gif)
        let folder = try Self.pack(Self.packs(sticker: #"{"image_file": "anim.webp"}, {"image_file": "01.webp"}"#))
        try FileManager.default.copyItem(at: gif, to: folder.appendingPathComponent("anim.webp"))
        #expect(
            LayoutFixtures.errors(folder.path) == [
                #"wa/contents.json: sticker_packs[0].stickers[0]: image_file: wa/anim.webp is a GIF, not a WebP or PNG: WhatsApp sends a sticker as WebP (its iOS sample also takes PNG); convert it to WebP"#
            ])
        // With --lenient it is left out and said; the pack keeps its other sticker.
        let lenient = try LayoutFixtures.read(folder.path, lenient: true)
        #expect(lenient.packs.map { $0.entries.map(\.imageFiles) } == [[["01.webp"]]])
        // A file over 16 MB is refused from its size, before anything reads it.
        let big = folder.appendingPathComponent("anim.webp")
        try FileManager.default.removeItem(at: big)
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 17 * 1024 * 1024)
        try handle.close()
        #expect(
            LayoutFixtures.errors(folder.path) == [
                #"wa/contents.json: sticker_packs[0].stickers[0]: image_file: wa/anim.webp is 17 MB, over the 16 MB a sticker may be (WhatsApp takes 500 KB)"#
            ])
    }

    @Test func valuesOfTheWrongTypeAreRefusedNotDropped() throws {
        let folder = try Self.pack(
            Self.packs(sticker: #"{"image_file": "01.webp", "emojis": ["🙂", 1, 2]}, {"image_file": "02.webp", "accessibility_text": 5}"#))
        #expect(
            LayoutFixtures.errors(folder.path) == [
                #"wa/contents.json: sticker_packs[0].stickers[0]: emojis: expected an array of emoji, found number in it"#,
                #"wa/contents.json: sticker_packs[0].stickers[1]: accessibility_text: expected the sticker's spoken name, found number"#,
            ])
        // A spoken name holding an override is refused under its own key (not the entry's `name`).
        let spoken = try Self.pack(Self.packs(sticker: #"{"image_file": "01.webp", "accessibility_text": "a\u202Eb"}"#))
        let refused = LayoutFixtures.errors(spoken.path)
        #expect(refused.count == 1 && refused[0].hasPrefix("wa/contents.json: sticker_packs[0].stickers[0]: accessibility_text: "), "\(refused)")
        #expect(refused.first?.contains("holds U+202E") == true, "\(refused)")
        let empty = try Self.pack(#"{"sticker_packs": [{"identifier": "p", "name": "P", "stickers": []}]}"#)
        #expect(LayoutFixtures.errors(empty.path) == ["wa/contents.json: sticker_packs[0].stickers: expected a non-empty array of stickers, found an empty array"])
    }

    @Test func theFileNotReadBesideTheOneReadIsSaid() throws {
        let folder = try Self.pack(Self.packs())
        try Data(Self.packs().utf8).write(to: folder.appendingPathComponent("sticker_packs.wasticker"))
        let result = try LayoutFixtures.read(folder.path)
        #expect(
            result.notes.map(\.description) == [
                "wa/contents.json: read as a WhatsApp sticker pack file: 1 emoticon that send images, not text; a tab for each of 1 sticker pack; wa/sticker_packs.wasticker beside it is not read (contents.json comes first)"
            ])
    }

    @Test func withLenientATabWhoseEveryStickerFailsIsLeftOutAndSaid() throws {
        let folder = try Self.pack(
            #"{"sticker_packs": [{"identifier": "p", "name": "P", "stickers": [{"image_file": "01.webp"}]}, {"identifier": "q", "name": "Q", "stickers": [{"image_file": "gone.webp"}]}]}"#)
        let result = try LayoutFixtures.read(folder.path, lenient: true)
        #expect(result.packs.map(\.id) == ["wa-P"])
        #expect(result.warnings.map(\.description).contains(#"wa/contents.json: tab "Q" left out: every one of its entries was refused (see above)"#), "\(result.warnings)")
    }
}

/// Limits and files a sticker pack's reader must not trip over.
struct WhatsAppStickerFileTests {
    @Test func aFileOverTheLimitIsNamedAsAPackFileNotAPlist() throws {
        // 12 MB of spaces after the packs: JSON, but over the 10 MB every pack file may be.
        let folder = try WhatsAppStickerProblemTests.pack(WhatsAppStickerProblemTests.packs() + String(repeating: " ", count: 12 * 1024 * 1024))
        let errors = LayoutFixtures.errors(folder.path)
        #expect(errors.count == 1 && errors[0].hasPrefix("wa/contents.json: pack file is 12 MB; the limit is 10 MB (raise it with "), "\(errors)")
        #expect(errors.first?.hasSuffix("max-plist-size, the limit for every pack file)") == true, "\(errors)")
    }

    @Test func aStickerThatIsAPipeIsRefusedNotWaitedFor() throws {
        let folder = try WhatsAppStickerProblemTests.pack(WhatsAppStickerProblemTests.packs(sticker: #"{"image_file": "pipe.webp"}"#))
        #expect(mkfifo(folder.appendingPathComponent("pipe.webp").path, 0o644) == 0)
        #expect(
            LayoutFixtures.errors(folder.path) == [
                #"wa/contents.json: sticker_packs[0].stickers[0]: image_file: wa/pipe.webp cannot be read: is a named pipe (FIFO), not a regular file"#
            ])
    }
}

extension WhatsAppStickerFileTests {
    @Test func twoPacksOfOneNameAreToldApartNamingTheFile() throws {
        let folder = try WhatsAppStickerProblemTests.pack(
            #"{"sticker_packs": [{"identifier": "p", "name": "P", "stickers": [{"image_file": "01.webp"}]}, {"identifier": "q", "name": "P", "stickers": [{"image_file": "02.webp"}]}]}"#)
        let result = try LayoutFixtures.read(folder.path)
        #expect(result.packs.map(\.id) == ["wa-P", "wa-P-2"])
        #expect(
            result.warnings.map(\.description) == [
                "wa/contents.json: tab id 'wa-P' is already another tab's of this file (two of its tabs have that name); this tab gets 'wa-P-2' (set ids with the config file's tabIds)"
            ])
    }
}
