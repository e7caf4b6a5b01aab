import EmojiTabs
import Pipeline
import TextEscaping

/// The lines `generate --emoji-keyboard` prints about the keyboard: what went in, per group, what
/// was left out for lack of a glyph, and how many names fell back to English.
enum EmojiKeyboardSummary {
    static func lines(_ report: EmojiKeyboardReport) -> [String] {
        let keys = report.groups.reduce(0) { $0 + $1.keys }
        let variants = report.groups.reduce(0) { $0 + $1.variants }
        let leftOut = report.groups.reduce(0) { $0 + $1.leftOut }
        let version = report.emojiVersion.map { "Emoji \($0)" } ?? "Emoji version unknown"
        let count = GenerateCommand.count
        let tabs = report.groups.filter { $0.keys > 0 }.count
        var lines = ["Emoji keyboard (\(version)): \(keys) emoji and \(count(variants, "skin-tone variant")) in \(count(tabs, "tab"))"]
        for group in report.groups {
            lines.append("  \(group.tabID)  \(group.name): \(group.keys) emoji, \(count(group.variants, "variant")), \(group.leftOut) left out")
        }
        if leftOut > 0 { lines.append("  \(leftOut) emoji left out: the emoji source has no glyph for them (newer than the font?)") }
        if let subset = report.subset {
            let parts = [
                (subset.byGroup, "groups not chosen"), (subset.byVersion, "newer than the maximum version"),
                (subset.byList, "in the exclude list"), (subset.bySkinTone, "skin-tone forms"),
            ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            lines.append("  \(subset.total) emoji left out by the subset\(parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))")
        }
        if let system = report.systemEmoji {
            lines.append("  \(report.systemGlyphs) emoji of Emoji \(system) and older left to the system font: no image drawn")
        }
        if report.englishNames > 0 {
            let why = report.cldrLocale.map { "CLDR (\($0)) has no name for them" } ?? "CLDR annotations were not found"
            lines.append("  \(report.englishNames) emoji named in English from emoji-test.txt: \(why)")
        }
        // Group names come from the emoji data files: escaped for the terminal like a pack's.
        return lines.map(Escape.terminal)
    }
}
