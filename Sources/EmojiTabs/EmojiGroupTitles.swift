import EmoticonPacks

/// The emoji keyboard's tab titles and tab icons per Unicode emoji group. CLDR's character
/// labels group emoji differently (`smileys_people`), so the titles are emokit's own, in the
/// words the system keyboards use; groups a newer emoji-test.txt adds keep their English name.
package enum EmojiGroupTitles {
    /// Group name in emoji-test.txt → titles by keyboard locale.
    package static let titles: [String: [TitleLocale: String]] = [
        "Smileys & Emotion": [.cn: "笑脸与情感", .tw: "笑臉與情緒", .en: "Smileys & Emotion"],
        "People & Body": [.cn: "人物与身体", .tw: "人物與身體", .en: "People & Body"],
        "Animals & Nature": [.cn: "动物与自然", .tw: "動物與自然", .en: "Animals & Nature"],
        "Food & Drink": [.cn: "食物与饮料", .tw: "食物與飲料", .en: "Food & Drink"],
        "Travel & Places": [.cn: "旅行与地点", .tw: "旅遊與地點", .en: "Travel & Places"],
        "Activities": [.cn: "活动", .tw: "活動", .en: "Activities"],
        "Objects": [.cn: "物品", .tw: "物品", .en: "Objects"],
        "Symbols": [.cn: "符号", .tw: "符號", .en: "Symbols"],
        "Flags": [.cn: "旗帜", .tw: "旗幟", .en: "Flags"],
    ]

    /// The emoji that stands for each group in the tab bar (the first drawable emoji of the group
    /// when this one is missing or cannot be drawn).
    package static let icons: [String: String] = [
        "Smileys & Emotion": "😀", "People & Body": "👋", "Animals & Nature": "🐻", "Food & Drink": "🍔",
        "Travel & Places": "🚗", "Activities": "⚽", "Objects": "💡", "Symbols": "🔣", "Flags": "🏳\u{FE0F}",
    ]

    package static func titles(for group: String) -> [TitleLocale: String] {
        titles[group] ?? [.cn: group, .tw: group, .en: group]
    }

    /// `Smileys & Emotion` → `emoji-smileys-emotion`: a tab id safe as a path component.
    package static func tabID(for group: String) -> String {
        var words: [String] = []
        var current = ""
        for scalar in group.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return (["emoji"] + words).joined(separator: "-")
    }
}
