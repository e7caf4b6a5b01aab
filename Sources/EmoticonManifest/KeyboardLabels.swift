import Foundation

/// The words a keyboard says to VoiceOver beyond the manifest's own names (an emoticon's `name` and
/// a tab's `title` are already in the manifest's locale): the delete key, the Recent tab, a page,
/// the system-keyboard toggle. The language follows the manifest's `locale` as the preview's and the
/// web runtime's do (`cn` → simplified Chinese, `tw` → traditional, `en` → English; none →
/// simplified Chinese, emokit's default locale), with the same words as theirs.
public struct KeyboardLabels: Equatable, Sendable {
    /// The BCP 47 tag of the language: `zh-Hans`, `zh-Hant` or `en` (for `accessibilityLanguage`).
    public let language: String
    /// The delete key: "删除", "刪除", "Delete".
    public let delete: String
    /// The Recent tab: "最近使用", "Recent".
    public let recent: String
    /// Recent's page while empty: "用过的表情会出现在这里。", "Emoticons you use appear here.".
    public let noRecent: String
    /// The keyboard as a whole: "表情键盘", "Emoticon keyboard".
    public let keyboard: String
    /// The skin-tone picker: "肤色", "Skin tones".
    public let skinTones: String
    /// The toolbar's toggle while the emoticon keyboard shows: "切换到系统键盘".
    public let toSystemKeyboard: String
    /// The toolbar's toggle while the system keyboard shows: "切换到表情键盘".
    public let toEmoticonKeyboard: String
    private let pageFormat: String

    /// The labels for a manifest `locale` (`Manifest.locale`: `cn`, `tw`, `en`, or nil).
    public init(locale: String?) {
        switch locale {
        case "tw":
            language = "zh-Hant"
            (delete, recent, noRecent, keyboard, skinTones) = ("刪除", "最近使用", "用過的表情會出現在這裡。", "表情鍵盤", "膚色")
            (toSystemKeyboard, toEmoticonKeyboard, pageFormat) = ("切換到系統鍵盤", "切換到表情鍵盤", "第 %d 頁")
        case "en":
            language = "en"
            (delete, recent, noRecent, keyboard, skinTones) = ("Delete", "Recent", "Emoticons you use appear here.", "Emoticon keyboard", "Skin tones")
            (toSystemKeyboard, toEmoticonKeyboard, pageFormat) = ("Switch to system keyboard", "Switch to emoticon keyboard", "Page %d")
        default:
            language = "zh-Hans"
            (delete, recent, noRecent, keyboard, skinTones) = ("删除", "最近使用", "用过的表情会出现在这里。", "表情键盘", "肤色")
            (toSystemKeyboard, toEmoticonKeyboard, pageFormat) = ("切换到系统键盘", "切换到表情键盘", "第 %d 页")
        }
    }

    /// Page `number` (from 1): "第 2 页", "Page 2".
    public func page(_ number: Int) -> String {
        pageFormat.replacingOccurrences(of: "%d", with: String(number))
    }
}
