import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// XhsEmoticonsKeyboard sets: `<set>/<set>.xml`, `<EmoticonBean>` with `iconUri` and `content`.
struct XhsLayoutTests {
    @Test func readsTheSetsBeansInOrderInsertingTheirContent() throws {
        let result = try LayoutFixtures.read("Xhs")
        let pack = try #require(result.packs.first)
        #expect(result.packs.count == 1 && pack.folderName == "kaomoji" && !pack.displayOnly)
        // The content, not "[1807378345340]"; the file's order, not the names'.
        #expect(pack.entries.map(\.text) == ["我来了", "好的", "晚安"])
        #expect(pack.entries.map(\.imageFiles) == [["1807378345340.gif"], ["1807378345299.gif"], ["1807378345301.gif"]])
        #expect(pack.entries.allSatisfy { $0.isGIF && $0.animation != nil })
        #expect(pack.title(locale: .cn) == "kaomoji")
        #expect(result.notes.map(\.description) == ["Xhs/kaomoji/kaomoji.xml: read as an XhsEmoticonsKeyboard set: 3 emoticons in the map's order"])
        // The set's own grid cannot be kept per tab: one warning says so (the icon is no unused image).
        #expect(
            result.warnings.map(\.description) == [
                "Xhs/kaomoji/kaomoji.xml: the set asks for pages of 2 lines of 4 (line, row); every tab shares the keyboard's grid (rows x columns), so this one does too"
            ])
    }

    @Test func aBeanWithoutContentOrImageIsAnErrorNamingIt() throws {
        let folder = try LayoutFixtures.copy("Xhs/kaomoji")
        let xml = folder.appendingPathComponent("kaomoji.xml")
        let text = try String(contentsOf: xml, encoding: .utf8)
            .replacingOccurrences(of: "<content>好的</content>", with: "")
            .replacingOccurrences(of: "1807378345301.gif", with: "gone.gif")
        try text.write(to: xml, atomically: true, encoding: .utf8)
        #expect(
            LayoutFixtures.errors(folder.path) == [
                "kaomoji/kaomoji.xml: entry 1: content: no text to insert",
                "kaomoji/kaomoji.xml: entry 2 (\"晚安\"): iconUri: file not found: kaomoji/gone.gif (nor an @2x or @3x variant)",
            ])
    }
}
