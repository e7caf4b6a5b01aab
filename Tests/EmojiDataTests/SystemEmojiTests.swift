import EmojiData
import Testing

/// `--system-emoji`'s values: an Emoji version or a system named in the table of Emoji.md.
struct SystemEmojiTests {
    @Test func systemsMapToTheEmojiVersionTheyDrawInFull() {
        #expect(SystemEmoji.emojiVersion(for: "ios16") == "14.0")  // 15.0 came in iOS 16.4
        #expect(SystemEmoji.emojiVersion(for: "iOS16.4") == "15.0")
        #expect(SystemEmoji.emojiVersion(for: "Android13") == "14.0")
        #expect(SystemEmoji.emojiVersion(for: "android 14") == "15.0")
    }

    @Test func versionsAreReadAsNumbers() {
        #expect(SystemEmoji.emojiVersion(for: "14") == "14.0")
        #expect(SystemEmoji.emojiVersion(for: "12.1") == "12.1")
        #expect(EmojiVersion("5.0")! < EmojiVersion("12.0")!)
        #expect(EmojiVersion("0.6")! < EmojiVersion("1.0")!)
        #expect(EmojiVersion("14.0")! == EmojiVersion("14")!)
    }

    @Test(arguments: ["ios99", "windows11", "", "1.2.3", "-1", "+5", "14.x", "1e3"])
    func otherValuesAreRefused(value: String) {
        #expect(SystemEmoji.emojiVersion(for: value) == nil)
    }

    /// Every system of the table names a version the table can compare, and later releases never
    /// draw fewer emoji than earlier ones of the same system.
    @Test func theTableIsOrderedPerSystem() {
        for prefix in ["ios", "android"] {
            let versions = SystemEmoji.versions.filter { $0.system.hasPrefix(prefix) }.map { EmojiVersion($0.emoji)! }
            #expect(versions == versions.sorted())
        }
    }
}
