/// XML text with its entities decoded: the inverse of `Escape.xmlText`, for the small XML readers
/// (pack maps, CLDR annotations) that read markup without an XML library.
public enum XMLEntities {
    /// Why text was refused: an `&` with no `;` after it, or an entity that is neither one of
    /// XML's five nor a numeric reference to a character other than NUL (no other is ever looked up).
    public enum Problem: Error, Equatable, Sendable {
        case unterminated
        case unknown(String)
    }

    public static func decode(_ text: String) throws(Problem) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var out = String.UnicodeScalarView()
        var scalars = Substring(text).unicodeScalars[...]
        while let amp = scalars.firstIndex(of: "&") {
            out.append(contentsOf: scalars[scalars.startIndex..<amp])
            guard let semicolon = scalars[amp...].firstIndex(of: ";") else { throw .unterminated }
            let name = String(String.UnicodeScalarView(scalars[scalars.index(after: amp)..<semicolon]))
            switch name {
            case "amp": out.append("&")
            case "lt": out.append("<")
            case "gt": out.append(">")
            case "quot": out.append("\"")
            case "apos": out.append("'")
            default:
                var value: UInt32?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    value = UInt32(name.dropFirst(2), radix: 16)
                } else if name.hasPrefix("#") {
                    value = UInt32(name.dropFirst(), radix: 10)
                }
                guard let value, value != 0, let scalar = Unicode.Scalar(value) else { throw .unknown(String(name.prefix(20))) }
                out.append(scalar)
            }
            scalars = scalars[scalars.index(after: semicolon)...]
        }
        out.append(contentsOf: scalars)
        return String(out)
    }
}
