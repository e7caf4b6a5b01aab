/// The characters a pack's texts may not hold, in every layout: what a tap inserts, a tab's title,
/// a name, a search keyword. Each of these reaches an app's text field, a message, a manifest and
/// the preview as it is, and none of these characters is part of an emoticon:
///
/// - the C0 and C1 control characters (U+0000-U+001F, U+007F-U+009F) but the tab and line breaks:
///   a bell, a backspace, a terminal's escape, a NUL that cuts a C string short;
/// - the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), the
///   characters of "Trojan Source": they make a text show in another order than it is, so what a
///   keyboard shows and what it inserts can differ from what a reader sees.
///
/// Kept: a tab and the line breaks (U+000A, U+000D, U+2028, U+2029), which the shared conformance
/// case `html-injection` holds as valid data that every output escapes; the zero-width joiner
/// (U+200D), variation selectors (U+FE0E, U+FE0F), skin tones, tag sequences (England's flag), and
/// the marks U+200E, U+200F and U+061C, which set a direction without reordering what follows.
///
/// `PackReader` asks this of every pack's titles, id, tab titles and entries (text, traditional
/// text, name, keywords) once a layout has read them (`TextLimits.refusal(titles:…)`,
/// `refusal(entry:…)`), so no layout can let one through; a refused entry is an error naming its
/// key, skipped with a warning under `--lenient`. Documented in Reliability.md ("Packs from
/// strangers: links, names, text lengths").
enum TextCharacters {
    /// The first character of `text` refused, or nil. Most texts are short ASCII or CJK and pass
    /// in one scan of their scalars.
    static func refused(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isRefused)
    }

    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Why `text` is refused, naming the character by its code point and what it is, or nil.
    static func problem(_ text: String) -> EntryProblem? {
        guard let scalar = refused(in: text) else { return nil }
        return "holds \(describe(scalar)), which no emoticon text may hold"
    }

    /// `U+202E (a bidirectional override, which shows text in another order than it is)`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let what: String
        switch scalar.value {
        case 0x1B: what = "a control character, the escape that starts a terminal's commands"
        case 0x00: what = "a control character, the NUL that ends a C string"
        case 0x202A, 0x202B: what = "a bidirectional embedding, which shows text in another order than it is"
        case 0x202C: what = "a bidirectional formatting end, which shows text in another order than it is"
        case 0x202D, 0x202E: what = "a bidirectional override, which shows text in another order than it is"
        case 0x2066...0x2069: what = "a bidirectional isolate, which shows text in another order than it is"
        default: what = "a control character"
        }
        return "\(code) (\(what))"
    }
}
