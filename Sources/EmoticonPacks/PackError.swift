/// Problems reading a pack. Each names the file, and for entry problems the plist index and
/// key, so the one-line message says exactly what to fix.
public enum PackError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case notAPack(path: String)
    case tooLarge(path: String, bytes: Int, limit: Int)
    case unreadable(path: String, reason: String)
    case malformed(path: String, reason: String)
    case wrongRoot(path: String, expected: String, found: String)
    case entry(path: String, index: Int, key: String, text: String?, reason: String)
    case duplicateText(path: String, text: String, first: Int, duplicate: Int)
    case packageOrder(path: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path): return "\(path): no such file or folder"
        case .notAPack(let path):
            return "\(path): not an emoticon pack (no Emoji.plist or info.plist) nor a folder of packs"
        case let .tooLarge(path, bytes, limit):
            return "\(path): plist is \(Self.megabytes(bytes)); the limit is \(Self.megabytes(limit)) (raise it with --max-plist-size)"
        case let .unreadable(path, reason): return "\(path): cannot read (\(reason))"
        case let .malformed(path, reason): return "\(path): not a valid property list (\(reason))"
        case let .wrongRoot(path, expected, found): return "\(path): expected \(expected) at root, found \(found)"
        case let .entry(path, index, key, text, reason):
            let label = text.map { " (\(Self.quote($0)))" } ?? ""
            return "\(path): entry \(index)\(label): \(key): \(reason)"
        case let .duplicateText(path, text, first, duplicate):
            return "\(path): entry \(duplicate): chs \(Self.quote(text)) repeats entry \(first); keeping entry \(first)"
        case let .packageOrder(path, reason): return "\(path): \(reason)"
        }
    }

    /// Quotes a value for a one-line message: control characters and line breaks escaped.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\"": out += "\\\""
            case "\u{2028}", "\u{2029}": out += "\\u{\(String(scalar.value, radix: 16))}"
            default:
                if scalar.properties.generalCategory == .control { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    static func megabytes(_ bytes: Int) -> String {
        let mb = Double(bytes) / 1_048_576
        return mb >= 10 ? "\(Int(mb.rounded())) MB" : String(format: "%.1f MB", mb)
    }
}
