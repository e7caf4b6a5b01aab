import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// The chat SDKs' own lists, read as each kit reads them: LeanCloud ChatKit's `face.plist`,
/// NetEase NIM's emoticon catalogs, and a text map in a bundle's subfolder below its images.
struct ChatKitLayoutsTests {
    // MARK: LeanCloud ChatKit

    @Test func chatKitFacesInFileOrderWithTheKitsDeleteKey() throws {
        let result = try LayoutFixtures.read("Kits/ChatKit/Emoji.bundle")
        let pack = try #require(result.packs.first)
        #expect(result.packs.count == 1 && !pack.displayOnly)
        #expect(pack.entries.map(\.text) == ["[龇牙]", "[调皮]", "[偷笑]", "[擦汗]", "[流泪]"])
        #expect(pack.entries.map(\.name) == ["龇牙", "调皮", "偷笑", "擦汗", "流泪"])
        #expect(pack.entries.first?.imageFiles == ["[龇牙]@2x.png", "[龇牙]@3x.png"])
        // face_id 999's image, `[删除]`, is the delete key, and no emoticon.
        #expect(pack.deleteIcon?.variants.map(\.fileName) == ["[删除]@2x.png"])
        #expect(result.notes.map(\.description) == ["Emoji.bundle/face.plist: read as a LeanCloud ChatKit face list: 5 emoticons in the file's order"])
        #expect(result.warnings.isEmpty)
    }

    @Test func chatKitFacesAreFoundByContentUnderAnyName() throws {
        let folder = try LayoutFixtures.copy("Kits/ChatKit/Emoji.bundle")
        try FileManager.default.moveItem(at: folder.appendingPathComponent("face.plist"), to: folder.appendingPathComponent("Emoji.plist"))
        let result = try LayoutFixtures.read(folder.path)
        #expect(result.packs.first?.entries.count == 5)
        #expect(result.notes.contains { $0.description.contains("read as a LeanCloud ChatKit face list") })
    }

    @Test func aFacePlistOfAnotherShapeIsNoFaceListAndTheListCanBeNamedDirectly() throws {
        let folder = try LayoutFixtures.copy("Kits/ChatKit/Emoji.bundle")
        // Named directly, the list's folder is the pack.
        #expect(try LayoutFixtures.read(folder.appendingPathComponent("face.plist").path).packs.first?.entries.count == 5)
        // A game's sprite frames under the same name: the folder is read as plain images.
        let frames = #"<plist version="1.0"><dict><key>frames</key><dict><key>a.png</key><dict/></dict></dict></plist>"#
        try Data(frames.utf8).write(to: folder.appendingPathComponent("face.plist"))
        let result = try LayoutFixtures.read(folder.path)
        #expect(result.packs.first?.entries.map(\.text).starts(with: ["[偷笑]"]) == true)
        #expect(!result.notes.contains { $0.description.contains("ChatKit") })
    }

    @Test func chatKitFacesTheKitCannotShowAreNamed() throws {
        let folder = try LayoutFixtures.copy("Kits/ChatKit/Emoji.bundle")
        func face(_ id: String, _ name: String) -> String {
            "<dict><key>face_id</key><string>\(id)</string><key>face_image_name</key><string>\(name)</string><key>face_name</key><string>\(name)</string></dict>"
        }
        let plist =
            "<plist version=\"1.0\"><array>" + face("1", "[龇牙]") + face("999", "[删除]") + face("1", "[调皮]") + face("x", "[偷笑]")
            + "<dict><key>face_id</key><string>3</string><key>face_image_name</key><string>[擦汗]</string></dict>" + face("5", "[没有]") + "</array></plist>"
        try Data(plist.utf8).write(to: folder.appendingPathComponent("face.plist"))
        #expect(
            LayoutFixtures.errors(folder.path) == [
                "Emoji.bundle/face.plist: entry 3 (\"[偷笑]\"): face_id: expected a whole number, found \"x\"",
                "Emoji.bundle/face.plist: entry 4: face_name: missing",
                "Emoji.bundle/face.plist: entry 5 (\"[没有]\"): face_image_name: file not found: Emoji.bundle/[没有] (.png, .gif)",
            ])
        let lenient = try LayoutFixtures.read(folder.path, lenient: true)
        #expect(lenient.packs.first?.entries.map(\.text) == ["[龇牙]"])
        let warnings = lenient.warnings.map(\.description)
        #expect(warnings.contains("Emoji.bundle/face.plist: entry 1 (\"[删除]\"): skipped: face_id 999 is ChatKit's delete key, never an emoticon"))
        #expect(
            warnings.contains(
                "Emoji.bundle/face.plist: entry 2 (\"[调皮]\"): skipped: face_id 1 is entry 0's too; ChatKit finds a face by its id, so it shows entry 0 in its place"))
    }

    // MARK: NetEase NIM

    @Test func nimsDefaultCatalogInDataOrderWithItsEmojiNamedByTheirTags() throws {
        let result = try LayoutFixtures.read("Kits/NIM/NIMKitEmoticon.bundle/Emoji")
        let pack = try #require(result.packs.first)
        #expect(result.packs.count == 1)
        #expect(pack.entries.map(\.text) == ["[可爱]", "[大笑]", "[色]", "👍", "👎"])
        #expect(pack.entries.map(\.name) == ["可爱", "大笑", "色", "强", "弱"])
        #expect(pack.entries.map(\.imageFiles) == [["emoji_01@2x.png"], ["emoji_00@2x.png"], ["emoji_02@2x.png"], [], []])
        #expect(pack.entries.suffix(2).map(\.content) == [.emoji("👍"), .emoji("👎")])
        #expect(pack.title(locale: .en) == "emoji")
        #expect(pack.deleteIcon?.variants.map(\.fileName) == ["emoji_del_normal@2x.png"])
        #expect(
            result.notes.map(\.description) == [
                "Emoji/emoji_ios.plist: read as a NetEase NIM emoticon catalog list: 5 emoticons in the order of the \"default\" catalog"
            ])
        // The delete key's two images are the kit's own, not unmapped emoticons.
        #expect(result.warnings.isEmpty)
    }

    @Test func nimsOlderEmojiPlistIsReadAsCatalogsNeverAsAnEmojiList() throws {
        let folder = try LayoutFixtures.copy("Kits/NIM/NIMKitEmoticon.bundle/Emoji")
        try FileManager.default.moveItem(at: folder.appendingPathComponent("emoji_ios.plist"), to: folder.appendingPathComponent("emoji.plist"))
        // Strict and lenient alike: the five emoticons, never an empty tab.
        for lenient in [false, true] {
            let result = try LayoutFixtures.read(folder.path, lenient: lenient)
            #expect(result.packs.first?.entries.map(\.text) == ["[可爱]", "[大笑]", "[色]", "👍", "👎"])
            #expect(result.notes.map(\.description) == ["Emoji/emoji.plist: read as a NetEase NIM emoticon catalog list: 5 emoticons in the order of the \"default\" catalog"])
        }
    }

    @Test func nimsOtherCatalogsAreShownInReceivedMessagesOnly() throws {
        let folder = try LayoutFixtures.copy("Kits/NIM/NIMKitEmoticon.bundle/Emoji")
        let file = folder.appendingPathComponent("emoji_ios.plist")
        let other =
            "<dict><key>data</key><array><dict><key>file</key><string>emoji_02.png</string><key>id</key><string>x1</string><key>tag</key><string>[别的]</string></dict>"
            + "<dict><key>file</key><string>emoji_01.png</string><key>tag</key><string>[无名]</string></dict></array>"
            + "<key>info</key><dict><key>id</key><string>other</string></dict></dict>"
        // The other catalog first in the file: the keyboard's still comes first.
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "<array>\n\t<dict>\n\t\t<key>data</key>", with: "<array>\n\(other)\n\t<dict>\n\t\t<key>data</key>")
        try Data(text.utf8).write(to: file)
        let result = try LayoutFixtures.read(folder.path)
        #expect(result.packs.map(\.displayOnly) == [false, true])
        #expect(result.packs.map { $0.entries.map(\.text) } == [["[可爱]", "[大笑]", "[色]", "👍", "👎"], ["[别的]"]])
        #expect(result.notes.first?.description.hasSuffix("; catalogs shown in received messages only: other") == true)
        #expect(
            result.warnings.map(\.description).contains(
                "Emoji/emoji_ios.plist: item 0.data[1] (\"[无名]\"): skipped: no id: NIM's keyboard leaves out an emoticon without one"))
    }

    @Test func nimCatalogsWithoutTheKeyboardsAreRefusedByName() throws {
        let folder = try LayoutFixtures.copy("Kits/NIM/NIMKitEmoticon.bundle/Emoji")
        let file = folder.appendingPathComponent("emoji_ios.plist")
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "<string>default</string>", with: "<string>mine</string>")
        try Data(text.utf8).write(to: file)
        #expect(
            LayoutFixtures.errors(folder.path) == [
                "Emoji/emoji_ios.plist: no catalog has info.id \"default\", the one NIM's keyboard shows (catalogs: \"mine\")"
            ])
        try Data(#"<plist version="1.0"><array><dict><key>info</key><dict/><key>data</key><array/></dict></array></plist>"#.utf8).write(to: file)
        #expect(LayoutFixtures.errors(folder.path).first?.contains("item 0.info.id: missing") == true)
    }

    // MARK: Tencent TUIKit

    @Test func tuiKitsEmojiListIsReadAsItsFacesNeverAsAnEmojiList() throws {
        for lenient in [false, true] {
            let result = try LayoutFixtures.read("Kits/TUIChatFace.bundle/emoji", lenient: lenient)
            let pack = try #require(result.packs.first)
            #expect(pack.entries.map(\.text) == ["[TUIEmoji_Smile]", "[TUIEmoji_Expect]", "[TUIEmoji_Blink]"])
            #expect(pack.entries.first?.imageFiles == ["[TUIEmoji_Smile]@2x.png"])
            #expect(result.notes.map(\.description) == ["emoji/emoji.plist: read as a Tencent TUIKit emoji list: 3 emoticons in the file's order"])
        }
        // Newer kits name the image apart from the text (`face_file`).
        let folder = try LayoutFixtures.copy("Kits/TUIChatFace.bundle/emoji")
        let plist =
            #"<plist version="1.0"><array><dict><key>face_name</key><string>[TUIEmoji_Smile]</string><key>face_file</key><string>[TUIEmoji_Blink]</string></dict>"#
            + #"<dict><key>face_name</key><string>[TUIEmoji_Gone]</string><key>face_id</key><string>9</string></dict></array></plist>"#
        try Data(plist.utf8).write(to: folder.appendingPathComponent("emoji.plist"))
        #expect(
            LayoutFixtures.errors(folder.path) == [
                "emoji/emoji.plist: entry 1 (\"[TUIEmoji_Gone]\"): face_name: file not found: emoji/[TUIEmoji_Gone] (.png)"
            ])
        let lenient = try LayoutFixtures.read(folder.path, lenient: true)
        #expect(lenient.packs.first?.entries.map(\.imageFiles) == [["[TUIEmoji_Blink]@2x.png"]])
    }

    // MARK: A map below its images

    @Test func aMapInABundlesSubfolderFindsItsImagesInTheBundle() throws {
        for path in ["Kits/Expression.bundle", "Kits/Expression.bundle/files"] {
            let result = try LayoutFixtures.read(path)
            let pack = try #require(result.packs.first)
            #expect(pack.entries.map(\.text) == ["[微笑]", "[撇嘴]", "[色]"])
            #expect(pack.entries.map(\.imageFiles) == [["Expression_1@2x.png"], ["Expression_2@2x.png"], ["Expression_3@2x.png"]])
            #expect(result.notes.first?.description.hasSuffix("3 emoticons in the map's order; images in the bundle above, Expression.bundle/") == true)
            #expect(result.warnings.isEmpty)
        }
    }

    @Test func aMapAboveNoBundleNeverReadsItsParent() throws {
        let root = Fixtures.temporaryDirectory().appendingPathComponent("Expression")
        try Fixtures.copy(LayoutFixtures.url("Kits/Expression.bundle"), to: root)
        let errors = LayoutFixtures.errors(root.appendingPathComponent("files").path)
        #expect(errors == ["files/expressionImage_custom.plist: neither its keys nor its values name images in files/ or its subfolders (a folder above is read only when it is a .bundle)"])
    }

    @Test func theBundleAboveIsChosenWithDotDotWhenTheMapsFolderHoldsTheImagesToo() throws {
        let bundle = Fixtures.temporaryDirectory().appendingPathComponent("Expression.bundle")
        try Fixtures.copy(LayoutFixtures.url("Kits/Expression.bundle"), to: bundle)
        for name in ["Expression_1@2x.png", "Expression_2@2x.png", "Expression_3@2x.png"] {
            try Fixtures.copy(bundle.appendingPathComponent(name), to: bundle.appendingPathComponent("files/\(name)"))
        }
        // The bundle above is named as itself, never as `files/../`.
        let tie = try #require(LayoutFixtures.errors(bundle.path).first)
        #expect(
            tie.contains("images found as well for") && tie.contains(" in Expression.bundle/ ")
                || tie.hasSuffix(" in Expression.bundle/; keep one, or choose with the config file's packFiles (\"images\", \"texts\")"), "\(tie)")
        #expect(!tie.contains("/../"), "\(tie)")
        let choices = PackChoices(files: ["files": PackFileChoice(images: "..")])
        let pack = try #require(try LayoutFixtures.read(bundle.path, choices: choices).packs.first)
        if case .image(let file) = pack.entries[0].content { #expect(file.variants.first?.displayPath == "Expression.bundle/Expression_1@2x.png") }
        #expect(PackFileChoice.parse(["images": ".."]) == .success(PackFileChoice(images: "..")))
        let plain = Fixtures.temporaryDirectory().appendingPathComponent("Plain")
        try Fixtures.copy(bundle, to: plain)
        #expect(
            LayoutFixtures.errors(plain.appendingPathComponent("files").path, choices: PackChoices(files: ["files": PackFileChoice(images: "..")])) == [
                "files/expressionImage_custom.plist: the image folder chosen in the config file's packFiles, .., is above the pack's folder but no .bundle holding it"
            ])
    }

    // MARK: MYPEmotionKeyboard

    @Test func aTextAndImageListDrawsItsImagesFromTheAssetCatalog() throws {
        let result = try LayoutFixtures.read("Kits/MYPEmotion")
        let pack = try #require(result.packs.first)
        #expect(pack.entries.map(\.text) == ["[拜拜]", "[悲伤]", "[并不简单]", "[鄙视]"])
        // The image set's Contents.json lists a 3x file only.
        #expect(pack.entries.first?.imageFiles == ["baibai@3x.png"])
        #expect(
            result.notes.map(\.description) == [
                "MYPEmotion/MyEmotions.plist: read as a list of text and image dictionaries (MYPEmotionKeyboard): 4 emoticons in the list's order; images in Images.xcassets/"
            ])
        #expect(result.warnings.isEmpty)
    }

    @Test func aTextAndImageListNamesTheImageSetItLacks() throws {
        let folder = try LayoutFixtures.copy("Kits/MYPEmotion")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Images.xcassets/bishi.imageset"))
        #expect(LayoutFixtures.errors(folder.path) == ["MYPEmotion/MyEmotions.plist: entry 3 (\"[鄙视]\"): image: no image set MYPEmotion/Images.xcassets/bishi.imageset/"])
    }
}
