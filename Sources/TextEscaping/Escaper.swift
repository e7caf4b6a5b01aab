/// The one escaping loop behind every escaper in emokit (HTML, JSON in `<script>`, JSON string
/// literals, quoted values in messages): each caller states only its table of replacements, so
/// the copying, reserving and scalar handling are written (and fixed) once.
public enum Escaper {
    /// `text` with each scalar for which `replacement` returns a string replaced by it; all other
    /// scalars are copied unchanged.
    public static func escape(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// `text` in double quotes, `"` and the line breaks and tab escaped with a backslash (`\"`,
    /// `\n`, `\r`, `\t`) as JSON and messages write them, then each other scalar by `replacement`.
    public static func quoted(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        let body = escape(text) { scalar in
            switch scalar {
            case "\"": return "\\\""
            case "\n": return "\\n"
            case "\r": return "\\r"
            case "\t": return "\\t"
            default: return replacement(scalar)
            }
        }
        return "\"" + body + "\""
    }

    /// `value` in hexadecimal, zero-padded to `width` digits (`hex(0x1F, width: 4)` is `001f`).
    public static func hex(_ value: UInt32, width: Int, uppercase: Bool = false) -> String {
        let digits = String(value, radix: 16, uppercase: uppercase)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
