import TextEscaping

/// A small reader for CLDR annotation files. They are regular XML (`<annotation cp="…"
/// [type="tts"] [draft="…"]>text</annotation>`, comments, entities); reading just that keeps the
/// module free of an XML library (FoundationXML would add libxml2 to emokit's dependencies).
///
/// It scans UTF-8 bytes, not Characters: a quote followed by a skin-tone modifier (`"🏻"`) is one
/// grapheme cluster in Swift, so Character-level scanning would miss the quote. Markup bytes
/// (`<`, `>`, `"`, `&`) never occur inside a multi-byte UTF-8 sequence.
enum AnnotationXML {
    struct Element: Equatable {
        var cp: String
        var isTTS: Bool
        var text: String
    }

    static func parse(_ xml: String, path: String) throws(EmojiDataError) -> [Element] {
        let bytes = Array(xml.utf8)
        var elements: [Element] = []
        var position = 0
        var line = 1
        var counted = 0  // bytes up to here have been counted into `line`
        func advanceLine(to index: Int) {
            while counted < min(index, bytes.count) {
                if bytes[counted] == 0x0A { line += 1 }
                counted += 1
            }
        }
        func fail(_ why: String) -> EmojiDataError { .malformed(path: path, line: line, reason: why) }
        while let open = find(bytes, "<", from: position) {
            advanceLine(to: open)
            if starts(bytes, "<!--", at: open) {
                guard let end = find(bytes, "-->", from: open + 4) else { throw fail("unterminated comment") }
                position = end + 3
                continue
            }
            guard starts(bytes, "<annotation", at: open), open + 11 < bytes.count,
                [0x20, 0x09, 0x0A, 0x0D].contains(bytes[open + 11])
            else {
                position = open + 1
                continue
            }
            guard let tagEnd = find(bytes, ">", from: open) else { throw fail("unterminated <annotation> tag") }
            let attributes = try attributesOf(bytes[(open + 11)..<tagEnd], fail: fail)
            guard let cp = attributes["cp"], !cp.isEmpty else { throw fail("<annotation> without a cp attribute") }
            guard let close = find(bytes, "</annotation>", from: tagEnd + 1) else { throw fail("<annotation cp=\"\(cp)\"> is not closed") }
            let text = try decodeEntities(bytes[(tagEnd + 1)..<close], fail: fail)
            elements.append(Element(cp: cp, isTTS: attributes["type"] == "tts", text: trim(text)))
            position = close + 13
        }
        return elements
    }

    /// `name="value"` pairs (double or single quotes), entities decoded.
    static func attributesOf(_ tag: ArraySlice<UInt8>, fail: (String) -> EmojiDataError) throws(EmojiDataError) -> [String: String] {
        var result: [String: String] = [:]
        var index = tag.startIndex
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x2F }
        while true {
            while index < tag.endIndex, isSpace(tag[index]) { index += 1 }
            guard index < tag.endIndex else { return result }
            guard let equals = tag[index...].firstIndex(of: UInt8(ascii: "=")) else { throw fail("bad attribute in an <annotation> tag") }
            let name = trim(String(decoding: tag[index..<equals], as: UTF8.self))
            var valueStart = equals + 1
            while valueStart < tag.endIndex, tag[valueStart] == 0x20 { valueStart += 1 }
            guard valueStart < tag.endIndex, tag[valueStart] == UInt8(ascii: "\"") || tag[valueStart] == UInt8(ascii: "'") else {
                throw fail("unquoted attribute \(name)")
            }
            let quote = tag[valueStart]
            guard let valueEnd = tag[(valueStart + 1)...].firstIndex(of: quote) else { throw fail("unterminated attribute \(name)") }
            result[name] = try decodeEntities(tag[(valueStart + 1)..<valueEnd], fail: fail)
            index = valueEnd + 1
        }
    }

    /// UTF-8 text with XML's five named entities and numeric references decoded.
    static func decodeEntities(_ bytes: ArraySlice<UInt8>, fail: (String) -> EmojiDataError) throws(EmojiDataError) -> String {
        do { return try XMLEntities.decode(String(decoding: bytes, as: UTF8.self)) } catch {
            switch error {
            case .unterminated: throw fail("unterminated entity")
            case .unknown(let name): throw fail("unknown entity &\(name);")
            }
        }
    }

    static func find(_ bytes: [UInt8], _ needle: StaticString, from start: Int) -> Int? {
        let first = needle.utf8Start.pointee
        var index = start
        while index < bytes.count, let candidate = bytes[index...].firstIndex(of: first) {
            if starts(bytes, needle, at: candidate) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    static func starts(_ bytes: [UInt8], _ prefix: StaticString, at index: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = prefix.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    /// The keywords of an annotation's text: split at `|`, each trimmed, empty ones dropped. Split
    /// on UTF-8 bytes (`|` is never part of a multi-byte sequence): splitting the scalars and
    /// rebuilding each piece from them was most of reading CLDR's files.
    static func keywords(_ text: String) -> [String] {
        var keywords: [String] = []
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in 0...utf8.count where index == utf8.count || utf8[index] == UInt8(ascii: "|") {
                let keyword = trim(String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<index]), as: UTF8.self))
                if !keyword.isEmpty { keywords.append(keyword) }
                start = index + 1
            }
        }
        return keywords
    }

    static func trim(_ text: String) -> String {
        // ASCII spaces first, on bytes (a keyword after `|` starts with one); what Unicode calls
        // white space beyond ASCII (0x85, U+3000...) takes the full path below.
        let utf8 = text.utf8
        var start = utf8.startIndex, end = utf8.endIndex
        func isASCIISpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        while start < end, isASCIISpace(utf8[start]) { start = utf8.index(after: start) }
        while start < end, isASCIISpace(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        let text = start == utf8.startIndex && end == utf8.endIndex ? text : String(decoding: utf8[start..<end], as: UTF8.self)
        // Most values now start and end with a visible ASCII character: nothing more to trim.
        // (Any other first or last byte, including the bytes of a non-ASCII space, goes on.)
        if let first = text.utf8.first, let last = text.utf8.last, (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) { return text }
        // Nor when the first and last characters are not spaces (a Chinese name's are not).
        if let first = text.unicodeScalars.first, let last = text.unicodeScalars.last, !first.properties.isWhitespace, !last.properties.isWhitespace {
            return text
        }
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
