import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// WhatsApp sticker packs: `contents.json`'s `sticker_packs`, a tab per pack, stickers that send
/// their image, emojis as keywords, the tray image as the tab's icon.
struct WhatsAppStickerLayoutTests {
    @Test func readsEachStickerPackAsATabOfEntriesThatSendTheirImage() throws {
        let result = try LayoutFixtures.read("WhatsApp/assets")
        #expect(result.packs.map(\.id) == ["assets-Cuppy", "assets-Together-While-Apart"])
        #expect(result.packs.map { $0.title(locale: .en) } == ["Cuppy", "Together While Apart"])
        #expect(
            result.packs.map { $0.entries.map(\.imageFiles) } == [
                [["1/01_Cuppy_smile.webp"], ["1/02_Cuppy_lol.webp"], ["1/03_Cuppy_rofl.webp"]],
                [["2/01_SendingLove.webp"], ["2/02_WellDoThisTogether.webp"], ["2/03_Heart.webp"]],
            ])
        #expect(result.packs.allSatisfy { $0.entries.allSatisfy(\.sendsImage) })
        // A sticker's name is its file's stem (no accessibility_text in the sample); its emojis are keywords.
        #expect(result.packs[0].entries.map(\.name) == ["01_Cuppy_smile", "02_Cuppy_lol", "03_Cuppy_rofl"])
        #expect(result.packs[0].entries.map(\.keywords) == [["☕", "🙂"], ["😄", "😀"], ["😆", "😂"]])
        #expect(result.packs[1].entries[0].keywords == ["🥰", "😘", "❤️"])
        // The tray image is the tab's icon.
        #expect(result.packs.map { $0.tabIcon?.variants.map(\.fileName) } == [["tray_Cuppy.png"], ["01.png"]])
        #expect(
            result.notes.map(\.description) == [
                "assets/contents.json: read as a WhatsApp sticker pack file: 6 emoticons that send images, not text; a tab for each of 2 sticker packs"
            ])
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test func theIOSSamplesFileIsReadWithItsPicturesBesideIt() throws {
        let result = try LayoutFixtures.read("WhatsApp/ios")
        #expect(result.packs.map(\.id) == ["ios-Cuppy", "ios-Together-At-Home"])
        #expect(
            result.packs.map { $0.entries.map(\.imageFiles) } == [
                [["01_Cuppy_smile.png"], ["02_Cuppy_lol.png"], ["03_Cuppy_rofl.png"]],
                [["01_SendingLove.webp"], ["02_WellDoThisTogether.webp"], ["03_Heart.webp"]],
            ])
        #expect(result.packs.allSatisfy { $0.entries.allSatisfy(\.sendsImage) })
        #expect(result.packs.map { $0.tabIcon?.variants.map(\.fileName) } == [["tray_Cuppy.png"], ["tray_TogetherAtHome.png"]])
        #expect(result.notes.map(\.description).first?.hasPrefix("ios/sticker_packs.wasticker: read as a WhatsApp sticker pack file: 6 emoticons") == true)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test func accessibilityTextIsTheSpokenNameAndFilesBesideTheMapAreFound() throws {
        // An unpacked .wastickers (and the iOS sample) keeps the files beside contents.json.
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("stickers")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["01_Cuppy_smile.webp", "02_Cuppy_lol.webp", "tray_Cuppy.png"] {
            try Fixtures.copy(LayoutFixtures.url("WhatsApp/assets/1/\(name)"), to: folder.appendingPathComponent(name))
        }
        try Data(
            #"""
            {"sticker_packs": [{"identifier": "cuppy", "name": "Cuppy", "publisher": "Jane Doe", "tray_image_file": "tray_Cuppy.png",
              "stickers": [{"image_file": "01_Cuppy_smile.webp", "emojis": ["☕"], "accessibility_text": "Cuppy smiling"},
                           {"image_file": "02_Cuppy_lol.webp", "emojis": []}]}]}
            """#.utf8
        ).write(to: folder.appendingPathComponent("contents.json"))
        let result = try LayoutFixtures.read(folder.path)
        #expect(result.packs.map(\.id) == ["stickers-Cuppy"])
        #expect(result.packs[0].entries.map(\.name) == ["Cuppy smiling", "02_Cuppy_lol"])
        #expect(result.packs[0].entries.map(\.imageFiles) == [["01_Cuppy_smile.webp"], ["02_Cuppy_lol.webp"]])
        #expect(result.packs[0].entries.map(\.keywords) == [["☕"], []])
        #expect(result.packs[0].tabIcon?.variants.map(\.fileName) == ["tray_Cuppy.png"])
    }

    @Test func stickersAndPacksTheFileCannotHoldAreNamed() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("stickers")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Fixtures.copy(LayoutFixtures.url("WhatsApp/assets/1/01_Cuppy_smile.webp"), to: folder.appendingPathComponent("a.webp"))
        let file = folder.appendingPathComponent("contents.json")
        try Data(
            #"""
            {"sticker_packs": [{"identifier": "p", "name": "P", "stickers": [
              {"image_file": "a.webp", "emojis": ["🙂"]},
              {"image_file": "gone.webp"},
              {"image_file": "../up.webp"},
              {"emojis": ["🙂"]},
              {"image_file": "a.webp", "emojis": "🙂"},
              "b.webp"
            ]}]}
            """#.utf8
        ).write(to: file)
        #expect(
            LayoutFixtures.errors(folder.path) == [
                #"stickers/contents.json: sticker_packs[0].stickers[1]: image_file: file not found: stickers/gone.webp (nor an @2x or @3x variant)"#,
                #"stickers/contents.json: sticker_packs[0].stickers[2]: image_file: unsafe path "../up.webp": only a plain file name in the pack folder is allowed, not a path"#,
                #"stickers/contents.json: sticker_packs[0].stickers[3]: image_file: missing"#,
                #"stickers/contents.json: sticker_packs[0].stickers[4]: emojis: expected an array of emoji, found string"#,
                #"stickers/contents.json: sticker_packs[0].stickers[5]: stickers: expected a dictionary of image_file and emojis, found string"#,
            ])
        let lenient = try LayoutFixtures.read(folder.path, lenient: true)
        #expect(lenient.packs.map { $0.entries.map(\.imageFiles) } == [[["a.webp"]]])
        // The file's own shape: each refused with its key.
        let cases: [(String, String)] = [
            (#"[]"#, "stickers/contents.json: expected a dictionary with \"sticker_packs\" (a WhatsApp sticker pack file) at root, found array"),
            (#"{"packs": []}"#, "stickers/contents.json: sticker_packs: missing: a WhatsApp sticker pack file lists its packs under \"sticker_packs\""),
            (#"{"sticker_packs": []}"#, "stickers/contents.json: sticker_packs: expected an array of sticker packs, found an empty array"),
            (#"{"sticker_packs": [{"identifier": "p", "stickers": [{"image_file": "a.webp"}]}]}"#, "stickers/contents.json: sticker_packs[0].name: missing"),
            (
                #"{"sticker_packs": [{"identifier": "p", "name": "P", "stickers": []}]}"#,
                "stickers/contents.json: sticker_packs[0].stickers: expected a non-empty array of stickers, found an empty array"
            ),
        ]
        for (json, expected) in cases {
            try Data(json.utf8).write(to: file)
            #expect(LayoutFixtures.errors(folder.path) == [expected], "\(json)")
        }
    }
}
