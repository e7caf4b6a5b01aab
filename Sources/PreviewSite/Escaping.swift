/// Escaping for every context a value can land in. Templates pick the context per insertion;
/// there is no unescaped insertion of data.
public enum Escape {
    /// HTML text and attribute values (quoted with `"`): `& < > " '`.
    public static func html(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A relative URL path emokit made (`../sheets/default/375/page-000@2x.png`): each segment
    /// percent-encoded except unreserved characters, then HTML-escaped for the attribute.
    public static func url(_ path: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/@".utf8)
        var out = ""
        for byte in path.utf8 {
            if unreserved.contains(byte) { out.unicodeScalars.append(Unicode.Scalar(byte)) } else { out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2) }
        }
        return html(out)
    }

    /// JSON text made safe inside `<script>`: `<`, `>`, `&`, U+2028 and U+2029 become `\u` escapes
    /// (valid JSON and JavaScript either way, and `</script>` can never close the element).
    public static func scriptJSON(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
