/// Escaping for every context a value can land in. Templates pick the context per insertion;
/// there is no unescaped insertion of data. Each escaper is a table over `Escaper.escape`.
public enum Escape {
    /// HTML text and attribute values (quoted with `"`): `& < > " '`.
    public static func html(_ text: String) -> String {
        Escaper.escape(text) { scalar in
            switch scalar {
            case "\"": return "&quot;"
            case "'": return "&#39;"
            default: return markup(scalar)
            }
        }
    }

    /// A relative URL path emokit made (`../sheets/default/375/page-000@2x.png`): each segment
    /// percent-encoded except unreserved characters, then HTML-escaped for the attribute.
    public static func url(_ path: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/@".unicodeScalars)
        let encoded = Escaper.escape(path) { scalar in
            if unreserved.contains(scalar) { return nil }
            return String(scalar).utf8.map { "%" + Escaper.hex(UInt32($0), width: 2, uppercase: true) }.joined()
        }
        return html(encoded)
    }

    /// JSON text made safe inside `<script>`: `<`, `>`, `&`, U+2028 and U+2029 become `\u` escapes
    /// (valid JSON and JavaScript either way, and `</script>` can never close the element).
    ///
    /// A manifest's JSON goes through here a page at a time (megabytes per preview page), so it
    /// works over the UTF-8 bytes: text with nothing to escape (the usual case) is returned as it
    /// is, without a copy; otherwise only the five characters change (same text as a
    /// scalar-by-scalar replacement, since each is whole in the bytes matched).
    public static func scriptJSON(_ json: String) -> String {
        var json = json
        return json.withUTF8 { bytes -> String? in
            var out: [UInt8] = []
            var copied = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let escape: [UInt8]
                switch byte {
                case UInt8(ascii: "<"): escape = Array(#"\u003c"#.utf8)
                case UInt8(ascii: ">"): escape = Array(#"\u003e"#.utf8)
                case UInt8(ascii: "&"): escape = Array(#"\u0026"#.utf8)
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    // U+2028 / U+2029 (E2 80 A8 / E2 80 A9).
                    escape = Array((bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                default:
                    index += 1
                    continue
                }
                if out.isEmpty { out.reserveCapacity(bytes.count + 64) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                out.append(contentsOf: escape)
                index += byte == 0xE2 ? 3 : 1
                copied = index
            }
            guard copied > 0 else { return nil }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return String(decoding: out, as: UTF8.self)
        } ?? json
    }

    /// A JSON string literal for `text`: quotes, backslashes and control characters escaped.
    public static func jsonString(_ text: String) -> String {
        Escaper.quoted(text) { scalar in
            switch scalar {
            case "\\": return "\\\\"
            default: return scalar.value < 0x20 ? "\\u" + Escaper.hex(scalar.value, width: 4) : nil
            }
        }
    }
}
