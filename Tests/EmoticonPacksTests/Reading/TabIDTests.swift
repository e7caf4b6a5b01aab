import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// Tab ids: unique (ignoring case), from the pack alone, YYKit ids and `Recent`, set by config.
struct TabIDTests {
    static func ids(_ inputs: [URL], explicit: [String: String] = [:]) throws -> (ids: [String], warnings: [String]) {
        let result = try PackReader(choices: PackChoices(tabIDs: explicit)).read(inputs)
        return (result.packs.map(\.id), result.warnings.map(\.description))
    }

    /// `generate p1/foo p2/foo p3/foo-2` gave `foo, foo-2, foo-2` (two tabs writing one folder).
    @Test func tabIDsAreUniqueAndCollisionsAreReported() throws {
        let root = Fixtures.temporaryDirectory()
        let inputs = [try WeiboPackFixtures.onePack(root, "p1/foo"), try WeiboPackFixtures.onePack(root, "p2/foo"), try WeiboPackFixtures.onePack(root, "p3/foo-2")]
        let (ids, warnings) = try Self.ids(inputs)
        #expect(ids == ["foo", "foo-3", "foo-2"])
        #expect(warnings == ["\(inputs[1].path): tab id 'foo' is already used by \(inputs[0].path) (ids are compared ignoring case); this tab gets 'foo-3' (set ids with the config file's tabIds)"])
    }

    /// `Faces` and `faces` are one folder on a case-insensitive disk.
    @Test func tabIDsAreUniqueIgnoringCase() throws {
        let root = Fixtures.temporaryDirectory()
        let (ids, warnings) = try Self.ids([try WeiboPackFixtures.onePack(root, "a/Faces"), try WeiboPackFixtures.onePack(root, "b/faces")])
        #expect(ids == ["Faces", "faces-2"])
        #expect(warnings.count == 1)
    }

    /// A folder named `猫 咪` became `pack`, and `pack-2` once `狗狗` was added.
    @Test func tabIDDependsOnlyOnThePackItself() throws {
        let root = Fixtures.temporaryDirectory()
        try WeiboPackFixtures.onePack(root, "packs/猫 咪")
        let alone = try Self.ids([root.appendingPathComponent("packs")]).ids
        try WeiboPackFixtures.onePack(root, "packs/狗狗")
        try WeiboPackFixtures.onePack(root, "packs/0 first")
        let together = try Self.ids([root.appendingPathComponent("packs")])
        #expect(alone == ["xn----ig9az05g"])  // Python: "猫-咪".encode("punycode")
        #expect(together.ids == ["0-first", "xn--l5xa", "xn----ig9az05g"])
        #expect(together.warnings.isEmpty)
    }

    @Test func yykitPlistIDWinsAndRecentIsReserved() throws {
        let root = Fixtures.temporaryDirectory()
        let yykit = try WeiboPackFixtures.onePack(root, "folder-name", yykitID: "com.sina.default")
        let recent = try WeiboPackFixtures.onePack(root, "x/Recent")
        let (ids, warnings) = try Self.ids([yykit, recent])
        #expect(ids == ["com.sina.default", "Recent-2"])
        #expect(warnings == ["\(recent.path): tab id 'Recent' is reserved for the preview's Recent tab; this tab gets 'Recent-2' (set ids with the config file's tabIds)"])
    }

    @Test func configSetsTabIDs() throws {
        let root = Fixtures.temporaryDirectory()
        let cats = try WeiboPackFixtures.onePack(root, "猫 咪")
        let yykit = try WeiboPackFixtures.onePack(root, "y", yykitID: "com.sina.default")
        #expect(try Self.ids([cats, yykit], explicit: ["猫 咪": "cats", "com.sina.default": "weibo"]).ids == ["cats", "weibo"])
        let typo = #expect(throws: PackReader.Failure.self) { _ = try PackReader(choices: PackChoices(tabIDs: ["猫咪": "cats"])).read([cats]) }
        #expect(typo?.errors.map(\.description) == ["tabIds '猫咪': no pack has this folder name or plist id"])
        let unsafe = #expect(throws: PackReader.Failure.self) { _ = try PackReader(choices: PackChoices(tabIDs: ["猫 咪": "../x"])).read([cats]) }
        #expect(unsafe?.errors.first?.description.hasPrefix("tabIds '猫 咪': '../x' is not a usable tab id") == true)
    }
}
