import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// Texts from a pack are capped and quoted shortened (issue 26): one 10 MB `chs` took 124 MiB
/// and every warning about it printed all 10 MB on one line; a 10 MB plist with CDATA went to
/// Foundation's parser (154 MiB).
struct TextLimitTests {
    static func pack(_ entries: Any, in dir: URL, name: String = "faces") throws -> URL {
        let pack = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: WeiboPackFixtures.sampleImage, to: pack.appendingPathComponent("a.png"))
        try PropertyListSerialization.data(fromPropertyList: entries, format: .binary, options: 0).write(to: pack.appendingPathComponent("info.plist"))
        return pack
    }

    @Test func aLongChsIsRefusedAndQuotedShortened() throws {
        let chs = "[" + String(repeating: "x", count: 2_000_000) + "]"
        let pack = try Self.pack([["chs": chs, "png": "a.png", "type": "0", "chx": "typo"]], in: Fixtures.temporaryDirectory())
        let survey = PackReader().survey([pack])
        let errors = survey.errors.map(\.description)
        let start = "[" + String(repeating: "x", count: 99) + "…"
        #expect(errors == [#"faces/info.plist: entry 0: chs: 2000002 characters long; the limit is 1000 (it starts "\#(start)" (2000002 characters))"#])
        // The warning about the same entry does not name the whole text either.
        #expect(survey.warnings.map(\.description).allSatisfy { $0.utf8.count < 400 }, "\(survey.warnings.map(\.description.utf8.count))")
        #expect(survey.warnings.count == 1)
        // At the cap, read.
        let ok = "[" + String(repeating: "y", count: TextLimits.entryText - 2) + "]"
        let fine = try Self.pack([["chs": ok, "png": "a.png", "type": "0"]], in: Fixtures.temporaryDirectory())
        #expect(try PackReader().read([fine]).packs[0].entries[0].text == ok)
    }

    @Test func aLongTitleOrEmojiIsRefused() throws {
        let dir = Fixtures.temporaryDirectory()
        let title = String(repeating: "t", count: 5_000)
        let group = try Self.pack(["id": "g", "group_name_cn": title, "emoticons": [["chs": "[a]", "png": "a.png", "type": "0"]]], in: dir, name: "group")
        let start = String(repeating: "t", count: 100) + "…"
        #expect(PackReader().survey([group]).errors.map(\.description) == [#"group/info.plist: group_name_cn: 5000 characters long; the limit is 200 (it starts "\#(start)" (5000 characters))"#])
        let emoji = dir.appendingPathComponent("emoji")
        try FileManager.default.createDirectory(at: emoji, withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: [String(repeating: "😀", count: 1_001)], format: .xml, options: 0)
            .write(to: emoji.appendingPathComponent("Emoji.plist"))
        #expect(PackReader().survey([emoji]).errors.first?.description.hasPrefix("emoji/Emoji.plist: entry 0: item: 1001 characters long; the limit is 1000") == true)
    }

    /// XML that only Foundation reads (CDATA) is read up to 1 MB, refused past it before parsing.
    @Test func foundationReadsOnlySmallPlists() throws {
        let dir = Fixtures.temporaryDirectory()
        func cdataPack(_ name: String, padding: Int) throws -> URL {
            let pack = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: WeiboPackFixtures.sampleImage, to: pack.appendingPathComponent("a.png"))
            let xml =
                #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array><dict><key>chs</key><string><![CDATA[[a]]]></string>"#
                + #"<key>png</key><string>a.png</string><key>type</key><string>0</string></dict></array>"# + String(repeating: " ", count: padding)
                + "</plist>"
            try Data(xml.utf8).write(to: pack.appendingPathComponent("info.plist"))
            return pack
        }
        #expect(try PackReader().read([try cdataPack("small", padding: 10)]).packs[0].entries[0].text == "[a]")
        let big = try cdataPack("big", padding: 2 * 1024 * 1024)
        #expect(PackReader().survey([big]).errors.first?.description.hasPrefix("big/info.plist: not a valid property list (it uses XML that emokit reads only in files up to 1.0 MB (CDATA") == true)
    }
}
