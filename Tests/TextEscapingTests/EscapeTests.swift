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

    /// Every scalar a CSS parser reads as its own but Swift joins to the `/` (or `"`) before it:
    /// each combining mark (Mn, Mc, Me), every other grapheme extender (ZWJ, variation selectors,
    /// emoji modifiers, Hangul vowels and finals), every canonical combining class. After escaping,
    /// a CSS comment is never closed and a CSS string never ended early.
    @Test func cssCommentsAndStringsHoldEveryCombiningMarkClass() {
        var marks: [Unicode.Scalar] = []
        var classes: Set<Int> = []
        for value in 0...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let p = scalar.properties
            let isMark = [.nonspacingMark, .spacingMark, .enclosingMark].contains(p.generalCategory)
            if isMark || p.isGraphemeExtend || p.canonicalCombiningClass.rawValue != 0 || p.isEmojiModifier
                || (0x1160...0x11FF).contains(value)
            {
                marks.append(scalar)
                classes.insert(Int(p.canonicalCombiningClass.rawValue))
            }
        }
        #expect(marks.count > 2_000 && classes.count > 50)
        for mark in marks {
            let text = "a*/" + String(mark) + " body { color: red } /*"
            let comment = Escape.cssComment(text)
            #expect(
                !comment.unicodeScalars.indices.contains { i in
                    comment.unicodeScalars[i] == "*" && comment.unicodeScalars.index(after: i) < comment.unicodeScalars.endIndex
                        && comment.unicodeScalars[comment.unicodeScalars.index(after: i)] == "/"
                }, "U+\(String(mark.value, radix: 16))")
            let string = Escape.cssString("a\"" + String(mark) + "\\" + String(mark) + "\n" + String(mark))
            let scalars = Array(string.unicodeScalars)
            // Every `"` is escaped: preceded by an odd run of backslashes.
            for (i, s) in scalars.enumerated() where s == "\"" {
                let run = scalars[..<i].reversed().prefix { $0 == "\\" }.count
                #expect(run % 2 == 1, "U+\(String(mark.value, radix: 16))")
            }
            #expect(!string.unicodeScalars.contains("\n"))
        }
    }
}
