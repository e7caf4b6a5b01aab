import Foundation
import Testing

@testable import EmoticonPacks

/// An XML map is checked whole but only what its layout reads is kept: 9.5 MB of
/// attribute-heavy elements once took about 150 MiB, every attribute, element and run of white
/// space kept as strings (the docs promise about the file's size).
struct PackXMLSelectionTests {
    static let kde = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <messaging-emoticon-map version="1" a="&amp;">
            <!-- a comment -->
            <junk x="1" y="2"><string>not read</string></junk>
            <emoticon file="smile" a="1" b="2" c="&#x41;">
                <string>:)</string>
                <other k="v"/>
                <string><![CDATA[:-)]]></string>
            </emoticon>
        </messaging-emoticon-map>
        """#

    @Test func onlyWhatTheLayoutReadsIsKept() throws {
        let root = try PackXML.parse(Data(Self.kde.utf8), keeping: KDEEmoticonsLayout.read)
        #expect(root.name == "messaging-emoticon-map" && root.attributes.isEmpty && root.text.isEmpty)
        #expect(root.children.map(\.name) == ["emoticon"])
        let emoticon = root.children[0]
        #expect(emoticon.attributes.map(\.name) == ["file"] && emoticon.attribute("file") == "smile" && emoticon.text.isEmpty)
        #expect(emoticon.children.map(\.name) == ["string", "string"])
        #expect(emoticon.children.map(\.trimmedText) == [":)", ":-)"])
    }

    /// What is dropped is still checked: a bad entity or a mismatched tag anywhere refuses the file.
    @Test func whatIsDroppedIsStillChecked() {
        for (bad, reason) in [
            (#"<junk x="&nope;"/>"#, "unknown entity &nope;"), ("<junk>&nope;</junk>", "unknown entity &nope;"), ("<junk></junky>", "is closed by </junky>"),
            (#"<junk x="a<b"/>"#, "'<' inside attribute x"), ("<junk><!DOCTYPE x></junk>", "a declaration inside an element"),
        ] {
            let xml = "<messaging-emoticon-map>\n\(bad)\n</messaging-emoticon-map>"
            #expect(throws: PackXML.Failure.self) { _ = try PackXML.parse(Data(xml.utf8), keeping: KDEEmoticonsLayout.read) }
            do { _ = try PackXML.parse(Data(xml.utf8), keeping: KDEEmoticonsLayout.read) } catch {
                #expect(error.line == 2 && error.reason.contains(reason), "\(error.message)")
            }
        }
        #expect(throws: PackXML.Failure.self) { _ = try PackXML.parse(Data([0x3C, 0x61, 0x3E, 0xFF, 0x3C, 0x2F, 0x61, 0x3E]), keeping: .text) }
    }

    /// A set's beans are found however deep they are wrapped; wrappers holding none are dropped.
    @Test func wrappedBeansAreFoundAndEmptyWrappersDropped() throws {
        let xml = """
            <EmoticonSet><name>set</name><empty><deeper a="1"/></empty>
            <group><EmoticonBean><iconUri>a.png</iconUri><content>[a]</content><eventType>1</eventType></EmoticonBean></group>
            <EmoticonBean><iconUri>b.png</iconUri><content>[b]</content></EmoticonBean></EmoticonSet>
            """
        let root = try PackXML.parse(Data(xml.utf8), keeping: XhsLayout.read)
        #expect(root.children.map(\.name) == ["name", "group", "EmoticonBean"])
        #expect(root.children[1].children.first?.children.map(\.name) == ["iconUri", "content"])
    }

    /// A plist's keys are kept in order with their values by name only, so keys pair with values.
    @Test func aPlistKeepsItsKeysPairedWithItsValues() throws {
        let xml = """
            <plist><dict><key>AdiumSetVersion</key><integer>1</integer><key>Emoticons</key><dict>
            <key>b.png</key><dict><key>Equivalents</key><array><string>:)</string></array></dict>
            <key>a.png</key><dict/></dict></dict></plist>
            """
        #expect(AdiumLayout.xmlKeyOrder(Data(xml.utf8), of: "Emoticons") == ["b.png", "a.png"])
        let root = try PackXML.parse(Data(xml.utf8), keeping: AdiumLayout.keyOrder)
        let emoticons = try #require(root.children.first?.children.last)
        #expect(emoticons.children.map(\.name) == ["key", "dict", "key", "dict"] && emoticons.children[1].children.isEmpty)
    }
}
