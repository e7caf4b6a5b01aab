import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// Packs are never dropped silently: `Info.plist` is read (and said), every skipped subfolder is
/// reported with why, `--strict` makes those errors; unknown entry keys are reported with a
/// "did you mean". Each of these failed before (the folder vanished, the key was ignored).
struct PackFolderTests {
    @Test func capitalisedInfoPlistIsReadAndSaid() throws {
        let root = Fixtures.temporaryDirectory().appendingPathComponent("Packs")
        try WeiboPackFixtures.makePack(root.appendingPathComponent("cats"), plistName: "Info.plist", entries: [WeiboPackFixtures.entry("[猫]", "cat.png")], images: ["cat.png"])
        try WeiboPackFixtures.makePack(root.appendingPathComponent("dogs"), entries: [WeiboPackFixtures.entry("[狗]", "dog.png")], images: ["dog.png"])
        let result = try PackReader().read([root])
        #expect(result.packs.map(\.folderName) == ["cats", "dogs"])
        #expect(result.packs[0].entries.count == 1)
        #expect(result.notes.map(\.description) == ["Packs/cats/Info.plist: read as the pack's info.plist"])
        #expect(result.warnings.isEmpty)
        // A pack folder named directly works the same way.
        #expect(try PackReader().read([root.appendingPathComponent("cats")]).packs.count == 1)
    }

    @Test func everySkippedSubfolderIsWarnedWithTheReason() throws {
        let root = Fixtures.temporaryDirectory().appendingPathComponent("Packs")
        try WeiboPackFixtures.makePack(root.appendingPathComponent("dogs"), entries: [WeiboPackFixtures.entry("[狗]", "dog.png")], images: ["dog.png"])
        try FileManager.default.createDirectory(at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try WeiboPackFixtures.makePack(root.appendingPathComponent("misnamed"), plistName: "emoticons-info.plist", entries: [])
        try FileManager.default.createDirectory(at: root.appendingPathComponent("images-only"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: WeiboPackFixtures.sampleImage, to: root.appendingPathComponent("images-only/a.png"))
        try WeiboPackFixtures.makePack(root.appendingPathComponent("nested/inner"), entries: [])
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: root.appendingPathComponent("README.txt"))
        let result = try PackReader().read([root])
        #expect(result.packs.map(\.folderName) == ["dogs"])
        #expect(
            result.warnings.map(\.description) == [
                "Packs/empty: skipped, not a pack: the folder is empty",
                "Packs/images-only: skipped, not a pack: no pack file, only images (a folder of images is a pack when named on its own, on the command line)",
                "Packs/misnamed: skipped, not a pack: no pack file emokit reads (it holds \"emoticons-info.plist\"); emokit validate on it alone lists the layouts tried",
                "Packs/nested: skipped, not a pack: it is a folder of packs, not a pack (name it on the command line to include its packs)",
            ])
        // --strict: the same findings are errors, and nothing is read.
        do {
            _ = try PackReader(strict: true).read([root])
            Issue.record("--strict must refuse a folder of packs with skipped subfolders")
        } catch {
            #expect(error.errors.count == 4 && error.errors.allSatisfy { $0.description.contains("skipped, not a pack") })
        }
    }

    @Test func unknownEntryKeysAreWarnedWithDidYouMean() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("typos")
        try WeiboPackFixtures.makePack(
            folder,
            entries: [
                ["chs": "[猫]", "image": "cat.png", "type": "0"],
                ["chs": "[狗]", "png": "dog.png", "tpye": "0", "Cht": "[狗]"],
                ["chs": "[鱼]", "png": "fish.png", "author": "me"],
            ], images: ["cat.png", "dog.png", "fish.png"])
        let result = try PackReader(lenient: true).read([folder])
        #expect(result.packs[0].entries.map(\.plistIndex) == [1, 2])
        #expect(
            result.warnings.map(\.description) == [
                "typos/info.plist: entry 0 (\"[猫]\"): unknown key \"image\" (did you mean \"png\"?); ignored",
                "typos/info.plist: entry 0 (\"[猫]\"): png: missing: an image entry (type 0) needs png",
                "typos/info.plist: entry 1 (\"[狗]\"): unknown key \"Cht\" (did you mean \"cht\"?); ignored",
                "typos/info.plist: entry 1 (\"[狗]\"): unknown key \"tpye\" (did you mean \"type\"?); ignored",
                "typos/info.plist: entry 2 (\"[鱼]\"): unknown key \"author\"; ignored",
            ])
    }

    @Test func yykitDictionaryWithoutIdNamesTheMissingKeys() {
        do {
            _ = try PackReader().read([Fixtures.conformance.appendingPathComponent("plists/root-dict")])
            Issue.record("a dictionary root without id must be refused")
        } catch {
            #expect(
                error.errors.map(\.description) == [
                    "root-dict/info.plist: expected array at root, found dictionary: a dictionary root is read as a YYKit group only with "
                        + "emoticons and id (or group_name_cn, group_name_tw, group_name_en); missing: id, group_name_*; it has: emoticons, version"
                ])
        }
    }
}
