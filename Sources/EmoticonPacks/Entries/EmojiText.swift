import Foundation

/// Emoji strings: parsing `code` values and naming sequences.
public enum EmojiText {
    /// Parses a `code` value: one or more hex code points, each optionally prefixed `0x`, `0X`,
    /// `U+` or `u+`, separated by spaces, `-`, `_` or commas; surrounding white space is ignored.
    /// Returns nil with a reason for anything else (empty, not hex, beyond U+10FFFF, a surrogate,
    /// NUL, a sign). Never traps: values are range-checked before any conversion.
    public static func parseCode(_ raw: String) -> Result<String, CodeError> {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .failure(.empty) }
        let parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" || $0 == "," })
        if trimmed.hasPrefix("-") { return .failure(.notHex(raw)) }
        var scalars = String.UnicodeScalarView()
        for part in parts {
            var digits = Substring(part)
            for prefix in ["0x", "0X", "U+", "u+"] where digits.hasPrefix(prefix) {
                digits = digits.dropFirst(prefix.count)
                break
            }
            if digits.isEmpty || !digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) { return .failure(.notHex(String(part))) }
            let significant = digits.drop { $0 == "0" }
            if significant.count > 6 { return .failure(.outOfRange(String(part))) }
            guard let value = UInt32(significant.isEmpty ? "0" : String(significant), radix: 16) else { return .failure(.notHex(String(part))) }
            if value == 0 { return .failure(.nul) }
            if value > 0x10FFFF { return .failure(.outOfRange(String(part))) }
            if (0xD800...0xDFFF).contains(value) { return .failure(.surrogate(String(part))) }
            guard let scalar = Unicode.Scalar(value) else { return .failure(.outOfRange(String(part))) }
            scalars.append(scalar)
        }
        return .success(String(scalars))
    }

    public enum CodeError: Error, Equatable, Sendable, CustomStringConvertible {
        case empty, nul
        case notHex(String), outOfRange(String), surrogate(String)

        public var description: String {
            switch self {
            case .empty: return "is empty"
            case .nul: return "is U+0000 (NUL), not an emoji"
            case .notHex(let part): return "\"\(part)\" is not a hexadecimal code point"
            case .outOfRange(let part): return "\"\(part)\" is beyond U+10FFFF"
            case .surrogate(let part): return "\"\(part)\" is not a Unicode scalar (surrogate)"
            }
        }
    }

    /// Code points as upper-case hex separated by spaces: `1F468 200D 1F469`.
    public static func codePoints(_ text: String) -> String {
        codePointList(text).joined(separator: " ")
    }

    /// Code points as upper-case hex, one string each: `["1F468", "200D", "1F469"]`.
    public static func codePointList(_ text: String) -> [String] {
        text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }
    }

    /// A readable name from Unicode character names: `grinning face`, `flag: CN`,
    /// `keycap: 1`, `thumbs up sign, medium skin tone`, `man + woman + girl`.
    public static func name(of text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let regional = scalars.filter { (0x1F1E6...0x1F1FF).contains($0.value) }
        if regional.count == 2 && scalars.count == 2 {
            let letters = regional.compactMap { Unicode.Scalar($0.value - 0x1F1E6 + 0x41) }.map(Character.init)
            return "flag: " + String(letters)
        }
        if scalars.contains(where: { $0.value == 0x20E3 }), let base = scalars.first {
            return "keycap: " + String(Character(base))
        }
        if let first = scalars.first, first.value == 0x1F3F4, scalars.count > 2 {
            let tags = scalars.dropFirst().compactMap { (0xE0061...0xE007A).contains($0.value) ? Unicode.Scalar($0.value - 0xE0000) : nil }
            if !tags.isEmpty { return "flag: " + String(String.UnicodeScalarView(tags)).uppercased() }
        }
        var parts: [String] = []
        for scalar in scalars {
            switch scalar.value {
            case 0x200D, 0xFE0F, 0xFE0E: continue
            case 0x1F3FB: appendTone("light skin tone", to: &parts)
            case 0x1F3FC: appendTone("medium-light skin tone", to: &parts)
            case 0x1F3FD: appendTone("medium skin tone", to: &parts)
            case 0x1F3FE: appendTone("medium-dark skin tone", to: &parts)
            case 0x1F3FF: appendTone("dark skin tone", to: &parts)
            default:
                parts.append((scalar.properties.name ?? "U+" + String(scalar.value, radix: 16, uppercase: true)).lowercased())
            }
        }
        return parts.isEmpty ? text : parts.joined(separator: " + ")
    }

    private static func appendTone(_ tone: String, to parts: inout [String]) {
        if parts.isEmpty { parts.append(tone) } else { parts[parts.count - 1] += ", " + tone }
    }
}
