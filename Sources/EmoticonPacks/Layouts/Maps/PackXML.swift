import Foundation
import TextEscaping

/// A small XML reader for the map files chat apps ship with their emoticons (Jabber's
/// `icondef.xml`, KDE's `emoticons.xml`, EiskaltDC++'s maps, XhsEmoticonsKeyboard's sets, and an
/// Adium plist's key order). Those files are plain XML: elements, attributes, text, comments.
///
/// Why not Foundation's `XMLParser`: on Linux it is FoundationXML over libxml2, a library emokit
/// does not otherwise depend on. And a pack is untrusted input: this reader expands no entity
/// but XML's five and numeric references, loads nothing from outside (a DOCTYPE with
/// declarations is refused, never read), and caps depth and element count, so a hostile file
/// costs at most its size (already capped before reading) in time and memory.
///
/// It scans UTF-8 bytes: markup bytes (`<`, `>`, `"`, `&`) never occur inside a multi-byte
/// UTF-8 sequence.
struct PackXML {
    /// One element: its name, attributes (in file order), child elements and the text directly
    /// inside it (entities decoded, CDATA included, not trimmed).
    struct Element {
        var name: String
        var attributes: [(name: String, value: String)] = []
        var children: [Element] = []
        var text = ""
        /// The line the element starts on, for messages.
        var line = 1

        func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
        func children(named name: String) -> [Element] { children.filter { $0.name == name } }
        func child(named name: String) -> Element? { children.first { $0.name == name } }
        /// The text trimmed of surrounding white space.
        var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    static let maxDepth = 64
    static let maxElements = 500_000

    /// Why a file is refused: the line and what is wrong there.
    struct Failure: Error {
        let line: Int
        let reason: String
        var message: String { "line \(line): \(reason)" }
    }

    /// The root element of `data`.
    static func parse(_ data: Data) throws(Failure) -> Element {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw Failure(line: 1, reason: "the file is UTF-16; only UTF-8 is read")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw Failure(line: 1, reason: "the file is not UTF-8 text") }
        var scanner = Scanner(bytes: bytes)
        return try scanner.document()
    }

    struct Scanner {
        let bytes: [UInt8]
        var position = 0
        var line = 1
        var elements = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func fail(_ reason: String) -> Failure { Failure(line: line, reason: reason) }

        mutating func document() throws(Failure) -> Element {
            var root: Element?
            while true {
                skipSpace()
                if position >= bytes.count { break }
                if starts("<?") {
                    let declaration = try until("?>")
                    let lower = declaration.lowercased()
                    if let range = lower.range(of: "encoding=") {
                        let value = lower[range.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
                        if value != "utf-8" && value != "utf8" { throw fail("encoding \(value) is not read; save the file as UTF-8") }
                    }
                } else if starts("<!--") {
                    _ = try until("-->", from: 4)
                } else if starts("<!DOCTYPE") || starts("<!doctype") {
                    let doctype = try until(">")
                    if doctype.contains("[") { throw fail("a DOCTYPE with declarations is not read (no entity is expanded)") }
                } else if starts("<") {
                    if root != nil { throw fail("a second root element") }
                    root = try element(depth: 0)
                } else {
                    throw fail("text outside the root element")
                }
            }
            guard let root else { throw fail("no root element") }
            return root
        }

        mutating func element(depth: Int) throws(Failure) -> Element {
            if depth > PackXML.maxDepth { throw fail("elements nested deeper than \(PackXML.maxDepth)") }
            elements += 1
            if elements > PackXML.maxElements { throw fail("more than \(PackXML.maxElements) elements") }
            position += 1  // <
            var element = Element(name: name(), line: line)
            if element.name.isEmpty { throw fail("a '<' that starts no element") }
            while true {
                skipSpace()
                guard position < bytes.count else { throw fail("<\(element.name)> is not closed") }
                if starts("/>") {
                    position += 2
                    return element
                }
                if bytes[position] == UInt8(ascii: ">") {
                    position += 1
                    break
                }
                let attribute = name()
                if attribute.isEmpty { throw fail("bad attribute in <\(element.name)>") }
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { throw fail("attribute \(attribute) has no value") }
                position += 1
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                    throw fail("attribute \(attribute) is not quoted")
                }
                let quote = bytes[position]
                position += 1
                let start = position
                while position < bytes.count, bytes[position] != quote {
                    if bytes[position] == UInt8(ascii: "<") { throw fail("'<' inside attribute \(attribute)") }
                    if bytes[position] == 0x0A { line += 1 }
                    position += 1
                }
                guard position < bytes.count else { throw fail("attribute \(attribute) is not closed") }
                element.attributes.append((attribute, try decode(start..<position)))
                position += 1
            }
            // Content: text, children, comments, CDATA, up to the closing tag.
            while true {
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "<") {
                    if bytes[position] == 0x0A { line += 1 }
                    position += 1
                }
                if position > start { element.text += try decode(start..<position) }
                guard position < bytes.count else { throw fail("<\(element.name)> is not closed") }
                if starts("</") {
                    position += 2
                    let closing = name()
                    skipSpace()
                    guard closing == element.name, position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
                        throw fail("<\(element.name)> is closed by </\(closing)>")
                    }
                    position += 1
                    return element
                } else if starts("<!--") {
                    _ = try until("-->", from: 4)
                } else if starts("<![CDATA[") {
                    element.text += try until("]]>", from: 9)
                } else if starts("<?") {
                    _ = try until("?>")
                } else if starts("<!") {
                    throw fail("a declaration inside an element")
                } else {
                    element.children.append(try self.element(depth: depth + 1))
                }
            }
        }

        /// The text up to `end` (from `skip` bytes on), the position moved past `end`.
        mutating func until(_ end: String, from skip: Int = 0) throws(Failure) -> String {
            let needle = Array(end.utf8)
            var index = position + skip
            while index + needle.count <= bytes.count {
                if bytes[index] == needle[0], Array(bytes[index..<(index + needle.count)]) == needle {
                    let text = String(decoding: bytes[(position + skip)..<index], as: UTF8.self)
                    line += text.utf8.count { $0 == 0x0A }
                    position = index + needle.count
                    return text
                }
                index += 1
            }
            throw fail("\(end) is missing")
        }

        func starts(_ prefix: String) -> Bool {
            let needle = Array(prefix.utf8)
            return position + needle.count <= bytes.count && Array(bytes[position..<(position + needle.count)]) == needle
        }

        mutating func name() -> String {
            let start = position
            while position < bytes.count {
                let byte = bytes[position]
                let isNameByte =
                    byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
                guard isNameByte else { break }
                position += 1
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) {
                if bytes[position] == 0x0A { line += 1 }
                position += 1
            }
        }

        /// Text with XML's five named entities and numeric references decoded; any other entity
        /// is refused (none is ever looked up).
        func decode(_ range: Range<Int>) throws(Failure) -> String {
            do { return try XMLEntities.decode(String(decoding: bytes[range], as: UTF8.self)) } catch {
                switch error {
                case .unterminated: throw fail("an '&' that starts no entity")
                case .unknown(let name): throw fail("unknown entity &\(name); (only XML's own are read)")
                }
            }
        }
    }
}
