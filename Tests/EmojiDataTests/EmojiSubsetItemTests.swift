import EmojiData
import Testing

/// Items of `--emoji-exclude`: an emoji or its hex code points, compared without variation
/// selectors and skin tones.
struct EmojiSubsetItemTests {
    @Test func emojiAndCodePointsNameTheSameKey() {
        #expect(EmojiSubset.parseItem("🇹🇼") == "🇹🇼")
        #expect(EmojiSubset.parseItem("1F1F9 1F1FC") == "🇹🇼")
        #expect(EmojiSubset.parseItem(" U+1F1F9 u+1f1fc ") == "🇹🇼")
        #expect(EmojiSubset.parseItem("🏳️") == EmojiSubset.parseItem("1F3F3"))
        #expect(EmojiSubset.parseItem("👍🏽") == "👍")
    }

    @Test(arguments: ["", "flag", "1F1F9,1F1FC", "110000", "🇹🇼 🇯🇵", "G1F600"])
    func otherItemsAreRefused(item: String) {
        #expect(EmojiSubset.parseItem(item) == nil)
    }
}
