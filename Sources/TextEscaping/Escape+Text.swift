import Foundation

/// The escapers for text outside the preview: one-line messages, XML written by `init`, the web
/// sprite stylesheet and `SHA256SUMS`. Each is a table; the loop is `Escaper.escape`'s.
extension Escape {
    /// Longer values are shortened in messages to their first `messageQuoteKept` characters.
    public static let messageQuoteLimit = 120
    public static let messageQuoteKept = 100

    /// A value quoted for a one-line message (`"a\nb"`): quotes, line breaks, U+2028/U+2029 and
    /// control characters escaped, so one message is always one line. A value longer than
    /// `messageQuoteLimit` characters is shortened, with its length said
    /// (`"[xxxx…" (10000002 characters)`): a 10 MB `chs` once made each warning about it 10 MB.
    public static func message(_ text: String) -> String {
        if text.utf8.count > messageQuoteLimit {
            let count = text.unicodeScalars.count
            if count > messageQuoteLimit {
                let head = String(String.UnicodeScalarView(text.unicodeScalars.prefix(messageQuoteKept)))
                return quotedMessage(head + "…") + " (\(count) characters)"
            }
        }
        return quotedMessage(text)
    }

    private static func quotedMessage(_ text: String) -> String {
        Escaper.quoted(text) { scalar in
            switch scalar {
            case "\u{2028}", "\u{2029}": return "\\u{\(String(scalar.value, radix: 16))}"
            default: return scalar.properties.generalCategory == .control ? "\\u{\(String(scalar.value, radix: 16))}" : nil
            }
        }
    }

    /// A whole line for a terminal, not quoted: every character that could move the cursor,
    /// clear the screen, start an escape sequence, end the line or reorder what is shown
    /// (control characters, U+2028/U+2029, bidirectional overrides and isolates) written as
    /// `\n`, `\t`, `\r` or `\u{1b}`. Names and titles from a pack reach the terminal only
    /// through this (or `message`), so a pack cannot rewrite what a user reads.
    public static func terminal(_ text: String) -> String {
        Escaper.escape(text) { scalar in
            switch scalar {
            case "\n": return "\\n"
            case "\r": return "\\r"
            case "\t": return "\\t"
            case "\u{2028}", "\u{2029}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
                return "\\u{\(String(scalar.value, radix: 16))}"
            default: return scalar.properties.generalCategory == .control ? "\\u{\(String(scalar.value, radix: 16))}" : nil
            }
        }
    }

    /// Text for an XML element's content: `&`, `<` and `>` escaped (callers refuse control
    /// characters and noncharacters before).
    public static func xmlText(_ text: String) -> String { Escaper.escape(text, markup) }

    /// The characters that start markup in HTML and XML text, as entities: `&`, `<`, `>`.
    static func markup(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "&": return "&amp;"
        case "<": return "&lt;"
        case ">": return "&gt;"
        default: return nil
        }
    }

    /// The inside of a CSS string (`content: "…"`): `\`, `"` and line breaks escaped, scalar by
    /// scalar as a CSS parser reads it (a `"` that a combining mark follows still ends a string).
    public static func cssString(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\"": out.append(contentsOf: "\\\"".unicodeScalars)
            case "\n": out.append(contentsOf: "\\a ".unicodeScalars)
            case "\r": out.append(contentsOf: "\\d ".unicodeScalars)
            case "\u{0C}": out.append(contentsOf: "\\c ".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// Text inside a CSS comment: it can neither close the comment nor break the line. Scalar by
    /// scalar, as a CSS parser reads it: `*/` followed by a combining mark is one Swift character
    /// (`*` and `/\u{301}`) that a character-wise replace would not find, yet it closes the comment.
    public static func cssComment(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var afterStar = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "/" where afterStar: out.append(contentsOf: " /".unicodeScalars)
            case "\n", "\r", "\u{0C}": out.append(" ")
            default: out.append(scalar)
            }
            afterStar = scalar == "*"
        }
        return String(out)
    }

    /// A file name as GNU `sha256sum` writes it on an escaped line (one starting with `\`):
    /// `\` doubled, a newline as `\n`.
    public static func sha256sumName(_ text: String) -> String {
        Escaper.replacingEach(text, [("\\", "\\\\"), ("\n", "\\n")])
    }
}

extension Escaper {
    /// `text` with each `(target, replacement)` applied in turn, as Foundation's
    /// `replacingOccurrences(of:with:)` finds them: a match never ends inside a character (a `\`
    /// followed by a combining accent is left alone), which `escape`'s scalar-by-scalar loop would
    /// not respect. Kept for the escapers whose output files are pinned byte for byte.
    public static func replacingEach(_ text: String, _ replacements: [(target: String, replacement: String)]) -> String {
        replacements.reduce(text) { $0.replacingOccurrences(of: $1.target, with: $1.replacement) }
    }
}
