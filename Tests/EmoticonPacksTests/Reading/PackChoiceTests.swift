import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// What the config file says about particular packs (`packFiles`, `tabTitles`): it settles what
/// the folder alone leaves open, and a key that names no pack, or asks what a pack cannot give,
/// is refused by name.
struct PackChoiceTests {
    static func choices(files: [String: PackFileChoice] = [:], titles: [String: [TitleLocale: String]] = [:]) -> PackChoices {
        PackChoices(tabTitles: titles, files: files)
    }

    @Test func theImageFolderIsChosenWhenTwoHoldTheImages() throws {
        let folder = try LayoutFixtures.copy("TextMaps/Liuqs")
        try Fixtures.copy(folder.appendingPathComponent("经典表情"), to: folder.appendingPathComponent("备份"))
        #expect(LayoutFixtures.errors(folder.path).count == 1)
        for chosen in ["经典表情", "备份"] {
            let result = try LayoutFixtures.read(folder.path, choices: Self.choices(files: ["Liuqs": PackFileChoice(images: chosen)]))
            let pack = try #require(result.packs.first)
            #expect(pack.entries.map(\.text) == ["[呲牙]", "[调皮]", "[流汗]"])
            if case .image(let file) = pack.entries[0].content { #expect(file.variants.first?.displayPath == "Liuqs/\(chosen)/1.png") }
            #expect(result.notes.first?.description.hasSuffix("images in \(chosen)/") == true)
        }
    }

    @Test func thePacksOwnFolderIsChosenAsDot() throws {
        let folder = try LayoutFixtures.copy("TextMaps/Liuqs")
        for name in ["1.png", "2.png", "3.png"] {
            try FileManager.default.copyItem(at: folder.appendingPathComponent("经典表情/\(name)"), to: folder.appendingPathComponent(name))
        }
        // Images in the pack's folder and its subfolder: "." chooses the pack's own.
        #expect(LayoutFixtures.errors(folder.path).count == 1)
        let result = try LayoutFixtures.read(folder.path, choices: Self.choices(files: ["Liuqs": PackFileChoice(images: ".")]))
        let pack = try #require(result.packs.first)
        #expect(pack.entries.map(\.text) == ["[呲牙]", "[调皮]", "[流汗]"])
        if case .image(let file) = pack.entries[0].content { #expect(file.variants.first?.displayPath == "Liuqs/1.png") }
    }

    @Test func theMapIsChosenWhenTheFolderHoldsTwo() throws {
        let folder = try LayoutFixtures.copy("TextMaps/Liuqs")
        let other = #"<plist version="1.0"><dict><key>[哭]</key><string>3</string></dict></plist>"#
        try Data(other.utf8).write(to: folder.appendingPathComponent("Another.plist"))
        #expect(LayoutFixtures.errors(folder.path).first?.contains("several text-to-image maps (Another.plist, LiuqsEmotions.plist)") == true)
        let liuqs = try LayoutFixtures.read(folder.path, choices: Self.choices(files: ["Liuqs": PackFileChoice(map: "LiuqsEmotions.plist")]))
        #expect(liuqs.packs.first?.entries.map(\.text) == ["[呲牙]", "[调皮]", "[流汗]"])
        let another = try LayoutFixtures.read(folder.path, choices: Self.choices(files: ["Liuqs": PackFileChoice(map: "Another.plist")]))
        #expect(another.packs.first?.entries.map(\.text) == ["[哭]"])
        #expect(another.notes.first?.description.hasPrefix("Liuqs/Another.plist: read as a text-to-image dictionary") == true)
        // A map that is not there is refused by its name.
        #expect(
            LayoutFixtures.errors(folder.path, choices: Self.choices(files: ["Liuqs": PackFileChoice(map: "Gone.plist")])).first?
                .hasPrefix("Liuqs/Gone.plist: cannot read") == true)
    }

    @Test func theOrderFileIsChosenOverTheOneFound() throws {
        let folder = try LayoutFixtures.copy("TextMaps/MLEmoji")
        let array = #"<plist version="1.0"><array><string>[微笑]</string><string>[撇嘴]</string><string>[色]</string></array></plist>"#
        try Data(array.utf8).write(to: folder.appendingPathComponent("Alphabet.plist"))
        // Found: the first array plist listing the map's texts, by name.
        #expect(try LayoutFixtures.read(folder.path).packs.first?.entries.map(\.text) == ["[微笑]", "[撇嘴]", "[色]"])
        let chosen = try LayoutFixtures.read(folder.path, choices: Self.choices(files: ["MLEmoji": PackFileChoice(order: "MLEmoji_Expression.plist")]))
        #expect(chosen.packs.first?.entries.map(\.text) == ["[色]", "[微笑]", "[撇嘴]"])
        #expect(chosen.notes.first?.description.contains("in the order of MLEmoji_Expression.plist") == true)
        // An order file that does not list the map is refused, naming it and what is wrong.
        let cases = [
            ("<string>[色]</string>", "leaves out 2 of the 3 texts of MLEmoji_ExpressionImage.plist, first \"[微笑]\""),
            ("<string>[色]</string><string>[哭]</string>", "item 1, \"[哭]\", is not in MLEmoji_ExpressionImage.plist"),
            ("<string>[色]</string><string>[色]</string><string>[微笑]</string>", "item 1, \"[色]\", is listed twice"),
        ]
        for (items, problem) in cases {
            try Data(#"<plist version="1.0"><array>\#(items)</array></plist>"#.utf8).write(to: folder.appendingPathComponent("Short.plist"))
            #expect(LayoutFixtures.errors(folder.path, choices: Self.choices(files: ["MLEmoji": PackFileChoice(order: "Short.plist")])) == ["MLEmoji/Short.plist: \(problem)"])
        }
    }

    @Test func theSideHoldingTheTextsIsChosenWhenBothNameImages() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("Both")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["smile.png", "happy.png"] { try FileManager.default.copyItem(at: WeiboPackFixtures.sampleImage, to: folder.appendingPathComponent(name)) }
        let map = #"<plist version="1.0"><dict><key>smile</key><string>happy</string></dict></plist>"#
        try Data(map.utf8).write(to: folder.appendingPathComponent("Map.plist"))
        #expect(LayoutFixtures.errors(folder.path).first?.contains("images found as well for values in Both/ as for keys in Both/") == true)
        let keys = try LayoutFixtures.read(folder.path, choices: Self.choices(files: ["Both": PackFileChoice(texts: .keys)]))
        #expect(keys.packs.first?.entries.map(\.text) == ["smile"] && keys.packs.first?.entries.first?.imageFiles == ["happy.png"])
        let values = try LayoutFixtures.read(folder.path, choices: Self.choices(files: ["Both": PackFileChoice(texts: .values)]))
        #expect(values.packs.first?.entries.map(\.text) == ["happy"] && values.packs.first?.entries.first?.imageFiles == ["smile.png"])
    }

    @Test func aChoiceThatCannotApplyIsRefusedByName() throws {
        let liuqs = try LayoutFixtures.copy("TextMaps/Liuqs")
        #expect(
            LayoutFixtures.errors(liuqs.path, choices: Self.choices(files: ["Liuqs": PackFileChoice(images: "nothing")])) == [
                "Liuqs/LiuqsEmotions.plist: the image folder chosen in the config file's packFiles, Liuqs/nothing, is no folder"
            ])
        #expect(
            LayoutFixtures.errors(liuqs.path, choices: Self.choices(files: ["Liuqs": PackFileChoice(texts: .values)])) == [
                "Liuqs/LiuqsEmotions.plist: its keys name no images in Liuqs/ or its subfolders (a folder above is read only when it is a .bundle)"
            ])
        #expect(
            LayoutFixtures.errors(liuqs.path, choices: Self.choices(files: ["Liuqs": PackFileChoice(), "Luiqs": PackFileChoice()])) == [
                "packFiles 'Luiqs': no pack has this folder name"
            ])
        let weibo = try WeiboPackFixtures.onePack(Fixtures.temporaryDirectory(), "faces")
        #expect(
            LayoutFixtures.errors(weibo.path, choices: Self.choices(files: ["faces": PackFileChoice(images: ".")])).first?.hasPrefix(
                "packFiles 'faces': faces/info.plist is no text-to-image map: there is no map, order or image folder to choose; remove the entry") == true)
    }

    @Test func choicesStayInsideThePackFolder() {
        #expect(
            PackFileChoice.parse(["images": "../other"])
                == .failure(.init(key: "images", expected: "a folder inside the pack's folder (\".\" for the pack's own, \"..\" or \"../..\" for the .bundle holding it, no leading /)")))
        #expect(PackFileChoice.parse(["images": "/etc"]).isFailure && PackFileChoice.parse(["map": "a/b.plist"]).isFailure)
        #expect(PackFileChoice.parse(["map": ".."]).isFailure && PackFileChoice.parse(["texts": "both"]).isFailure && PackFileChoice.parse(["image": "x"]).isFailure)
        #expect(
            PackFileChoice.parse(["images": "a/b.bundle", "map": "M.plist", "order": "O.plist", "texts": "values"])
                == .success(PackFileChoice(map: "M.plist", order: "O.plist", images: "a/b.bundle", texts: .values)))
        #expect(PackFileChoice.parse(["images": "经典表情/"]) == .success(PackFileChoice(images: "经典表情")))
        #expect(PackFileChoice.parse(["order": String(repeating: "x", count: 5000)]) == .failure(.init(key: "order", expected: "at most 4096 bytes")))
    }

    /// A Weibo array pack had no title but its folder name. A locale the config leaves out falls
    /// back as the pack's own titles do (`EmoticonPack.title(locale:)`).
    @Test func tabTitlesFromTheConfigWinLocaleByLocale() throws {
        let root = Fixtures.temporaryDirectory()
        try WeiboPackFixtures.onePack(root, "packs/小喵")
        try WeiboPackFixtures.onePack(root, "packs/yy", yykitID: "com.yy")
        let titles: [String: [TitleLocale: String]] = ["小喵": [.en: "Kitty", .tw: "小貓"], "com.yy": [.en: "YY"]]
        let result = try PackReader(choices: Self.choices(titles: titles)).read([root.appendingPathComponent("packs")])
        let pack = try #require(result.packs.first { $0.folderName == "小喵" })
        #expect(pack.title(locale: .en) == "Kitty" && pack.title(locale: .tw) == "小貓" && pack.title(locale: .cn) == "Kitty")
        let yy = try #require(result.packs.first { $0.plistID == "com.yy" })
        #expect(yy.title(locale: .en) == "YY" && yy.title(locale: .cn) == "packs/yy")
        let typo = LayoutFixtures.errors(root.appendingPathComponent("packs").path, choices: Self.choices(titles: ["小猫": [.en: "Kitty"]]))
        #expect(typo == ["tabTitles '小猫': no pack has this folder name or plist id"])
    }

    /// With an unreadable info.plist, the first line was "tabIds '小喵': no pack has this folder
    /// name or plist id" and the real cause came second.
    @Test func aPacksOwnErrorComesFirstAndItsConsequencesAreNotReported() throws {
        let root = Fixtures.temporaryDirectory()
        let cats = try WeiboPackFixtures.onePack(root, "packs/小喵")
        try WeiboPackFixtures.onePack(root, "packs/狗狗")
        let plist = cats.appendingPathComponent("info.plist")
        let broken = try String(contentsOf: plist, encoding: .utf8).replacingOccurrences(of: "</dict>", with: "")
        try broken.write(to: plist, atomically: true, encoding: .utf8)
        let choices = PackChoices(tabIDs: ["小喵": "cats", "狗狗": "dogs", "猪猪": "pigs"], tabTitles: ["小喵": [.en: "Kitty"]])
        for strict in [false, true] {
            let survey = PackReader(strict: strict, choices: choices).survey([root.appendingPathComponent("packs")])
            let errors = PackError.inReadingOrder(survey.errors, plistPaths: survey.plistPaths).map(\.description)
            // '猪猪' may be the unread pack's plist id: it waits until that pack is read.
            #expect(errors.count == 1 && errors.first?.hasPrefix("packs/小喵/info.plist: not a valid property list") == true)
        }
        try WeiboPackFixtures.onePack(root, "mended/小喵")
        let mended = PackReader(choices: choices).survey([root.appendingPathComponent("mended")])
        #expect(mended.errors.map(\.description) == ["tabIds '狗狗': no pack has this folder name or plist id", "tabIds '猪猪': no pack has this folder name or plist id"])
        // A missing input is the cause too; keys naming it are not reported again.
        let missing = PackReader(choices: PackChoices(tabIDs: ["Gone": "gone"], files: ["Gone": PackFileChoice(images: ".")])).survey([root.appendingPathComponent("Gone")])
        #expect(missing.errors.count == 1 && missing.errors.first?.description.hasSuffix("Gone: no such file or folder") == true)
    }

    /// Two packs of one folder name: `parent/folder` keys one of them.
    @Test func aParentFolderKeyTellsApartPacksOfOneName() throws {
        let root = Fixtures.temporaryDirectory()
        try Fixtures.copy(LayoutFixtures.url("TextMaps/Liuqs"), to: root.appendingPathComponent("A/Liuqs"))
        try WeiboPackFixtures.onePack(root, "B/Liuqs")
        let inputs = [root.appendingPathComponent("A/Liuqs"), root.appendingPathComponent("B/Liuqs")]
        let byName = PackReader(choices: Self.choices(files: ["Liuqs": PackFileChoice(images: "经典表情")])).survey(inputs)
        #expect(
            byName.errors.map(\.description) == [
                "packFiles 'Liuqs': Liuqs/info.plist is no text-to-image map: there is no map, order or image folder to choose; remove the entry, or key it \"B/Liuqs\" for a pack of that name elsewhere"
            ])
        let byParent = PackReader(choices: Self.choices(files: ["A/Liuqs": PackFileChoice(images: "经典表情")])).survey(inputs)
        #expect(byParent.errors.isEmpty && byParent.packs.count == 2)
    }

    /// A link leaving the pack is refused wherever the text map would read it: the image folder
    /// found (not only one the config chose), and an image beside another of the same stem.
    @Test func linksLeavingATextMapPackAreRefused() throws {
        let folder = try LayoutFixtures.copy("TextMaps/Liuqs")
        let outside = folder.deletingLastPathComponent().appendingPathComponent("outside")
        try FileManager.default.moveItem(at: folder.appendingPathComponent("经典表情"), to: outside)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("经典表情"), withDestinationURL: outside)
        let errors = LayoutFixtures.errors(folder.path)
        #expect(errors.count == 1 && errors.first?.hasPrefix("Liuqs/经典表情: links outside the packs") == true)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("经典表情"))
        try FileManager.default.moveItem(at: outside, to: folder.appendingPathComponent("经典表情"))
        // 1.png leaves the pack while 1.gif is there: refused, not passed over for the GIF.
        let png = folder.appendingPathComponent("经典表情/1.png")
        let moved = folder.deletingLastPathComponent().appendingPathComponent("1.png")
        try FileManager.default.moveItem(at: png, to: moved)
        try FileManager.default.createSymbolicLink(at: png, withDestinationURL: moved)
        let linked = LayoutFixtures.errors(folder.path)
        #expect(linked.count == 1 && linked.first?.contains("unsafe path \"1.png\": it links outside the pack folder") == true)
    }

    /// A chosen map skips detection's checks: a value that is no string is refused, never left out.
    @Test func aChosenMapWithAValueThatIsNoStringIsRefused() throws {
        let folder = try LayoutFixtures.copy("TextMaps/Liuqs")
        let map = #"<plist version="1.0"><dict><key>[a]</key><string>1</string><key>[b]</key><array/></dict></plist>"#
        try Data(map.utf8).write(to: folder.appendingPathComponent("m.plist"))
        #expect(
            LayoutFixtures.errors(folder.path, choices: Self.choices(files: ["Liuqs": PackFileChoice(map: "m.plist")])) == [
                "Liuqs/m.plist: \"[b]\": expected a string (an image name or a text), found array"
            ])
        let empty = #"<plist version="1.0"><dict/></plist>"#
        try Data(empty.utf8).write(to: folder.appendingPathComponent("m.plist"))
        #expect(LayoutFixtures.errors(folder.path, choices: Self.choices(files: ["Liuqs": PackFileChoice(map: "m.plist")])) == ["Liuqs/m.plist: the map is empty"])
    }
}

extension Result {
    fileprivate var isFailure: Bool { if case .failure = self { true } else { false } }
}
