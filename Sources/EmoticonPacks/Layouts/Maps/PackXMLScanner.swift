import Foundation
import TextEscaping

extension PackXML {
    /// Reads a document's bytes in place, keeping what a `Selection` names. Elements it does not
    /// keep are read all the same (names, quoting, entities, nesting, the caps), so a file is
    /// refused or read whatever a layout keeps of it.
    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        var line = 1
        var elements = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        func fail(_ reason: String) -> Failure { Failure(line: line, reason: reason) }

        mutating func document(keeping selection: Selection) throws(Failure) -> Element {
            var root: Element?
            var sawRoot = false
            while true {
                skipSpace()
                if position >= bytes.count { break }
                if starts("<?") {
                    let declaration = text(try until("?>")).lowercased()
                    if let range = declaration.range(of: "encoding=") {
                        let value = declaration[range.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
                        if value != "utf-8" && value != "utf8" { throw fail("encoding \(value) is not read; save the file as UTF-8") }
                    }
                } else if starts("<!--") {
                    _ = try until("-->", from: 4)
                } else if starts("<!DOCTYPE") || starts("<!doctype") {
                    let doctype = try until(">")
                    if bytes[doctype].contains(UInt8(ascii: "[")) { throw fail("a DOCTYPE with declarations is not read (no entity is expanded)") }
                } else if starts("<") {
                    if sawRoot { throw fail("a second root element") }
                    sawRoot = true
                    root = try element(depth: 0, keeping: selection, always: true)
                } else {
                    throw fail("text outside the root element")
                }
            }
            guard let root else { throw fail("no root element") }
            return root
        }

        /// One element and its content; nil when `selection` keeps nothing of it (it is still read
        /// through). `always` keeps it even when nothing inside is kept (the root, a listed child).
        mutating func element(depth: Int, keeping selection: Selection?, always: Bool) throws(Failure) -> Element? {
            if depth > PackXML.maxDepth { throw fail("elements nested deeper than \(PackXML.maxDepth)") }
            elements += 1
            if elements > PackXML.maxElements { throw fail("more than \(PackXML.maxElements) elements") }
            position += 1  // <
            let nameRange = name()
            if nameRange.isEmpty { throw fail("a '<' that starts no element") }
            let name = text(nameRange)
            var element = Element(name: name, line: line)
            while true {
                skipSpace()
                guard position < bytes.count else { throw fail("<\(name)> is not closed") }
                if starts("/>") {
                    position += 2
                    return selection != nil && (always || !element.attributes.isEmpty) ? element : nil
                }
                if bytes[position] == UInt8(ascii: ">") {
                    position += 1
                    break
                }
                let attributeRange = self.name()
                if attributeRange.isEmpty { throw fail("bad attribute in <\(name)>") }
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { throw fail("attribute \(text(attributeRange)) has no value") }
                position += 1
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                    throw fail("attribute \(text(attributeRange)) is not quoted")
                }
                let quote = bytes[position]
                position += 1
                let start = position
                while position < bytes.count, bytes[position] != quote {
                    if bytes[position] == UInt8(ascii: "<") { throw fail("'<' inside attribute \(text(attributeRange))") }
                    if bytes[position] == 0x0A { line += 1 }
                    position += 1
                }
                guard position < bytes.count else { throw fail("attribute \(text(attributeRange)) is not closed") }
                let attribute = text(attributeRange)
                if let kept = selection?.attributes, kept.contains(attribute) {
                    element.attributes.append((attribute, try decode(start..<position)))
                } else {
                    try check(start..<position)
                }
                position += 1
            }
            // Content: text, children, comments, CDATA, up to the closing tag.
            let keepsText = selection?.text ?? false
            while true {
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "<") {
                    if bytes[position] == 0x0A { line += 1 }
                    position += 1
                }
                if position > start {
                    if keepsText { element.text += try decode(start..<position) } else { try check(start..<position) }
                }
                guard position < bytes.count else { throw fail("<\(name)> is not closed") }
                if starts("</") {
                    position += 2
                    let closing = self.name()
                    skipSpace()
                    guard equal(closing, nameRange), position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
                        throw fail("<\(name)> is closed by </\(text(closing))>")
                    }
                    position += 1
                    guard selection != nil else { return nil }
                    let keptSomething = !element.children.isEmpty || !element.attributes.isEmpty || !element.text.isEmpty
                    return always || keptSomething ? element : nil
                } else if starts("<!--") {
                    _ = try until("-->", from: 4)
                } else if starts("<![CDATA[") {
                    let cdata = try until("]]>", from: 9)
                    if keepsText { element.text += text(cdata) }
                } else if starts("<?") {
                    _ = try until("?>")
                } else if starts("<!") {
                    throw fail("a declaration inside an element")
                } else {
                    let (child, childAlways) = childSelection(of: selection, named: position + 1)
                    if let kept = try self.element(depth: depth + 1, keeping: child, always: childAlways) { element.children.append(kept) }
                }
            }
        }

        /// How the child element whose name starts at `start` is read: its selection (nil:
        /// dropped) and whether it is kept even when nothing inside it is.
        func childSelection(of selection: Selection?, named start: Int) -> (Selection?, Bool) {
            guard let selection else { return (nil, false) }
            var end = start
            while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
            if let listed = selection.children[text(start..<end)] { return (listed, true) }
            switch selection.others {
            case .dropped: return (nil, false)
            case .skeletons: return (Selection(), true)
            case .likeThis: return (selection, false)
            }
        }

        /// The bytes up to `end` (from `skip` bytes on), the position moved past `end`.
        mutating func until(_ end: StaticString, from skip: Int = 0) throws(Failure) -> Range<Int> {
            let needle = UnsafeBufferPointer(start: end.utf8Start, count: end.utf8CodeUnitCount)
            var index = position + skip
            while index + needle.count <= bytes.count {
                if bytes[index] == needle[0], matches(needle, at: index) {
                    let range = (position + skip)..<index
                    for byte in bytes[range] where byte == 0x0A { line += 1 }
                    position = index + needle.count
                    return range
                }
                index += 1
            }
            throw fail("\(end) is missing")
        }

        func matches(_ needle: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
            guard index + needle.count <= bytes.count else { return false }
            for offset in 0..<needle.count where bytes[index + offset] != needle[offset] { return false }
            return true
        }

        func starts(_ prefix: StaticString) -> Bool {
            matches(UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount), at: position)
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
        }

        /// The name at the position, as a range of the bytes (the position moved past it).
        mutating func name() -> Range<Int> {
            let start = position
            while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
            return start..<position
        }

        func equal(_ lhs: Range<Int>, _ rhs: Range<Int>) -> Bool {
            lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { bytes[$0] == bytes[$1] }
        }

        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }

        mutating func skipSpace() {
            while position < bytes.count {
                let byte = bytes[position]
                guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
                if byte == 0x0A { line += 1 }
                position += 1
            }
        }

        /// Text with XML's five named entities and numeric references decoded; any other entity
        /// is refused (none is ever looked up).
        func decode(_ range: Range<Int>) throws(Failure) -> String {
            do { return try XMLEntities.decode(text(range)) } catch {
                switch error {
                case .unterminated: throw fail("an '&' that starts no entity")
                case .unknown(let name): throw fail("unknown entity &\(name); (only XML's own are read)")
                }
            }
        }

        /// Refuses what `decode` refuses, keeping nothing: text without an `&` is not copied.
        func check(_ range: Range<Int>) throws(Failure) {
            if bytes[range].contains(UInt8(ascii: "&")) { _ = try decode(range) }
        }
    }
}
