import Testing
import TextEscaping

/// The escapers share one loop (`Escaper.escape`); each keeps its own table, checked here
/// against hand-written expectations for every character class it must handle.
struct EscapeTests {
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

    @Test func messageQuotesValuesOnOneLine() {
        #expect(Escape.message("a\nb\"\u{2028}\u{7}\t\r") == #""a\nb\"\u{2028}\u{7}\t\r""#)
    }

    /// A long value is quoted shortened, with its length (a 10 MB chs made 10 MB messages).
    @Test func messageShortensLongValues() {
        let long = String(repeating: "哈", count: 10_000)
        #expect(Escape.message(long) == "\"" + String(repeating: "哈", count: 100) + "…\" (10000 characters)")
        let atLimit = String(repeating: "a", count: Escape.messageQuoteLimit)
        #expect(Escape.message(atLimit) == "\"\(atLimit)\"")
    }

    /// A whole line for the terminal: control characters, line breaks and bidi overrides escaped.
    @Test func terminalEscapesWhatCouldRewriteTheScreen() {
        #expect(Escape.terminal("a\u{1b}[2J\r\nb\t\u{7}\u{202e}c\u{9b}") == #"a\u{1b}[2J\r\nb\t\u{7}\u{202e}c\u{9b}"#)
        #expect(Escape.terminal("faces/哈哈 \"ok\"") == "faces/哈哈 \"ok\"")
    }

    @Test func xmlTextEscapesAmpersandAndAngleBrackets() {
        #expect(Escape.xmlText("<a & b>\"'") == "&lt;a &amp; b&gt;\"'")
    }

    @Test func cssAndChecksumNamesEscapeAsBefore() {
        #expect(Escape.cssString("a\\b\"c\nd") == #"a\\b\"c\a d"#)
        #expect(Escape.cssComment("a*/b\nc") == "a* /b c")
        #expect(Escape.sha256sumName("a\\b\nc") == #"a\\b\nc"#)
        // Foundation's matching, as the writers had it: a `\` that a combining accent follows is kept.
        let accented = "a\\" + "\u{301}"
        #expect(Escape.sha256sumName(accented) == accented)
    }
}
