import Foundation
import PropertyLists
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
        let data = Data(text.utf8)
        let layout = try #require(XMLPlistRootArray(data))
        #expect(layout.ranges.count == count)
        return String(decoding: XMLPlistText.edit(data, at: layout, removing: removing, appending: appending), as: UTF8.self)
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
            <dict><key>chs</key><string>[&lt;b>]</string></dict></array></plist>
            """
        let new = try Self.edit(old, count: 2, removing: [0])
        #expect(try Self.values(new).map { $0["chs"] } == ["[<b>]", "[d_666]"])
        #expect(new.hasPrefix("<plist><array><!-- <dict> in a comment --><dict><key>chs</key><string>[&lt;b>]</string></dict>"))
    }

    @Test func anEmptyArrayGetsItsFirstEntries() throws {
        let new = try Self.edit("<plist version=\"1.0\">\n<array/>\n</plist>\n", count: 0)
        #expect(try Self.values(new).map { $0["png"] } == ["d_666.png"])
    }

    /// Positions come only from the reader that counts the entries: XML it does not read item by
    /// item (unclosed, CDATA, a comment with `--` inside) gives none, so nothing is edited.
    @Test func xmlTheReaderDoesNotFollowHasNoPositions() {
        for text in [
            "<plist><array><dict>", "<plist><array><dict><key>chs</key><string><![CDATA[a]]></string></dict></array></plist>",
            "<plist><array><!-- a -- b --></array></plist>", "<plist><dict/></plist>",
        ] {
            #expect(XMLPlistRootArray(Data(text.utf8)) == nil, "\(text)")
        }
    }

    /// `<!-->` opens a comment whose text starts with `>`: what follows up to `-->` is no entry.
    @Test func aCommentOpenedWithAnAngleBracketHidesWhatItHolds() throws {
        let old = "<plist><array>\n<!--> <dict/> </array> -->\n<dict><key>chs</key><string>[a]</string></dict>\n</array></plist>"
        let new = try Self.edit(old, count: 1, removing: [0])
        #expect(new.hasPrefix("<plist><array>\n<!--> <dict/> </array> -->\n"))
        #expect(try Self.values(new).map { $0["chs"] } == ["[d_666]"])
    }
}
