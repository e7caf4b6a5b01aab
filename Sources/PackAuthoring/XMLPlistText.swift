import Foundation

/// Edits an XML plist whose root is an array as text, so every byte outside the edit stays as
/// the person (or Xcode) wrote it: comments, key order, indentation, line endings.
enum XMLPlistText {
    /// Where the root array's children are: each element's byte range, from the start of its
    /// line when only spaces precede it there, to the end of its line when only spaces follow.
    struct Layout {
        var children: [Range<Int>]
        /// The root `</array>` (or `<array/>`) tag.
        var close: Range<Int>
        var selfClosing: Bool
    }

    static func edit(_ data: Data, count: Int, removing: Set<Int>, appending entries: [PackStarter.Entry], display: String) throws(PackStarterError) -> Data {
        let bytes = [UInt8](data)
        guard let layout = scan(bytes), layout.children.count == count else {
            throw .cannotUpdate(path: display, reason: "its XML could not be followed tag by tag; nothing written")
        }
        let newline = bytes.contains(0x0D) && bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } == true ? "\r\n" : "\n"
        // The indentation of the entries already there (Xcode's tabs when there are none).
        var indent = "\t", keyIndent = "\t\t"
        if let first = layout.children.first {
            let text = String(decoding: bytes[first], as: UTF8.self)
            // `\r\n` is one Character: split on every kind of line end.
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            if let open = lines.first { indent = String(open.prefix { $0 == " " || $0 == "\t" }) }
            if lines.count > 1 { keyIndent = String(lines[1].prefix { $0 == " " || $0 == "\t" }) }
        }
        var insertion = entries.flatMap { PackStarter.dictLines($0, indent: indent, keyIndent: keyIndent) }.map { $0 + newline }.joined()
        var result: [UInt8] = []
        var position = 0
        for (index, range) in layout.children.enumerated() where removing.contains(index) {
            result += bytes[position..<range.lowerBound]
            position = range.upperBound
        }
        if layout.selfClosing {
            // `<array/>`: becomes an array holding the new entries.
            insertion = "<array>" + newline + insertion + "</array>"
            result += bytes[position..<layout.close.lowerBound]
            result += Array(insertion.utf8)
            position = layout.close.upperBound
        } else {
            // Before the line of `</array>` when it starts its line, else right before the tag.
            var at = layout.close.lowerBound
            while at > position, bytes[at - 1] == 0x20 || bytes[at - 1] == 0x09 { at -= 1 }
            if at > 0, bytes[at - 1] != 0x0A { at = layout.close.lowerBound; insertion = newline + insertion }
            result += bytes[position..<at]
            result += Array(insertion.utf8)
            position = at
        }
        result += bytes[position...]
        return Data(result)
    }

    /// The root array's children and closing tag; nil when the text is not followed safely.
    static func scan(_ bytes: [UInt8]) -> Layout? {
        var depth = 0  // 0 outside the root array, 1 inside it, more inside a child
        var rootSeen = false
        var children: [Range<Int>] = []
        var childStart = 0
        var i = 0
        func starts(_ text: String, at index: Int) -> Bool {
            let t = Array(text.utf8)
            return index + t.count <= bytes.count && Array(bytes[index..<index + t.count]) == t
        }
        while i < bytes.count {
            guard bytes[i] == 0x3C else { i += 1; continue }  // '<'
            // Comments and CDATA may hold any '<' or '>': skipped whole.
            if starts("<!--", at: i) || starts("<![CDATA[", at: i) {
                let close = starts("<!--", at: i) ? "-->" : "]]>"
                guard let end = find(close, in: bytes, from: i) else { return nil }
                i = end + close.utf8.count
                continue
            }
            if starts("<?", at: i) || starts("<!", at: i) {
                guard let end = bytes[i...].firstIndex(of: 0x3E) else { return nil }
                i = end + 1
                continue
            }
            guard let end = bytes[i...].firstIndex(of: 0x3E) else { return nil }
            let closing = bytes[i + 1] == 0x2F
            let selfClosing = bytes[end - 1] == 0x2F
            let name = String(decoding: bytes[(i + (closing ? 2 : 1))..<end].prefix { $0 != 0x20 && $0 != 0x2F && $0 != 0x3E && $0 != 0x09 && $0 != 0x0A }, as: UTF8.self)
            if name == "plist" { i = end + 1; continue }
            if !rootSeen {
                guard name == "array", !closing else { return nil }
                rootSeen = true
                if selfClosing { return Layout(children: [], close: i..<end + 1, selfClosing: true) }
                depth = 1
                i = end + 1
                continue
            }
            if closing {
                depth -= 1
                if depth == 0 { return Layout(children: children, close: i..<end + 1, selfClosing: false) }
                if depth == 1 { children.append(childStart..<lineEnd(bytes, after: end + 1)) }
            } else {
                if depth == 1 { childStart = lineStart(bytes, before: i) }
                if selfClosing {
                    if depth == 1 { children.append(childStart..<lineEnd(bytes, after: end + 1)) }
                } else {
                    depth += 1
                }
            }
            i = end + 1
        }
        return nil
    }

    static func find(_ text: String, in bytes: [UInt8], from: Int) -> Int? {
        let t = Array(text.utf8)
        var i = from
        while i + t.count <= bytes.count {
            if Array(bytes[i..<i + t.count]) == t { return i }
            i += 1
        }
        return nil
    }

    /// The start of `index`'s line when only spaces or tabs precede it there, else `index`.
    static func lineStart(_ bytes: [UInt8], before index: Int) -> Int {
        var at = index
        while at > 0, bytes[at - 1] == 0x20 || bytes[at - 1] == 0x09 { at -= 1 }
        return at == 0 || bytes[at - 1] == 0x0A ? at : index
    }

    /// Past the line's end (its newline included) when only spaces or tabs follow `index`, else `index`.
    static func lineEnd(_ bytes: [UInt8], after index: Int) -> Int {
        var at = index
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D { at += 1 }
        if at < bytes.count, bytes[at] == 0x0A { return at + 1 }
        return at == bytes.count ? at : index
    }
}
