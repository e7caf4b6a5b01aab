import Foundation
import Testing

@testable import PackAuthoring

/// `init --update` edits an XML plist as text: whatever the file's indentation, line endings and
/// comments, the bytes outside the edit are the old ones and the result reads as a plist.
struct XMLPlistTextTests {
    static let entry = PackStarter.Entry(name: "d_666", png: "d_666.png", gif: nil, scales: [1])

    static func values(_ text: String) throws -> [[String: String]] {
        try #require(try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) as? [[String: String]])
    }

    static func edit(_ text: String, count: Int, removing: Set<Int> = [], appending: [PackStarter.Entry] = [entry]) throws -> String {
        String(decoding: try XMLPlistText.edit(Data(text.utf8), count: count, removing: removing, appending: appending, display: "p/info.plist"), as: UTF8.self)
    }

    @Test func spacesAndCRLFAreKept() throws {
        let old = "<?xml version=\"1.0\"?>\r\n<plist version=\"1.0\">\r\n<array>\r\n  <dict>\r\n    <key>chs</key>\r\n    <string>[a]</string>\r\n  </dict>\r\n</array>\r\n</plist>\r\n"
        let new = try Self.edit(old, count: 1)
        let added =
            "  <dict>\r\n    <key>chs</key>\r\n    <string>[d_666]</string>\r\n    <key>png</key>\r\n    <string>d_666.png</string>\r\n"
            + "    <key>type</key>\r\n    <string>0</string>\r\n  </dict>\r\n"
        #expect(new == old.replacingOccurrences(of: "</array>", with: added + "</array>"))
        #expect(try Self.values(new).map { $0["chs"] } == ["[a]", "[d_666]"])
    }

    @Test func commentsAndNestedValuesAreFollowed() throws {
        let old = """
            <plist><array><!-- <dict> in a comment --><dict><key>chs</key><string>[a]</string><key>x</key><array><string>1</string></array></dict>
            <dict><key>chs</key><string><![CDATA[[<b>]]]></string></dict></array></plist>
            """
        let new = try Self.edit(old, count: 2, removing: [0])
        #expect(try Self.values(new).map { $0["chs"] } == ["[<b>]", "[d_666]"])
        #expect(new.hasPrefix("<plist><array><!-- <dict> in a comment --><dict><key>chs</key><string><![CDATA[[<b>]]]></string></dict>"))
    }

    @Test func anEmptyArrayGetsItsFirstEntries() throws {
        let new = try Self.edit("<plist version=\"1.0\">\n<array/>\n</plist>\n", count: 0)
        #expect(try Self.values(new).map { $0["png"] } == ["d_666.png"])
    }

    @Test func aFileNotFollowedIsRefused() {
        #expect(throws: PackStarterError.self) { try Self.edit("<plist><array><dict>", count: 1) }
        // The count the reader saw must match the elements found in the text.
        #expect(throws: PackStarterError.self) { try Self.edit("<plist><array><dict/></array></plist>", count: 2) }
    }
}
