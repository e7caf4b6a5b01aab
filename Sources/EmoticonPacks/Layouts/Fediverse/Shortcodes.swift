import Diagnostics
import Foundation

/// What the fediverse's emoji packs share: a custom emoji is named by a shortcode (`blobcat`) and
/// a post inserts it between colons (`:blobcat:`), as Pleroma, Akkoma, Misskey and Mastodon all
/// write and match it. A shortcode that none of them could match in a post is refused by name.
enum Shortcodes {
    /// The text a tap inserts for `shortcode`.
    static func text(_ shortcode: String) -> String { ":\(shortcode):" }

    /// What a shortcode may hold, built once (a pack of thousands checks each).
    static let allowed = CharacterSet.letters.union(.decimalDigits).union(.nonBaseCharacters).union(CharacterSet(charactersIn: "_-+"))

    /// Why `shortcode` cannot be one, or nil. Letters, digits and marks of any script, `_`, `-`
    /// and `+` are the union of what the servers accept; anything else (a colon, a space) would
    /// end or break the `:shortcode:` a post carries.
    static func problem(_ shortcode: String) -> Diagnostic.Message? {
        if shortcode.isEmpty { return "an empty shortcode" }
        if let problem = TextLimits.problem(shortcode, limit: TextLimits.entryText) { return "the shortcode is \(problem.message)" }
        if let bad = shortcode.unicodeScalars.first(where: { !allowed.contains($0) }) {
            let shown = bad.properties.isWhitespace || bad.properties.generalCategory == .control ? "U+\(String(bad.value, radix: 16, uppercase: true))" : String(bad)
            return "\(quoted: shortcode) is no shortcode: \(quoted: shown) cannot be in one (letters, digits, _, - and +)"
        }
        return nil
    }

    /// The most keywords one emoji may have (CLDR gives an emoji five to ten).
    static let maxKeywords = 100

    /// Why `keywords` (a Pleroma emoji's tags, a Misskey emoji's aliases) cannot be kept, or nil:
    /// each is carried into every manifest and the web runtime, so each is held to a title's
    /// length and characters (`TextCharacters`), and their number to `maxKeywords`.
    static func keywordProblem(_ keywords: [String]) -> Diagnostic.Message? {
        if keywords.count > maxKeywords { return "\(keywords.count) keywords; the limit is \(maxKeywords)" }
        for keyword in keywords {
            if let problem = TextLimits.problem(keyword, limit: TextLimits.title) {
                return "a keyword is \(problem.message) (it starts \(PackError.quote(keyword)))"
            }
            if let problem = TextCharacters.problem(keyword) { return "the keyword \(PackError.quote(keyword)) \(problem.message)" }
        }
        return nil
    }

    /// A pack file's JSON root, a file that is not JSON refused naming the reason.
    static func json(_ data: Data, display: String) throws(PackError) -> Any {
        if data.isEmpty { throw PackError.malformedMap(path: display, format: "JSON", reason: "the file is empty") }
        do {
            return try JSONSerialization.jsonObject(with: data)
        } catch {
            let ns = error as NSError
            let reason = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
            throw PackError.malformedMap(path: display, format: "JSON", reason: reason.replacingOccurrences(of: "\n", with: " "))
        }
    }

    /// A JSON pack file's value under the one key it cannot do without (Pleroma's `files`,
    /// Misskey's `emojis`, WhatsApp's `sticker_packs`), its root a dictionary: `kind` says what the
    /// file is (`a Pleroma emoji pack`) and `missing` what the key holds, in the refusals.
    static func requiredKey(_ key: String, of data: Data, display: String, kind: String, missing: String) throws(PackError) -> Any {
        let root = try json(data, display: display)
        guard let file = root as? [String: Any] else {
            throw PackError.wrongRoot(path: display, expected: "a dictionary with \"\(key)\" (\(kind))", found: PackReader.typeName(root))
        }
        guard let value = file[key] else { throw PackError.fileKey(path: display, key: key, reason: "missing: \(missing)") }
        return value
    }

    /// `pairs` in shortcode order (UTF-8 byte order): the order the servers list their emoji in
    /// (Pleroma's table is ordered by shortcode), and the same on every run whatever the order of
    /// a JSON object's keys. Equal shortcodes keep their order (the first is read, the rest are
    /// repeats).
    static func sorted<Value>(_ pairs: [(String, Value)]) -> [(String, Value)] {
        pairs.enumerated().sorted { a, b in
            a.element.0 == b.element.0 ? a.offset < b.offset : a.element.0.utf8.lexicographicallyPrecedes(b.element.0.utf8)
        }.map(\.element)
    }
}
