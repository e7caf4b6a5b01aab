import EmokitText

/// Escaping for every context a value can land in. Templates pick the context per insertion;
/// there is no unescaped insertion of data. Each escaper is a table over `TextEscaping.escape`.
public enum Escape {
    /// HTML text and attribute values (quoted with `"`): `& < > " '`.
    public static func html(_ text: String) -> String {
        TextEscaping.escape(text) { scalar in
            switch scalar {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "\"": return "&quot;"
            case "'": return "&#39;"
            default: return nil
            }
        }
    }

    /// A relative URL path emokit made (`../sheets/default/375/page-000@2x.png`): each segment
    /// percent-encoded except unreserved characters, then HTML-escaped for the attribute.
    public static func url(_ path: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/@".unicodeScalars)
        let encoded = TextEscaping.escape(path) { scalar in
            if unreserved.contains(scalar) { return nil }
            return String(scalar).utf8.map { "%" + TextEscaping.hex(UInt32($0), width: 2, uppercase: true) }.joined()
        }
        return html(encoded)
    }

    /// JSON text made safe inside `<script>`: `<`, `>`, `&`, U+2028 and U+2029 become `\u` escapes
    /// (valid JSON and JavaScript either way, and `</script>` can never close the element).
    public static func scriptJSON(_ json: String) -> String {
        TextEscaping.escape(json) { scalar in
            switch scalar {
            case "<", ">", "&", "\u{2028}", "\u{2029}": return "\\u" + TextEscaping.hex(scalar.value, width: 4)
            default: return nil
            }
        }
    }

    /// A JSON string literal for `text`: quotes, backslashes and control characters escaped.
    public static func jsonString(_ text: String) -> String {
        let body = TextEscaping.escape(text) { scalar in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "\n": return "\\n"
            case "\r": return "\\r"
            case "\t": return "\\t"
            default: return scalar.value < 0x20 ? "\\u" + TextEscaping.hex(scalar.value, width: 4) : nil
            }
        }
        return "\"" + body + "\""
    }
}
