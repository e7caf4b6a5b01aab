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
        var problem: String?
        if needsEmoji {
            let locales = [EmojiAnnotations.cldrLocale(forKeyboardLocale: locale.rawValue) ?? "en", "en"]
            for cldr in locales where !loaded.contains(where: { $0.locale == cldr }) {
                do { loaded.append(try EmojiAnnotations(cldrCommon: cldrCommon, locale: cldr)) } catch { problem = problem ?? "\(error)" }
            }
        }
        annotations = loaded
        note = problem.map { problem in
            // With the keyboard's language read, only what it leaves unnamed loses a name.
            let who = loaded.first.map { "emoji CLDR's \($0.locale) annotations do not name" } ?? "emoji"
            return "\(who) are named by their Unicode names: CLDR annotations could not be read (\(problem)); install unicode-cldr-core"
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
