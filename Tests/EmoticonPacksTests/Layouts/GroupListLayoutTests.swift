import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// Bundles whose root list is `emoticons.plist` as `[{groupName, directory}]`, kept in
/// `Contents/Resources/` beside an Apple `Contents/Info.plist`.
struct GroupListLayoutTests {
    @Test func groupsGiveTabOrderAndTitlesAndTheRecentsGroupIsNoPack() throws {
        // Fails on the old reader: "Emoticons.bundle/Contents/Info.plist: expected array at root".
        let result = try LayoutFixtures.read("Groups/Emoticons.bundle")
        #expect(result.packs.map(\.folderName) == ["lxh", "default"])
        #expect(result.packs.map { $0.title(locale: .cn) } == ["浪小花", "默认"])
        #expect(result.packs.map { $0.entries.map(\.text) } == [["[好爱哦]"], ["[哈哈]", "[爱你]"]])
        #expect(result.packs[1].entries.map(\.imageFiles) == [["d_haha.png"], ["d_aini.png"]])
        #expect(result.packs.allSatisfy { !$0.displayOnly })
        #expect(
            result.notes.map(\.description) == [
                "Resources/emoticons.plist: read as a list of groups ({groupName, directory}): tabs in its order, titled by groupName; "
                    + "group 0 (\"最近\") without a directory: the app's recents tab, filled as the app is used, not a pack"
            ])
        #expect(result.warnings.isEmpty)
    }

    @Test func anAppleInfoPlistIsNeverAPacksPlist() throws {
        // A bundle without Contents/Resources: its Contents folder is no pack, and says why.
        let bundle = Fixtures.temporaryDirectory().appendingPathComponent("Plain.bundle")
        try Fixtures.copy(LayoutFixtures.url("Groups/Emoticons.bundle/Contents/Info.plist"), to: bundle.appendingPathComponent("Contents/Info.plist"))
        try Fixtures.copy(LayoutFixtures.url("Groups/Emoticons.bundle/Contents/Resources/default"), to: bundle.appendingPathComponent("default"))
        let result = try PackReader().read([bundle])
        #expect(result.packs.map(\.folderName) == ["default"])
        #expect(
            result.warnings.map(\.description) == [
                "Plain.bundle/Contents: skipped, not a pack: no pack file emokit reads (it holds \"Info.plist\"); emokit validate on it alone lists the layouts tried"
            ])
    }

    @Test func aDirectoryNamingNoFolderIsAnErrorNamingTheGroup() throws {
        let bundle = try LayoutFixtures.copy("Groups/Emoticons.bundle")
        try FileManager.default.removeItem(at: bundle.appendingPathComponent("Contents/Resources/lxh"))
        #expect(LayoutFixtures.errors(bundle.path) == ["Resources/emoticons.plist: entry 1 (\"浪小花\"): directory: no pack folder \"lxh\""])
    }
}
