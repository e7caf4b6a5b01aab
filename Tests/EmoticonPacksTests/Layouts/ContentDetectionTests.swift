import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// Packs are found by what their files hold, names only breaking ties, as far as each app goes:
/// XhsEmoticonsKeyboard and the plist kits read a file by its content (found under any name);
/// Pidgin, Psi, KDE, Adium, Pleroma and Misskey read one file name only (a renamed map is not
/// theirs, and the warning says what it is and the name its app needs).
struct ContentDetectionTests {
    /// A copy of `fixture` in a folder named `folderName`, its `map` renamed to `newName`.
    func renamed(_ fixture: String, map: String, to newName: String, folderName: String = "faces", _ name: String = #function) throws -> URL {
        let folder = Fixtures.temporaryDirectory(name).appendingPathComponent(folderName)
        try Fixtures.copy(fixture.hasPrefix("/") ? URL(fileURLWithPath: fixture) : LayoutFixtures.url(fixture), to: folder)
        if map != newName { try FileManager.default.moveItem(at: folder.appendingPathComponent(map), to: folder.appendingPathComponent(newName)) }
        return folder
    }

    @Test func anXhsSetIsFoundByItsRootWhateverItsOrItsFoldersName() throws {
        for (folderName, file) in [("faces", "kaomoji.xml"), ("faces", "set.xml"), ("kaomoji", "emoticons-set.xml")] {
            let folder = try renamed("Xhs/kaomoji", map: "kaomoji.xml", to: file, folderName: folderName, "xhs-\(folderName)-\(file)")
            let result = try LayoutFixtures.read(folder.path)
            #expect(result.packs.first?.entries.map(\.text) == ["我来了", "好的", "晚安"], "\(folderName)/\(file)")
            #expect(result.notes.map(\.description) == ["\(folderName)/\(file): read as an XhsEmoticonsKeyboard set: 3 emoticons in the map's order"])
            // Never "no layout reads an XML file with this root" about a file whose root is <EmoticonSet>.
            #expect(!result.warnings.contains { $0.code == "unread-pack-file" })
        }
    }

    @Test func twoXhsSetsInOneFolderAreAnErrorNamingBoth() throws {
        let folder = try renamed("Xhs/kaomoji", map: "kaomoji.xml", to: "a.xml")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("a.xml"), to: folder.appendingPathComponent("b.xml"))
        #expect(
            LayoutFixtures.errors(folder.path) == [
                "faces/a.xml: the folder holds several XhsEmoticonsKeyboard sets (a.xml, b.xml); give each set a folder of its own"
            ])
        // The set named like its folder breaks the tie, as the sample app names it.
        try FileManager.default.moveItem(at: folder.appendingPathComponent("b.xml"), to: folder.appendingPathComponent("faces.xml"))
        #expect(LayoutFixtures.errors(folder.path) == ["faces/faces.xml: the folder holds several XhsEmoticonsKeyboard sets (faces.xml, a.xml); give each set a folder of its own"])
    }

    @Test func aRenamedIconsetIsNotPsisAndTheWarningSaysWhatItIsAndTheNameItNeeds() throws {
        let folder = try renamed("Psi/default", map: "icondef.xml", to: "stellar.xml")
        let result = try LayoutFixtures.read(folder.path)
        // Psi reads an iconset only as icondef.xml: the folder is plain images, and says why.
        #expect(result.packs.first?.entries.map(\.text) == ["[biggrin]", "[smile]", "[tongue]", "[wink]"])
        #expect(
            result.warnings.map(\.description) == [
                "faces/: read as a plain folder of images, but stellar.xml beside them was not read (its root <icondef> makes it a Jabber iconset, "
                    + "but Psi and Gajim read one only as icondef.xml: rename it); the texts and order it may hold are not used"
            ])
    }

    @Test func renamedAdiumAndKDEMapsAreNamedForWhatTheyAre() throws {
        // Adium reads a set only from Emoticons.plist, KEmoticons a KDE theme only from emoticons.xml.
        let adium = try renamed("Adium/Default.AdiumEmoticonset", map: "Emoticons.plist", to: "Smileys.plist", "adium")
        #expect(
            try LayoutFixtures.read(adium.path).warnings.map(\.description).contains(
                "faces/: read as a plain folder of images, but Smileys.plist beside them was not read (it holds an Adium emoticon set (Emoticons, "
                    + "a dictionary of image files), but Adium reads one only as Emoticons.plist: rename it); the texts and order it may hold are not used"))
        let kde = try renamed("KDE/emoticons/Breeze", map: "emoticons.xml", to: "breeze.xml", "kde")
        #expect(
            try LayoutFixtures.read(kde.path).warnings.map(\.description).contains(
                "faces/: read as a plain folder of images, but breeze.xml beside them was not read (its root <messaging-emoticon-map> makes it "
                    + "a KDE emoticon theme, but KDE reads one only as emoticons.xml: rename it); the texts and order it may hold are not used"))
    }

    @Test func aRenamedPidginThemeIsNotPidginsAsPidginReadsOnlyTheme() throws {
        let folder = try renamed("Pidgin/emotes/default", map: "theme", to: "theme.bak")
        // Pidgin reads a theme only from a file named theme: renamed, the folder is plain images.
        let result = try LayoutFixtures.read(folder.path)
        #expect(result.notes.map(\.code) == ["plain-image-folder"])
        // Without its images, validate says why it is no Pidgin theme.
        for image in try FileManager.default.contentsOfDirectory(atPath: folder.path) where image.hasSuffix(".png") {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(image))
        }
        var reader = PackReader()
        reader.explainsLayouts = true
        #expect(reader.survey([folder]).errors.map(\.description).contains { $0.hasPrefix("\(folder.path): tried Adium emoticon set, Pidgin smiley theme,") && $0.contains(" theme, icondef.xml") })
    }

    @Test func aWeiboArrayAndAnEmojiListAreFoundByShapeUnderAnyName() throws {
        let weibo = try renamed(Fixtures.conformance.appendingPathComponent("plists/weibo-valid").path, map: "info.plist", to: "expressions.plist")
        let result = try LayoutFixtures.read(weibo.path)
        #expect(result.packs.first?.entries.count == 12)
        #expect(result.notes.map(\.description).first == "faces/expressions.plist: read as the pack's info.plist")
        let emoji = try renamed(Fixtures.conformance.appendingPathComponent("plists/emoji-array-xml").path, map: "Emoji.plist", to: "list.plist")
        let list = try LayoutFixtures.read(emoji.path)
        #expect(list.packs.first?.entries.first?.text.unicodeScalars.first?.properties.isEmoji == true)
        #expect(list.notes.map(\.description).first == "faces/list.plist: read as the pack's Emoji.plist")
    }

    @Test func anInfoPlistOfEmojiStringsIsAnEmojiList() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("faces")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Fixtures.copy(
            Fixtures.conformance.appendingPathComponent("plists/emoji-array-xml/Emoji.plist"), to: folder.appendingPathComponent("info.plist"))
        let result = try LayoutFixtures.read(folder.path)
        #expect(result.packs.first?.entries.count == 40)
        #expect(result.packs.first?.entries.first?.text.unicodeScalars.first?.properties.isEmoji == true)
    }

    @Test func aPackOfItemsThatGiveNoEmoticonIsAnErrorEvenLenient() throws {
        // An emoji.plist of catalog dictionaries (id, tag, data; no NIM `info`, so no kit's list):
        // taken for an emoji list, every item is refused.
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("Emoji")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let catalog: [String: Any] = ["id": "default", "tag": "emoji", "data": [["id": "emoticon_emoji_0", "tag": "[大笑]", "file": "emoji_00.png"]]]
        try PropertyListSerialization.data(fromPropertyList: [catalog], format: .xml, options: 0).write(to: folder.appendingPathComponent("emoji.plist"))
        let survey = PackReader(lenient: true).survey([folder])
        #expect(survey.warnings.map(\.description).contains { $0.hasPrefix("Emoji/emoji.plist: entry 0") }, "\(survey.warnings)")
        #expect(
            survey.errors.map(\.description) == [
                "Emoji/emoji.plist: no emoticons to show: the file holds an array of 1 item, the first a dictionary (keys: \"data\", \"id\", \"tag\"); "
                    + "its one item is not an emoticon of the layout it was read as, emoji list (Emoji.plist) (the warnings above say why); an empty tab is not written"
            ])
        #expect(survey.packs.isEmpty || survey.errors.isEmpty == false)
    }

    @Test func anEmptyListIsStillAnEmptyTabAsAsked() throws {
        let survey = PackReader(lenient: true).survey([Fixtures.conformance.appendingPathComponent("plists/empty-array")])
        #expect(survey.errors.isEmpty && survey.packs.first?.entries.isEmpty == true)
    }

    @Test func validateListsEachLayoutTriedAndWhyItDidNotFit() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("faces")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("<smileys/>".utf8).write(to: folder.appendingPathComponent("smileys.xml"))
        var reader = PackReader()
        reader.explainsLayouts = true
        let lines = reader.survey([folder]).errors.map(\.description)
        let path = folder.path
        // One short list: layouts with the same reason share a line (the whole list is pinned in
        // EmokitCLITests' validate-layouts-tried snapshot).
        #expect(lines.count == 6, "\(lines)")
        #expect(lines.first?.hasPrefix("\(path): not an emoticon pack nor a folder of packs") == true)
        #expect(lines.contains("\(path): tried XhsEmoticonsKeyboard set: no XML file with the root <EmoticonSet> (smileys.xml has the root <smileys>)"))
        #expect(
            lines.contains(
                "\(path): tried Adium emoticon set, Pidgin smiley theme, Jabber iconset, KDE emoticon theme, Pleroma pack (pack.json), Pleroma list (emoji.txt), Misskey emoji export, "
                    + "WhatsApp sticker pack: no file of the name their app reads (Emoticons.plist, theme, icondef.xml, emoticons.xml, pack.json, emoji.txt, "
                    + "meta.json, contents.json or sticker_packs.wasticker)"))
        #expect(
            lines.last == "\(path): tried text-to-image dictionary, LeanCloud ChatKit face list, Tencent TUIKit emoji list, NetEase NIM emoticon catalogs, text and image list, "
                + "emoji list (Emoji.plist), QQ/WeChat map, YYKit group, Weibo array: no plist or JSON pack file in the folder")
        // generate keeps its one line.
        #expect(PackReader().survey([folder]).errors.count == 1)
    }

    @Test func aPackFileNoLayoutReadsListsWhatItHolds() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("faces")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: ["name": "x", "list": [1]], format: .xml, options: 0).write(to: folder.appendingPathComponent("info.plist"))
        var reader = PackReader()
        reader.explainsLayouts = true
        let lines = reader.survey([folder]).errors.map(\.description)
        #expect(lines.first == "faces/info.plist: expected array at root, found dictionary")
        #expect(
            lines.contains(
                "faces/info.plist: tried LeanCloud ChatKit face list, Tencent TUIKit emoji list, NetEase NIM emoticon catalogs, text and image list, QQ/WeChat map, "
                    + "Weibo array: root is a dictionary (keys: \"list\", \"name\"), not an array"))
        #expect(lines.contains("faces/info.plist: tried text-to-image dictionary: \"list\" is an array, not an image name or a text"))
        #expect(lines.contains("faces/info.plist: tried emoji images named by code point, plain folder of images: the folder has a pack file, info.plist"))
        #expect(lines.contains("faces/info.plist: tried YYKit group: root is a dictionary (keys: \"list\", \"name\"), without \"emoticons\""))
    }
}
