import EmoticonPackModel
import Testing

/// Messages about packs quote the values they name on one line.
struct PackErrorTests {
    @Test func messagesQuoteValuesOnOneLine() {
        let error = PackError.entry(path: "p/info.plist", index: 0, key: "chs", text: "a\nb\"\u{2028}\u{7}", reason: "r")
        #expect(error.description == #"p/info.plist: entry 0 ("a\nb\"\u{2028}\u{7}"): chs: r"#)
    }

    /// An entry is named by its text without Weibo's brackets; text that is only brackets, or
    /// has none, is its own name.
    @Test func bareNamesDropWeibosBrackets() {
        #expect(Entry.bareName("[哈哈]") == "哈哈")
        #expect(Entry.bareName("[]") == "[]")
        #expect(Entry.bareName("[a") == "[a")
        #expect(Entry.bareName("smile") == "smile")
    }
}
