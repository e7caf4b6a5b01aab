/// Every word the preview pages and the web runtime's keyboard show or say, in one table: the
/// preview's HTML template reads them as `label*` values, `preview.js` from the page
/// (`#emokit-labels`), `web/demo.html` its two, and the runtime (`Templates/emoticons.js`) gets
/// its `LABELS` written from here (`runtimeTable`), so a word is changed in one place.
///
/// The language is the run's locale: `--locale` `cn` → `zh-Hans`, `tw` → `zh-Hant`, `en` → `en`,
/// so a Chinese keyboard is previewed in Chinese throughout, not in English beside "搜索表情".
public enum PreviewLabels {
    /// The BCP 47 tag of a keyboard locale (`cn`, `tw`, `en`); `zh-Hans` for none (the default locale).
    public static func language(locale: String?) -> String {
        switch locale {
        case "tw": return "zh-Hant"
        case "en": return "en"
        default: return "zh-Hans"
        }
    }

    /// The labels the preview page carries, of `language` (one of `language(locale:)`'s tags), in
    /// the table's order. `%d`/`%s` are filled in by the page. `anyWidth: false` leaves out the
    /// resizable frame's words, which only pages on any-width sheets show (so a per-width site keeps
    /// its bytes).
    public static func labels(language: String, anyWidth: Bool = true) -> [(key: String, text: String)] {
        table.filter { $0.onPage && (anyWidth || !$0.anyWidthOnly) }.map { ($0.key, $0.text(language)) }
    }

    /// One label in every language.
    struct Label {
        let key: String
        let english: String
        let simplified: String
        let traditional: String
        /// In the preview page's table; the rest only in the runtime's (`runtimeKeys`).
        var onPage = true
        /// Shown only by pages on any-width sheets (the resizable frame).
        var anyWidthOnly = false

        init(_ key: String, english: String, simplified: String, traditional: String, onPage: Bool = true, anyWidthOnly: Bool = false) {
            (self.key, self.english, self.simplified, self.traditional) = (key, english, simplified, traditional)
            (self.onPage, self.anyWidthOnly) = (onPage, anyWidthOnly)
        }

        func text(_ language: String) -> String {
            switch language {
            case "zh-Hant": return traditional
            case "en": return english
            default: return simplified
            }
        }
    }

    static let table: [Label] = [
        Label("allTabs", english: "← All tabs", simplified: "← 全部表情", traditional: "← 全部表情"),
        Label("pageTitle", english: "%d pt preview", simplified: "%d pt 预览", traditional: "%d pt 預覽"),
        Label("screenWidth", english: "Screen width", simplified: "屏幕宽度", traditional: "螢幕寬度"),
        Label("sheets", english: "%d pt sheets", simplified: "%d pt 表情图", traditional: "%d pt 表情圖"),
        Label("pageSheets", english: "Page sheets (one for every width)", simplified: "页面表情图（适用于所有宽度）", traditional: "頁面表情圖（適用於所有寬度）", anyWidthOnly: true),
        Label("frameWidth", english: "Keyboard width", simplified: "键盘宽度", traditional: "鍵盤寬度", anyWidthOnly: true),
        Label("points", english: "%d pt", simplified: "%d pt", traditional: "%d pt", anyWidthOnly: true),
        Label("devices", english: "Devices", simplified: "设备", traditional: "裝置", anyWidthOnly: true),
        Label("iPhone", english: "iPhone", simplified: "iPhone", traditional: "iPhone", anyWidthOnly: true),
        Label("landscape", english: "iPhone landscape", simplified: "iPhone 横屏", traditional: "iPhone 橫向", anyWidthOnly: true),
        Label("iPad", english: "iPad", simplified: "iPad", traditional: "iPad", anyWidthOnly: true),
        Label("emoticon", english: "emoticon", simplified: "个表情", traditional: "個表情"),
        Label("emoticons", english: "emoticons", simplified: "个表情", traditional: "個表情"),
        Label("messages", english: "Messages", simplified: "消息", traditional: "訊息"),
        Label("placeholder", english: "Comments", simplified: "说点什么…", traditional: "說點什麼…"),
        Label("message", english: "Message", simplified: "消息", traditional: "訊息"),
        Label("send", english: "Send", simplified: "发送", traditional: "傳送"),
        Label("recent", english: "Recent", simplified: "最近使用", traditional: "最近使用"),
        Label("pages", english: "Emoticon pages", simplified: "表情页", traditional: "表情頁"),
        Label("page", english: "Page %d", simplified: "第 %d 页", traditional: "第 %d 頁"),
        Label("delete", english: "Delete", simplified: "删除", traditional: "刪除"),
        Label("systemKeyboard", english: "System keyboard (placeholder)", simplified: "系统键盘（示意）", traditional: "系統鍵盤（示意）"),
        Label("toSystem", english: "Switch to system keyboard", simplified: "切换到系统键盘", traditional: "切換到系統鍵盤"),
        Label("toEmoticons", english: "Switch to emoticon keyboard", simplified: "切换到表情键盘", traditional: "切換到表情鍵盤"),
        Label("search", english: "Search emoji", simplified: "搜索表情", traditional: "搜尋表情"),
        Label("none", english: "No emoji found", simplified: "没有找到表情", traditional: "沒有找到表情"),
        Label("results", english: "Search results", simplified: "搜索结果", traditional: "搜尋結果"),
        Label("noRecent", english: "Emoticons you use appear here.", simplified: "用过的表情会出现在这里。", traditional: "用過的表情會出現在這裡。"),
        Label("noEntries", english: "This pack has no emoticons.", simplified: "这个表情包没有表情。", traditional: "這個表情包沒有表情。"),
        Label("keyboard", english: "Emoticon keyboard", simplified: "表情键盘", traditional: "表情鍵盤", onPage: false),
        Label("tones", english: "Skin tones", simplified: "肤色", traditional: "膚色", onPage: false),
    ]

    /// The labels as one JSON object, for the page's `#emokit-labels` script.
    static func json(language: String, anyWidth: Bool = true) -> String {
        let pairs = labels(language: language, anyWidth: anyWidth).map { "\(quote($0.key)):\(quote($0.text))" }
        return "{" + pairs.joined(separator: ",") + "}"
    }

    /// The languages of the runtime's table, in its order.
    static let runtimeLanguages = ["zh-Hans", "zh-Hant", "en"]
    /// The keys the runtime's keyboard reads, in the order it has always listed them (two lines
    /// a language), so `web/emoticons.js` keeps its bytes.
    static let runtimeKeys = [
        ["keyboard", "recent", "search", "send", "page", "none", "tones"],
        ["pages", "results", "delete", "noRecent", "noEntries", "toSystem", "toEmoticons"],
    ]

    /// The runtime's `LABELS` object (a JavaScript literal, written where `emoticons.js` has
    /// `PreviewSiteBuilder.runtimeLabelsMarker`): every language, `runtimeKeys` of each. A page may
    /// pass its own labels over these, as the preview does.
    public static var runtimeTable: String {
        let byKey = Dictionary(uniqueKeysWithValues: table.map { ($0.key, $0) })
        let languages = runtimeLanguages.map { language in
            let name = language.contains("-") ? quote(language) : language
            let lines = runtimeKeys.map { keys in keys.map { "\($0): \(quote(byKey[$0]?.text(language) ?? ""))" }.joined(separator: ", ") }
            return "    \(name): { " + lines.joined(separator: ",\n      ") + " },\n"
        }
        return "{\n" + languages.joined() + "  }"
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
