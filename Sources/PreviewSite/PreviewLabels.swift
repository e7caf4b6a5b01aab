/// Every word the preview pages show or say, in the run's locale: the page's `lang` and its
/// labels come from `--locale` (`cn` → `zh-Hans`, `tw` → `zh-Hant`, `en` → `en`), so a Chinese
/// keyboard is previewed in Chinese throughout, not in English beside "搜索表情". The HTML
/// template reads them as `label*` values; `preview.js` reads the same table from the page
/// (`#emokit-labels`), so there is one table.
public enum PreviewLabels {
    /// The BCP 47 tag of a keyboard locale (`cn`, `tw`, `en`); `zh-Hans` for none (the default locale).
    public static func language(locale: String?) -> String {
        switch locale {
        case "tw": return "zh-Hant"
        case "en": return "en"
        default: return "zh-Hans"
        }
    }

    /// The labels of `language` (one of `language(locale:)`'s tags). `%d`/`%s` are filled in
    /// by the page.
    public static func labels(language: String) -> [(key: String, text: String)] {
        switch language {
        case "zh-Hant": return traditional
        case "en": return english
        default: return simplified
        }
    }

    static let english: [(key: String, text: String)] = [
        ("allTabs", "← All tabs"), ("pageTitle", "%d pt preview"), ("screenWidth", "Screen width"), ("sheets", "%d pt sheets"),
        ("emoticon", "emoticon"), ("emoticons", "emoticons"), ("messages", "Messages"), ("placeholder", "Comments"),
        ("message", "Message"), ("send", "Send"), ("recent", "Recent"), ("pages", "Emoticon pages"), ("page", "Page %d"),
        ("delete", "Delete"), ("systemKeyboard", "System keyboard (placeholder)"), ("toSystem", "Switch to system keyboard"),
        ("toEmoticons", "Switch to emoticon keyboard"), ("search", "Search emoji"), ("none", "No emoji found"),
        ("results", "Search results"), ("noRecent", "Emoticons you use appear here."), ("noEntries", "This pack has no emoticons."),
    ]
    static let simplified: [(key: String, text: String)] = [
        ("allTabs", "← 全部表情"), ("pageTitle", "%d pt 预览"), ("screenWidth", "屏幕宽度"), ("sheets", "%d pt 表情图"),
        ("emoticon", "个表情"), ("emoticons", "个表情"), ("messages", "消息"), ("placeholder", "说点什么…"),
        ("message", "消息"), ("send", "发送"), ("recent", "最近使用"), ("pages", "表情页"), ("page", "第 %d 页"),
        ("delete", "删除"), ("systemKeyboard", "系统键盘（示意）"), ("toSystem", "切换到系统键盘"),
        ("toEmoticons", "切换到表情键盘"), ("search", "搜索表情"), ("none", "没有找到表情"),
        ("results", "搜索结果"), ("noRecent", "用过的表情会出现在这里。"), ("noEntries", "这个表情包没有表情。"),
    ]
    static let traditional: [(key: String, text: String)] = [
        ("allTabs", "← 全部表情"), ("pageTitle", "%d pt 預覽"), ("screenWidth", "螢幕寬度"), ("sheets", "%d pt 表情圖"),
        ("emoticon", "個表情"), ("emoticons", "個表情"), ("messages", "訊息"), ("placeholder", "說點什麼…"),
        ("message", "訊息"), ("send", "傳送"), ("recent", "最近使用"), ("pages", "表情頁"), ("page", "第 %d 頁"),
        ("delete", "刪除"), ("systemKeyboard", "系統鍵盤（示意）"), ("toSystem", "切換到系統鍵盤"),
        ("toEmoticons", "切換到表情鍵盤"), ("search", "搜尋表情"), ("none", "找不到表情"),
        ("results", "搜尋結果"), ("noRecent", "用過的表情會出現在這裡。"), ("noEntries", "這個表情包沒有表情。"),
    ]

    /// The labels as one JSON object, for the page's `#emokit-labels` script.
    static func json(language: String) -> String {
        let pairs = labels(language: language).map { "\(quote($0.key)):\(quote($0.text))" }
        return "{" + pairs.joined(separator: ",") + "}"
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
