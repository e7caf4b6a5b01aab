import EmojiData
import EmoticonPacks
import Foundation

/// Names for accessibility and the preview, in the keyboard's locale: an image entry's own name
/// (traditional with `tw`), an emoji's CLDR short name in the locale's language (`zh`, `zh_Hant`,
/// `en`; English when the locale's file lacks one; else the Unicode name), and the delete
/// button's name.
struct EntryNames: Sendable {
    let locale: TitleLocale
    private let annotations: [EmojiAnnotations]

    /// Loads CLDR's annotations only when there are emoji to name. Without CLDR's files the
    /// Unicode names stay, and `note` says why.
    init(locale: TitleLocale, needsEmoji: Bool, cldrCommon: URL = EmojiAnnotations.debianCLDRCommon) {
        self.locale = locale
        var loaded: [EmojiAnnotations] = []
        var failed: [(locale: String, problem: String)] = []
        let language = EmojiAnnotations.cldrLocale(forKeyboardLocale: locale.rawValue) ?? "en"
        if needsEmoji {
            for cldr in [language, "en"] where !loaded.contains(where: { $0.locale == cldr }) && !failed.contains(where: { $0.locale == cldr }) {
                do { loaded.append(try EmojiAnnotations(cldrCommon: cldrCommon, locale: cldr)) } catch { failed.append((cldr, "\(error)")) }
            }
        }
        annotations = loaded
        // Who loses which name depends on which of the two languages was read.
        switch (failed.first, loaded.first?.locale) {
        case (nil, _):
            note = nil
        case (let failure?, nil):
            note = "emoji are named by their Unicode names: CLDR annotations could not be read (\(failure.problem)); install unicode-cldr-core"
        case (let failure?, let read?) where read == language:
            note = "emoji that CLDR's \(language) annotations do not name are named by their Unicode names: CLDR's \(failure.locale) annotations could not be read (\(failure.problem))"
        case (let failure?, _):
            note = "emoji are named in English, not in \(language): CLDR's \(failure.locale) annotations could not be read (\(failure.problem))"
        }
    }

    /// Why CLDR names are missing, when they are.
    let note: String?

    func name(of entry: Entry) -> String {
        if case .emoji(let emoji) = entry.content {
            for table in annotations { if let name = table.name(for: emoji) { return name } }
        }
        return entry.name(for: locale)
    }

    /// The delete button's name, as a screen reader says it.
    var delete: String {
        switch locale {
        case .cn: return "删除"
        case .tw: return "刪除"
        case .en: return "Delete"
        }
    }
}
