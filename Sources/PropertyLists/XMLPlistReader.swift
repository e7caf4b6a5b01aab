import Foundation

/// A reader for Apple's XML property lists that holds little memory: a root array's items are
/// parsed one at a time, as they are read (`PlistItems`). Foundation's parser builds the whole
/// document as objects first, about seven times the file's size (43 MB for a 6 MB plist of
/// 40,000 entries), which would make a pack's plist the largest thing a run holds.
///
/// It reads the plain XML pack plists are made of: dictionaries, arrays, keys and strings (with
/// XML's five named entities and numeric character references), decimal integers, `<true/>` and
/// `<false/>`, comments, an XML declaration in UTF-8 and a DOCTYPE. For anything else (reals,
/// dates, data, CDATA, another encoding, a control character, a repeated key...) it returns nil
/// and the caller uses Foundation's parser, so what is accepted and the values given never differ
/// from Foundation's: `String`, `NSNumber`, `Bool`, `[Any]`, `[String: Any]`.
package enum XMLPlistReader {
    static let maxDepth = 64

    /// The document's root value, a root array as lazy `PlistItems`; nil when the bytes are not in
    /// the plain subset (including when they are not a valid plist at all).
    package static func read(_ data: Data) -> Any? {
        data.withUnsafeBytes { bytes -> Any? in
            var parser = Parser(bytes: bytes, offset: 0, build: false)
            do throws(Parser.Unsupported) {
                try parser.prolog()
                let root: Any
                if parser.starts(with: "<array>") {
                    root = PlistItems(data: data, ranges: try parser.arrayItemRanges())
                } else {
                    parser.build = true
                    root = try parser.value(depth: 0)
                }
                try parser.epilog()
                return root
            } catch {
                return nil
            }
        }
    }

    /// One item of a root array, already checked by `read` (so it parses).
    static func item(in data: Data, range: Range<Int>) -> Any {
        data.withUnsafeBytes { bytes in
            var parser = Parser(bytes: bytes, offset: range.lowerBound, build: true)
            return (try? parser.value(depth: 1)) ?? [String: Any]()
        }
    }

    struct Parser {
        struct Unsupported: Error {}

        let bytes: UnsafeRawBufferPointer
        var offset: Int
        /// False: only check the syntax (a root array's items are built later, one at a time).
        var build: Bool

        func starts(with text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard offset + count <= bytes.count else { return false }
            let pattern = UnsafeRawBufferPointer(start: text.utf8Start, count: count)
            return memcmp(bytes.baseAddress! + offset, pattern.baseAddress!, count) == 0
        }

        mutating func expect(_ text: StaticString) throws(Unsupported) {
            guard starts(with: text) else { throw Unsupported() }
            offset += text.utf8CodeUnitCount
        }

        /// The offset of the next `text` at or after `from`.
        func find(_ text: StaticString, from start: Int) -> Int? {
            let count = text.utf8CodeUnitCount
            let first = text.utf8Start.pointee
            var index = start
            while index + count <= bytes.count {
                if bytes[index] == first && memcmp(bytes.baseAddress! + index, text.utf8Start, count) == 0 { return index }
                index += 1
            }
            return nil
        }

        /// White space and comments between elements.
        mutating func skipMisc() throws(Unsupported) {
            while true {
                while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
                guard starts(with: "<!--") else { return }
                guard let end = find("--", from: offset + 4), starts(with: "-->", at: end) else { throw Unsupported() }
                offset = end + 3
            }
        }

        func starts(with text: StaticString, at position: Int) -> Bool {
            var copy = self
            copy.offset = position
            return copy.starts(with: text)
        }

        /// The XML declaration (UTF-8 only), comments, the DOCTYPE and `<plist ...>`.
        mutating func prolog() throws(Unsupported) {
            if starts(with: "<?xml") {
                guard let end = find("?>", from: offset) else { throw Unsupported() }
                // Foundation takes the encoding from the first "encoding" in the declaration, wherever
                // it is (`xencoding="latin1"` counts): only a lone `encoding="utf-8"` is read here.
                let declaration = String(decoding: bytes[offset..<end], as: UTF8.self).lowercased()
                let mentions = declaration.components(separatedBy: "encoding").count - 1
                if mentions > 1 || (mentions == 1 && !declaration.contains(" encoding=\"utf-8\"") && !declaration.contains(" encoding='utf-8'")) { throw Unsupported() }
                offset = end + 2
            }
            try skipMisc()
            if starts(with: "<!DOCTYPE") {
                guard let end = find(">", from: offset), !bytes[offset..<end].contains(UInt8(ascii: "[")) else { throw Unsupported() }
                offset = end + 1
                try skipMisc()
            }
            try expect("<plist")
            guard let end = find(">", from: offset), !bytes[offset..<end].contains(UInt8(ascii: "<")), !bytes[offset..<end].contains(UInt8(ascii: "/")),
                offset == end || bytes[offset] == 0x20
            else { throw Unsupported() }
            offset = end + 1
            try skipMisc()
        }

        /// `</plist>`, then nothing but white space and comments.
        mutating func epilog() throws(Unsupported) {
            try skipMisc()
            try expect("</plist>")
            try skipMisc()
            guard offset == bytes.count else { throw Unsupported() }
        }

        /// Checks a root `<array>` whole and returns where each of its items is.
        mutating func arrayItemRanges() throws(Unsupported) -> [Range<Int>] {
            try expect("<array>")
            var ranges: [Range<Int>] = []
            while true {
                try skipMisc()
                if starts(with: "</array>") {
                    offset += 8
                    return ranges
                }
                let start = offset
                _ = try value(depth: 1)
                ranges.append(start..<offset)
            }
        }

        mutating func value(depth: Int) throws(Unsupported) -> Any {
            guard depth <= XMLPlistReader.maxDepth else { throw Unsupported() }
            if starts(with: "<dict>") {
                offset += 6
                return try dictionary(depth: depth)
            }
            if starts(with: "<array>") {
                offset += 7
                var items: [Any] = []
                while true {
                    try skipMisc()
                    if starts(with: "</array>") {
                        offset += 8
                        return items
                    }
                    let item = try value(depth: depth + 1)
                    if build { items.append(item) }
                }
            }
            if starts(with: "<string>") {
                offset += 8
                return try text(closedBy: "</string>", keep: build)
            }
            if starts(with: "<integer>") {
                offset += 9
                // Foundation refuses entities in an integer (`&#49;`); they are not decoded here.
                guard let close = find("</integer>", from: offset), !bytes[offset..<close].contains(UInt8(ascii: "&")) else { throw Unsupported() }
                let digits = try text(closedBy: "</integer>", keep: true)
                let unsigned = digits.hasPrefix("-") ? digits.dropFirst() : Substring(digits)
                guard !unsigned.isEmpty, unsigned.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int64(digits) else { throw Unsupported() }
                return NSNumber(value: value)
            }
            let empty: [(StaticString, Any)] = [("<dict/>", [String: Any]()), ("<array/>", [Any]()), ("<string/>", ""), ("<true/>", true), ("<false/>", false)]
            for (tag, result) in empty where starts(with: tag) {
                offset += tag.utf8CodeUnitCount
                return result
            }
            throw Unsupported()
        }

        mutating func dictionary(depth: Int) throws(Unsupported) -> [String: Any] {
            var result: [String: Any] = [:]
            var keys = Set<String>()
            while true {
                try skipMisc()
                if starts(with: "</dict>") {
                    offset += 7
                    return result
                }
                let key: String
                if starts(with: "<key/>") {
                    offset += 6
                    key = ""
                } else {
                    try expect("<key>")
                    key = try text(closedBy: "</key>", keep: true)
                }
                // A repeated key: which one Foundation keeps is its business.
                guard keys.insert(key).inserted else { throw Unsupported() }
                try skipMisc()
                let item = try value(depth: depth + 1)
                if build { result[key] = item }
            }
        }

        /// Character data up to `closing` (which is consumed): entities decoded, UTF-8 checked;
        /// markup, carriage returns and control characters are left to Foundation. Without
        /// `keep` the text is only checked and "" returned. Foundation drops a leading U+FEFF (raw or
        /// as an entity) from every string and key; such text is left to it.
        mutating func text(closedBy closing: StaticString, keep: Bool) throws(Unsupported) -> String {
            let start = offset
            var hasEntity = false
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "<") { break }
                if byte == UInt8(ascii: "&") { hasEntity = true }
                if byte < 0x20 && byte != 0x09 && byte != 0x0A { throw Unsupported() }
                if byte == UInt8(ascii: ">") && offset >= start + 2 && bytes[offset - 1] == UInt8(ascii: "]") && bytes[offset - 2] == UInt8(ascii: "]") { throw Unsupported() }
                offset += 1
            }
            let end = offset
            try expect(closing)
            let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
            guard keep || hasEntity else {
                // Checking only: the bytes must still be UTF-8.
                guard String(validating: bytes[start..<end], as: UTF8.self) != nil, !bytes[start..<end].starts(with: byteOrderMark) else { throw Unsupported() }
                return ""
            }
            var decoded: [UInt8] = []
            if hasEntity {
                decoded.reserveCapacity(end - start)
                var index = start
                while index < end {
                    guard bytes[index] == UInt8(ascii: "&") else {
                        decoded.append(bytes[index])
                        index += 1
                        continue
                    }
                    guard let semicolon = bytes[index..<end].firstIndex(of: UInt8(ascii: ";")) else { throw Unsupported() }
                    let name = String(decoding: bytes[index + 1..<semicolon], as: UTF8.self)
                    decoded += try Self.entity(name)
                    index = semicolon + 1
                }
            } else {
                decoded = Array(bytes[start..<end])
            }
            guard !decoded.starts(with: byteOrderMark), let string = String(validating: decoded, as: UTF8.self) else { throw Unsupported() }
            return string
        }

        static func entity(_ name: String) throws(Unsupported) -> [UInt8] {
            switch name {
            case "amp": return [UInt8(ascii: "&")]
            case "lt": return [UInt8(ascii: "<")]
            case "gt": return [UInt8(ascii: ">")]
            case "quot": return [UInt8(ascii: "\"")]
            case "apos": return [UInt8(ascii: "'")]
            default: break
            }
            var digits = Substring(name)
            guard digits.first == "#" else { throw Unsupported() }
            digits = digits.dropFirst()
            var radix = 10
            if digits.first == "x" {
                radix = 16
                digits = digits.dropFirst()
            }
            // Foundation refuses a reference of more than eight digits, leading zeros included.
            guard !digits.isEmpty, digits.count <= 8, digits.allSatisfy({ $0.isHexDigit }), let value = UInt32(digits, radix: radix),
                value == 0x09 || value == 0x0A || value >= 0x20, let scalar = Unicode.Scalar(value)
            else { throw Unsupported() }
            return Array(String(Character(scalar)).utf8)
        }
    }
}
