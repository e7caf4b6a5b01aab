import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// Every link that leaves a pack is refused by name, the same way everywhere (issue 26): YYKit's
/// `additional/` folders, a pack's `icon.png` and `delete.png`, a plain folder's images, an
/// entry's `gif`. None is followed, dropped silently or reported as missing.
struct PackLinkTests {
    static func link(_ at: URL, to target: URL) throws {
        try FileManager.default.createSymbolicLink(at: at, withDestinationURL: target)
    }

    static func errors(_ inputs: [URL], strict: Bool = false) -> [String] {
        PackReader(strict: strict).survey(inputs).errors.map(\.description)
    }

    /// `additional/` (or one of its groups) linked outside the bundle was followed and its
    /// emoticons published without a word.
    @Test func yykitAdditionalFoldersLinkedOutsideAreRefused() throws {
        let root = Fixtures.temporaryDirectory()
        let bundle = root.appendingPathComponent("Bundle.bundle")
        try WeiboPackFixtures.onePack(bundle, "com.sina.default", yykitID: "com.sina.default")
        try WeiboPackFixtures.onePack(bundle, "com.sina.other", yykitID: "com.sina.other")
        let elsewhere = root.appendingPathComponent("elsewhere")
        try WeiboPackFixtures.onePack(elsewhere, "com.sina.default")
        let additional = bundle.appendingPathComponent("additional")
        try FileManager.default.createDirectory(at: additional, withIntermediateDirectories: true)
        try Self.link(additional.appendingPathComponent("com.sina.default"), to: elsewhere.appendingPathComponent("com.sina.default"))
        let survey = PackReader().survey([bundle])
        #expect(survey.errors.map(\.description) == ["Bundle.bundle/additional/com.sina.default: links outside the packs (to \(elsewhere.path)/com.sina.default); refusing to read it"])
        #expect(survey.packs.first?.entries.count == 1)

        // The whole additional folder linked away.
        try FileManager.default.removeItem(at: additional)
        try FileManager.default.createDirectory(at: elsewhere.appendingPathComponent("DisplayOnly"), withIntermediateDirectories: true)
        try Self.link(additional, to: elsewhere)
        #expect(Self.errors([bundle]) == ["Bundle.bundle/additional: links outside the packs (to \(elsewhere.path)); refusing to read it"])

        // A display-only group linked away.
        try FileManager.default.removeItem(at: additional)
        try FileManager.default.createDirectory(at: additional.appendingPathComponent("DisplayOnly"), withIntermediateDirectories: true)
        try Self.link(additional.appendingPathComponent("DisplayOnly/away"), to: elsewhere.appendingPathComponent("com.sina.default"))
        #expect(Self.errors([bundle]) == ["Bundle.bundle/additional/DisplayOnly/away: links outside the packs (to \(elsewhere.path)/com.sina.default); refusing to read it"])
    }

    /// An `icon.png` (or `delete.png`) linking outside the pack was dropped silently, even with
    /// `--strict`, and the tab showed its first emoticon instead.
    @Test func iconAndDeleteLinkedOutsideAreRefused() throws {
        let root = Fixtures.temporaryDirectory()
        let pack = try WeiboPackFixtures.onePack(root, "faces")
        let secret = root.appendingPathComponent("secret.png")
        try FileManager.default.copyItem(at: WeiboPackFixtures.sampleImage, to: secret)
        try Self.link(pack.appendingPathComponent("icon@2x.png"), to: secret)
        #expect(Self.errors([pack]) == ["faces/icon@2x.png: links outside the packs (to \(secret.path)); refusing to read it"])
        try FileManager.default.removeItem(at: pack.appendingPathComponent("icon@2x.png"))
        try Self.link(pack.appendingPathComponent("delete.png"), to: secret)
        #expect(Self.errors([pack]) == ["faces/delete.png: links outside the packs (to \(secret.path)); refusing to read it"])

        // Inside the pack, both are the pack's own.
        try FileManager.default.removeItem(at: pack.appendingPathComponent("delete.png"))
        try FileManager.default.copyItem(at: secret, to: pack.appendingPathComponent("icon.png"))
        let read = try PackReader(strict: true).read([pack])
        #expect(read.packs[0].tabIcon?.variants.map(\.fileName) == ["icon.png"])
    }

    /// A plain folder's `d.png` linking to `/dev/zero` was reported as "file not found".
    @Test func plainFolderImageLinkedOutsideIsRefusedByName() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("plain")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: WeiboPackFixtures.sampleImage, to: folder.appendingPathComponent("a.png"))
        try Self.link(folder.appendingPathComponent("d.png"), to: URL(fileURLWithPath: "/dev/zero"))
        #expect(Self.errors([folder]) == [#"plain/: entry 1 ("[d]"): [d]: unsafe path "d.png": it links outside the pack folder (to /dev/zero); refusing to read it"#])
    }

    /// An entry's `gif` linking outside was taken as absent (the png shown, no word).
    @Test func gifLinkedOutsideIsRefused() throws {
        let root = Fixtures.temporaryDirectory()
        let pack = root.appendingPathComponent("faces")
        try WeiboPackFixtures.makePack(pack, entries: [["chs": "[a]", "png": "a.png", "gif": "a.gif", "type": "0"]], images: ["a.png"])
        try Self.link(pack.appendingPathComponent("a.gif"), to: URL(fileURLWithPath: "/dev/zero"))
        #expect(Self.errors([pack]) == [#"faces/info.plist: entry 0 ("[a]"): gif: unsafe path "a.gif": it links outside the pack folder (to /dev/zero); refusing to read it"#])
    }

    /// A text-to-image map linked outside the pack was passed over as if absent: the folder was
    /// read as plain images (or, in a folder of packs, skipped as "not a pack").
    @Test func aTextMapLinkedOutsideIsRefusedNotPassedOver() throws {
        let root = Fixtures.temporaryDirectory()
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: ["[smile]": "a"], format: .xml, options: 0).write(to: elsewhere.appendingPathComponent("M2.plist"))
        let pack = root.appendingPathComponent("packs/l5")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: WeiboPackFixtures.sampleImage, to: pack.appendingPathComponent("a.png"))
        try Self.link(pack.appendingPathComponent("M2.plist"), to: elsewhere.appendingPathComponent("M2.plist"))
        for input in [pack, pack.deletingLastPathComponent()] {
            let errors = Self.errors([input])
            #expect(errors.count == 1 && errors[0].contains("M2.plist: links outside the pack"), "\(errors)")
        }
    }
}
