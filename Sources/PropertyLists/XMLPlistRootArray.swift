import Foundation

/// Where a root array's items are in an XML plist, as `XMLPlistReader` reads it: the one reader
/// both `generate` and `init --update`'s text editor go through, so the editor cuts and inserts
/// at exactly the items the reader counted (never at a `<dict>` inside a comment the editor took
/// for closed, never inside a comment).
package struct XMLPlistRootArray {
    /// The items, parsed one at a time when read (index `n` is the plist's entry `n`).
    package let items: PlistItems
    /// Each item's bytes, from its `<` to the end of its closing `>`.
    package let ranges: [Range<Int>]
    /// The root's closing `</array>`, or its `<array/>` when it has no items.
    package let close: Range<Int>
    /// The root is `<array/>`.
    package let selfClosing: Bool

    /// nil when the document is not a plain XML plist (the subset `XMLPlistReader.read` reads)
    /// with an array at its root.
    package init?(_ data: Data) {
        let found = data.withUnsafeBytes { bytes -> (ranges: [Range<Int>], close: Range<Int>, selfClosing: Bool)? in
            var parser = XMLPlistReader.Parser(bytes: bytes, offset: 0, build: false)
            do throws(XMLPlistReader.Parser.Unsupported) {
                try parser.prolog()
                let result: (ranges: [Range<Int>], close: Range<Int>, selfClosing: Bool)
                if parser.starts(with: "<array/>") {
                    result = ([], parser.offset..<parser.offset + 8, true)
                    parser.offset += 8
                } else if parser.starts(with: "<array>") {
                    let ranges = try parser.arrayItemRanges()
                    result = (ranges, parser.offset - 8..<parser.offset, false)
                } else {
                    return nil
                }
                try parser.epilog()
                return result
            } catch {
                return nil
            }
        }
        guard let found else { return nil }
        items = PlistItems(data: data, ranges: found.ranges)
        ranges = found.ranges
        close = found.close
        selfClosing = found.selfClosing
    }
}
