import EmoticonPacks
import Testing

/// Messages about packs quote the values they name on one line.
struct PackErrorTests {
    @Test func messagesQuoteValuesOnOneLine() {
        let error = PackError.entry(path: "p/info.plist", index: 0, key: "chs", text: "a\nb\"\u{2028}\u{7}", reason: "r")
        #expect(error.description == #"p/info.plist: entry 0 ("a\nb\"\u{2028}\u{7}"): chs: r"#)
    }
}
