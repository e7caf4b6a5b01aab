import Foundation
import PropertyLists

/// Edits an XML plist whose root is an array as text, so every byte outside the edit stays as
/// the person (or Xcode) wrote it: comments, key order, indentation, line endings. It cuts and
/// inserts only where the plist reader put the root array's items and its closing tag
/// (`XMLPlistRootArray`), so what it removes is the entry the reader numbered, and what it adds
/// lands in the array, never inside a comment.
enum XMLPlistText {
    static func edit(_ data: Data, at layout: XMLPlistRootArray, removing: Set<Int>, appending entries: [PackStarter.Entry]) -> Data {
        let bytes = data.startIndex == 0 ? data : Data(data)
        let newline = bytes.contains(0x0D) && bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } == true ? "\r\n" : "\n"
        // The indentation of the entries already there (Xcode's tabs when there are none).
        var indent = "\t", keyIndent = "\t\t"
        if let first = layout.ranges.first {
            let opening = bytes[lineStart(bytes, before: first.lowerBound)..<first.lowerBound]
            if opening.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { indent = String(decoding: opening, as: UTF8.self) }
            let text = String(decoding: bytes[first], as: UTF8.self)
            // `\r\n` is one Character: split on every kind of line end.
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            if lines.count > 1 { keyIndent = String(lines[1].prefix { $0 == " " || $0 == "\t" }) }
        }
        var insertion = entries.flatMap { PackStarter.dictLines($0, indent: indent, keyIndent: keyIndent) }.map { $0 + newline }.joined()
        var result = Data()
        result.reserveCapacity(bytes.count + insertion.utf8.count + 32)
        var position = 0
        for (index, item) in layout.ranges.enumerated() where removing.contains(index) {
            // The item's whole lines when nothing else is on them, else the item alone.
            let start = lineStart(bytes, before: item.lowerBound), end = lineEnd(bytes, after: item.upperBound)
            result += bytes[position..<start]
            position = end
        }
        if layout.selfClosing {
            // `<array/>`: becomes an array holding the new entries.
            if !entries.isEmpty {
                result += bytes[position..<layout.close.lowerBound]
                result += Array(("<array>" + newline + insertion + "</array>").utf8)
                position = layout.close.upperBound
            }
        } else if !entries.isEmpty {
            // Before the line of `</array>` when it starts its line, else right before the tag.
            var at = layout.close.lowerBound
            while at > position, bytes[at - 1] == 0x20 || bytes[at - 1] == 0x09 { at -= 1 }
            if at > 0, bytes[at - 1] != 0x0A {
                at = layout.close.lowerBound
                insertion = newline + insertion
            }
            result += bytes[position..<at]
            result += Array(insertion.utf8)
            position = at
        }
        result += bytes[position...]
        return result
    }

    /// The start of `index`'s line when only spaces or tabs precede it there, else `index`.
    static func lineStart(_ bytes: Data, before index: Int) -> Int {
        var at = index
        while at > 0, bytes[at - 1] == 0x20 || bytes[at - 1] == 0x09 { at -= 1 }
        return at == 0 || bytes[at - 1] == 0x0A ? at : index
    }

    /// Past the line's end (its newline included) when only spaces or tabs follow `index`, else `index`.
    static func lineEnd(_ bytes: Data, after index: Int) -> Int {
        var at = index
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D { at += 1 }
        if at < bytes.count, bytes[at] == 0x0A { return at + 1 }
        return at == bytes.count ? at : index
    }
}
