import TextEscaping

/// A strict JSON syntax check (RFC 8259) that says where the first mistake is as line:column,
/// and words the usual ones (a trailing comma, a missing comma, a comment, single quotes).
/// Foundation's parser gives only a character offset and, on some platforms, accepts a trailing
/// comma; a config file with a typo must be refused with a place a person can go to.
public struct JSONSyntax {
    public struct Mistake: Error, Equatable {
        public var line: Int
        public var column: Int
        public var message: String
    }

    /// Objects and arrays nested deeper than this are refused: a config needs three levels
    /// (`colors.dark.pageDot`), and a hostile file nested 40,000 deep must not overflow the stack
    /// here or in Foundation's parser after.
    public static let maxDepth = 64

    private let bytes: [UInt8]
    private var offset = 0
    private var depth = 0

    /// Nil when `data` is one valid JSON value (surrounded by white space only).
    public static func firstMistake(in bytes: [UInt8]) -> Mistake? {
        var checker = JSONSyntax(bytes: bytes)
        do throws(Mistake) {
            checker.skipSpace()
            try checker.value()
            checker.skipSpace()
            if checker.offset < bytes.count { throw checker.mistake("unexpected \(checker.describeNext()) after the end of the JSON value") }
            return nil
        } catch {
            return error
        }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Line and column (1-based, columns in characters) of the current offset.
    private func mistake(_ message: String, at position: Int? = nil) -> Mistake {
        let end = min(position ?? offset, bytes.count)
        var line = 1, lineStart = 0
        for i in 0..<end where bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return Mistake(line: line, column: column, message: message)
    }

    private func describeNext() -> String {
        guard offset < bytes.count else { return "end of file" }
        let rest = String(decoding: bytes[offset..<min(offset + 4, bytes.count)], as: UTF8.self)
        return "'\(rest.first.map(String.init) ?? "?")'"
    }

    private mutating func skipSpace() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    private var next: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func value() throws(Mistake) {
        guard let byte = next else { throw mistake("expected a value, found end of file") }
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
            guard depth < Self.maxDepth else { throw mistake("nested more than \(Self.maxDepth) levels deep") }
            depth += 1
            defer { depth -= 1 }
            if byte == UInt8(ascii: "{") { try object() } else { try array() }
            return
        }
        switch byte {
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "'"): throw mistake("strings take double quotes (\"), not single quotes")
        case UInt8(ascii: "/"): throw mistake("comments are not allowed in JSON")
        default: throw mistake("expected a value, found \(describeNext())")
        }
    }

    private mutating func object() throws(Mistake) {
        offset += 1
        skipSpace()
        if next == UInt8(ascii: "}") { offset += 1; return }
        var keys = Set<ArraySlice<UInt8>>()
        while true {
            skipSpace()
            guard next == UInt8(ascii: "\"") else {
                if next == UInt8(ascii: "}") { throw mistake("trailing comma before '}' (remove the last comma)", at: lastComma) }
                if next == UInt8(ascii: "/") { throw mistake("comments are not allowed in JSON") }
                throw mistake("expected a key in double quotes, found \(describeNext())")
            }
            let keyStart = offset
            try string()
            // A key given twice: Foundation keeps the last, so the first would be ignored unsaid.
            guard keys.insert(bytes[keyStart..<offset]).inserted else {
                let key = String(decoding: bytes[(keyStart + 1)..<(offset - 1)], as: UTF8.self)
                throw mistake("the key \(Escape.message(key)) is given twice in this object", at: keyStart)
            }
            skipSpace()
            guard next == UInt8(ascii: ":") else { throw mistake("expected ':' after the key, found \(describeNext())") }
            offset += 1
            skipSpace()
            try value()
            skipSpace()
            if next == UInt8(ascii: ",") { lastComma = offset; offset += 1; continue }
            if next == UInt8(ascii: "}") { offset += 1; return }
            if next == UInt8(ascii: "\"") { throw mistake("missing ',' between members") }
            throw mistake("expected ',' or '}', found \(describeNext())")
        }
    }

    private var lastComma = 0

    private mutating func array() throws(Mistake) {
        offset += 1
        skipSpace()
        if next == UInt8(ascii: "]") { offset += 1; return }
        while true {
            skipSpace()
            if next == UInt8(ascii: "]") { throw mistake("trailing comma before ']' (remove the last comma)", at: lastComma) }
            try value()
            skipSpace()
            if next == UInt8(ascii: ",") { lastComma = offset; offset += 1; continue }
            if next == UInt8(ascii: "]") { offset += 1; return }
            throw mistake("expected ',' or ']', found \(describeNext())")
        }
    }

    private mutating func string() throws(Mistake) {
        let start = offset
        offset += 1
        while let byte = next {
            offset += 1
            switch byte {
            case UInt8(ascii: "\""): return
            case UInt8(ascii: "\\"):
                guard let escaped = next else { break }
                offset += 1
                if escaped == UInt8(ascii: "u") {
                    let hex = bytes[offset..<min(offset + 4, bytes.count)]
                    guard hex.count == 4, hex.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }) else {
                        throw mistake("\\u needs four hexadecimal digits")
                    }
                    offset += 4
                } else if !Array("\"\\/bfnrt".utf8).contains(escaped) {
                    throw mistake("unknown escape '\\\(Character(Unicode.Scalar(escaped)))' in a string", at: offset - 2)
                }
            case 0x00..<0x20: throw mistake("a line break or control character inside a string (write \\n)", at: offset - 1)
            default: continue
            }
        }
        throw mistake("a string that never ends (missing closing \")", at: start)
    }

    private mutating func number() throws(Mistake) {
        let start = offset
        if next == UInt8(ascii: "-") { offset += 1 }
        func digits() -> Int {
            var count = 0
            while let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1; count += 1 }
            return count
        }
        if next == UInt8(ascii: "0") {
            offset += 1
            if let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { throw mistake("numbers may not start with 0", at: start) }
        } else if digits() == 0 {
            throw mistake("expected digits", at: start)
        }
        if next == UInt8(ascii: ".") {
            offset += 1
            if digits() == 0 { throw mistake("expected digits after '.'") }
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            offset += 1
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { offset += 1 }
            if digits() == 0 { throw mistake("expected digits in the exponent") }
        }
    }

    private mutating func literal(_ word: String) throws(Mistake) {
        let expected = Array(word.utf8)
        guard bytes.count >= offset + expected.count, Array(bytes[offset..<offset + expected.count]) == expected else {
            throw mistake("expected a value, found \(describeNext()) (strings need double quotes)")
        }
        offset += expected.count
    }
}
