import EmokitText
import EmoticonPacks
import PreviewSite
import Testing

/// The escapers share one loop (`TextEscaping.escape`); each keeps its own table, checked here
/// against hand-written expectations for every character class it must handle.
struct EscapingTests {
    @Test func htmlEscapesTheFiveSpecials() {
        #expect(Escape.html(#"<a href="x">&'哈"#) == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;哈")
    }

    @Test func urlPercentEncodesAllButUnreservedThenEscapesHTML() {
        #expect(Escape.url("../sheets/a b/哈@2x.png") == "../sheets/a%20b/%E5%93%88@2x.png")
        #expect(Escape.url("x&y\"") == "x%26y%22")
    }

    @Test func scriptJSONCannotCloseTheScriptElement() {
        #expect(Escape.scriptJSON("\"</script>&\u{2028}\u{2029}\"") == #""\u003c/script\u003e\u0026\u2028\u2029""#)
    }

    /// It works over UTF-8 bytes: only those five characters change, whatever surrounds them
    /// (other scalars starting with the byte E2, or sharing its next byte, stay as they are).
    @Test func scriptJSONChangesOnlyItsFiveCharacters() {
        #expect(Escape.scriptJSON("") == "")
        #expect(Escape.scriptJSON("[哈哈] \u{2027}\u{202A}\u{2018}—😀") == "[哈哈] \u{2027}\u{202A}\u{2018}—😀")
        #expect(Escape.scriptJSON("<") == #"\u003c"#)
        #expect(Escape.scriptJSON("哈<哈\u{2029}") == #"哈\u003c哈\u2029"#)
        #expect(Escape.scriptJSON("\u{2028}x>") == #"\u2028x\u003e"#)
        #expect(Escape.scriptJSON("a&&b") == #"a\u0026\u0026b"#)
    }

    @Test func jsonStringEscapesQuotesBackslashesAndControls() {
        #expect(Escape.jsonString("a\"b\\c\n\r\t\u{1}哈") == #""a\"b\\c\n\r\t\u0001哈""#)
    }

    @Test func messagesQuoteValuesOnOneLine() {
        let error = PackError.entry(path: "p/info.plist", index: 0, key: "chs", text: "a\nb\"\u{2028}\u{7}", reason: "r")
        #expect(error.description == #"p/info.plist: entry 0 ("a\nb\"\u{2028}\u{7}"): chs: r"#)
    }

    @Test func nearMissSuggestsWithinTwoEdits() {
        #expect(NameSuggestion.closest(to: "widht", among: ["scales", "widths"]) == "widths")
        #expect(NameSuggestion.closest(to: "colour", among: ["widths"]) == nil)
        #expect(NameSuggestion.closest(to: "Widths", among: ["widths"]) == "widths")
        #expect(NameSuggestion.closest(to: "WIDTHS", among: ["widths"]) == nil)
        #expect(NameSuggestion.closest(to: "WIDTHS", among: ["widths"], ignoringCase: true) == "widths")
        #expect(NameSuggestion.closest(to: "wdth", among: ["widths"], maxDistance: 1) == nil)
        #expect(NameSuggestion.editDistance("kitten", "sitting") == 3 && NameSuggestion.editDistance("", "abc") == 3)
    }
}
