import Diagnostics
import Foundation

/// `--keywords FILE`: search keywords for image entries, which have none of their own (emoji get
/// CLDR's). One line per entry, tab-separated: the entry's text as a tap inserts it (`[哈哈]`), then
/// its keywords separated by commas (`laugh, happy, lol`). Blank lines and lines starting with `#`
/// are skipped. The keywords go into the manifest's `keywords` (so every runtime searches them
/// beside the text, the name and its pinyin); an entry with the same text in several tabs gets them
/// in each. A line that is not that shape, or a second line for one text, is refused with its line
/// number: a typo must not silently leave an entry unfindable.
struct EntryKeywords: Sendable, Equatable {
    /// Entry text → its keywords, in the file's order.
    let byText: [String: [String]]

    static let none = EntryKeywords(byText: [:])

    /// The largest keywords file read (it is read whole).
    static let maxFileSize = 10 * 1024 * 1024

    /// Reads `url` (`display` names it in messages); no file, no keywords.
    static func read(_ url: URL?, display: String? = nil) throws(GenerationError) -> EntryKeywords {
        guard let url else { return .none }
        let name = display ?? url.path
        func refuse(_ reason: String) -> GenerationError { .invalidOptions("\(setting: "keywords") file \(path: name) \(reason)") }
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        guard let type = attributes?[.type] as? FileAttributeType else { throw refuse("cannot be read (no such file)") }
        guard type == .typeRegular else { throw refuse("is not a regular file") }
        if let size = attributes?[.size] as? Int, size > maxFileSize { throw refuse("is over \(maxFileSize / 1024 / 1024) MB") }
        guard let data = try? Data(contentsOf: url) else { throw refuse("cannot be read") }
        guard let text = String(data: data, encoding: .utf8) else { throw refuse("is not UTF-8 text; save it as UTF-8") }
        return try parse(text, display: name)
    }

    /// The lines of a keywords file; the first bad line is refused with its number.
    static func parse(_ text: String, display: String) throws(GenerationError) -> EntryKeywords {
        var byText: [String: [String]] = [:]
        var lineOf: [String: Int] = [:]
        // "\r\n" is one Character: lines end at either.
        for (offset, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let number = offset + 1
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let entry = fields.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            let keywords = fields.count == 2 ? fields[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } : []
            guard fields.count == 2, !entry.isEmpty, !keywords.isEmpty else {
                throw .invalidOptions("keywords file \(path: display):\(number): expected an entry's text, a tab, and its keywords separated by commas")
            }
            if let earlier = lineOf[entry] {
                throw .invalidOptions("keywords file \(path: display):\(number): \(quoted: entry) has keywords on line \(earlier) already; keep one line per text")
            }
            lineOf[entry] = number
            byText[entry] = keywords
        }
        return EntryKeywords(byText: byText)
    }
}
