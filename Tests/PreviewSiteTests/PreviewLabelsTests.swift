import Foundation
import Testing

@testable import PreviewSite

/// The preview's words live in one table (`PreviewLabels`); the web runtime's `LABELS` is written
/// from it into `Templates/emoticons.js`, which holds only a marker.
struct PreviewLabelsTests {
    /// The object `emoticons.js` held literally before the table became its source: the runtime's
    /// bytes did not change when it moved.
    static let formerRuntimeLiteral = """
        {
            "zh-Hans": { keyboard: "表情键盘", recent: "最近使用", search: "搜索表情", send: "发送", page: "第 %d 页", none: "没有找到表情", tones: "肤色",
              pages: "表情页", results: "搜索结果", delete: "删除", noRecent: "用过的表情会出现在这里。", noEntries: "这个表情包没有表情。", toSystem: "切换到系统键盘", toEmoticons: "切换到表情键盘" },
            "zh-Hant": { keyboard: "表情鍵盤", recent: "最近使用", search: "搜尋表情", send: "傳送", page: "第 %d 頁", none: "沒有找到表情", tones: "膚色",
              pages: "表情頁", results: "搜尋結果", delete: "刪除", noRecent: "用過的表情會出現在這裡。", noEntries: "這個表情包沒有表情。", toSystem: "切換到系統鍵盤", toEmoticons: "切換到表情鍵盤" },
            en: { keyboard: "Emoticon keyboard", recent: "Recent", search: "Search emoji", send: "Send", page: "Page %d", none: "No emoji found", tones: "Skin tones",
              pages: "Emoticon pages", results: "Search results", delete: "Delete", noRecent: "Emoticons you use appear here.", noEntries: "This pack has no emoticons.", toSystem: "Switch to system keyboard", toEmoticons: "Switch to emoticon keyboard" },
          }
        """

    @Test func theRuntimesLabelsAreWrittenFromTheTable() {
        #expect(PreviewLabels.runtimeTable == Self.formerRuntimeLiteral)
    }

    @Test func everyKeyTheRuntimeReadsIsInTheTableWithEveryLanguage() {
        let keys = Set(PreviewLabels.table.map(\.key))
        #expect(keys.count == PreviewLabels.table.count, "a key is listed twice")
        for key in PreviewLabels.runtimeKeys.joined() {
            let label = PreviewLabels.table.first { $0.key == key }
            #expect(label != nil, "\(key) is read by the runtime but missing from the table")
            #expect(label.map { [$0.english, $0.simplified, $0.traditional].allSatisfy { !$0.isEmpty } } == true, "\(key)")
        }
    }

    /// The page's own table (its `#emokit-labels` and `label*` values): the table's page rows, in order.
    @Test func thePageCarriesItsRowsInTheTablesOrder() {
        let english = PreviewLabels.labels(language: "en")
        #expect(english.map(\.key) == PreviewLabels.table.filter(\.onPage).map(\.key))
        #expect(english.first { $0.key == "send" }?.text == "Send")
        #expect(PreviewLabels.labels(language: "zh-Hant").first { $0.key == "none" }?.text == "沒有找到表情")
        #expect(!english.contains { $0.key == "keyboard" || $0.key == "tones" })
    }

    /// The resizable frame's words are on pages of any-width sheets only: a per-width page carries
    /// the table it always did (its bytes unchanged).
    @Test func theFramesWordsAreOnlyOnAnyWidthPages() {
        let frameWords = ["pageSheets", "frameWidth", "points", "devices", "iPhone", "landscape", "iPad"]
        let anyWidth = PreviewLabels.labels(language: "zh-Hans").map(\.key)
        let perWidth = PreviewLabels.labels(language: "zh-Hans", anyWidth: false).map(\.key)
        #expect(frameWords.allSatisfy(anyWidth.contains))
        #expect(perWidth == anyWidth.filter { !frameWords.contains($0) })
        #expect(PreviewLabels.labels(language: "en").first { $0.key == "frameWidth" }?.text == "Keyboard width")
    }

    /// The runtime's source has the marker, not a second table of its own.
    @Test func theRuntimeTemplateHoldsOnlyTheMarker() throws {
        let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Templates")
        let script = try String(contentsOf: templates.appendingPathComponent("emoticons.js"), encoding: .utf8)
        #expect(script.contains("const LABELS = \(PreviewSiteBuilder.runtimeLabelsMarker);"))
        #expect(!script.contains("搜索表情"))
    }
}
