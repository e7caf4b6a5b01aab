import Foundation
import Synchronization

/// Unicode's `emoji-test.txt` (UTS #51 test data, shipped by Debian's `unicode-data`): every emoji
/// in CLDR's keyboard order, grouped (`# group: Smileys & Emotion`) and subgrouped
/// (`# subgroup: face-smiling`), each line with its code points, qualification, the Emoji version
/// that introduced it and its English name:
///
///     1F600 ; fully-qualified # 😀 E1.0 grinning face
///
/// The file's own Emoji version comes from its `# Version: 15.0` header.
public struct EmojiTestFile: Sendable, Equatable {
    public enum Status: String, Sendable, CaseIterable {
        case component
        case fullyQualified = "fully-qualified"
        case minimallyQualified = "minimally-qualified"
        case unqualified
    }

    /// One line of the file.
    public struct Entry: Sendable, Equatable {
        /// The emoji itself, built from the code points (not copied from the comment).
        public var text: String
        public var status: Status
        /// The Emoji version that introduced it (`"1.0"` for `E1.0`).
        public var emojiVersion: String
        /// The English CLDR short name (`grinning face`, `thumbs up: light skin tone`).
        public var name: String
        public var group: String
        public var subgroup: String
        /// 1-based line number, for messages.
        public var line: Int

        /// Code points as upper-case hex separated by spaces, as the file writes them.
        public var codePoints: String {
            text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
        }
    }

    /// A group and its subgroups, in file order.
    public struct Group: Sendable, Equatable {
        public var name: String
        public var subgroups: [String]
        public init(name: String, subgroups: [String]) {
            self.name = name
            self.subgroups = subgroups
        }
    }

    /// Where Debian's `unicode-data` installs it.
    public static let debianPath = URL(fileURLWithPath: "/usr/share/unicode/emoji/emoji-test.txt")

    /// The Emoji version of the data (`# Version: 15.0`), nil when the header is absent.
    public var version: String?
    public var groups: [Group]
    public var entries: [Entry]

    /// Reads and parses the file. A process that generates more than once (a test suite, an app
    /// using the library) parses an unchanged file once, as `EmojiAnnotations` does: the result
    /// is kept by the file's identity (path, device, inode, size, modification and change times).
    public init(contentsOf url: URL = EmojiTestFile.debianPath) throws(EmojiDataError) {
        let key = EmojiDataFile.identity(of: url.path)
        if let known = Self.loaded.withLock({ $0[key] }) {
            self = known
            return
        }
        try self.init(text: EmojiDataFile.readText(url), path: url.path)
        let made = self
        Self.loaded.withLock { $0[key] = made }
    }

    /// Files already parsed in this process, by identity (few: Debian's file and a test's own).
    private static let loaded = Mutex([String: EmojiTestFile]())

    /// Parses the file's text; `path` names it in errors. Every entry line is checked: known
    /// status, hex code points, and the comment's emoji equal to the code points. A file with no
    /// entries at all is refused (it is not emoji-test.txt).
    public init(text: String, path: String) throws(EmojiDataError) {
        version = nil
        groups = []
        entries = []
        var group: String?
        var subgroup: String?
        var lineNumber = 0
        for line in Self.lines(of: text) {
            lineNumber += 1
            func fail(_ why: String) -> EmojiDataError { .malformed(path: path, line: lineNumber, reason: why) }
            let trimmed = Self.trimmed(line)
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("#") {
                let comment = Self.trimmed(trimmed.dropFirst())
                if let value = Self.value(of: "group:", in: comment) {
                    guard !value.isEmpty else { throw fail("a group without a name") }
                    group = value
                    subgroup = nil
                    groups.append(Group(name: value, subgroups: []))
                } else if let value = Self.value(of: "subgroup:", in: comment) {
                    guard !groups.isEmpty else { throw fail("subgroup \"\(value)\" before any group") }
                    guard !value.isEmpty else { throw fail("a subgroup without a name") }
                    subgroup = value
                    groups[groups.count - 1].subgroups.append(value)
                } else if let value = Self.value(of: "Version:", in: comment), version == nil, entries.isEmpty {
                    version = value
                }
                continue
            }
            entries.append(try Self.entry(line, group: group, subgroup: subgroup, lineNumber: lineNumber, fail: fail))
        }
        if entries.isEmpty { throw .malformed(path: path, line: lineNumber, reason: "no emoji entries (is this emoji-test.txt?)") }
    }

    /// `text` without the spaces and tabs around it (what Foundation's `.whitespaces` trims: tab
    /// and the space separators), without bridging each line to Foundation.
    static func trimmed(_ text: Substring) -> Substring {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return Substring(scalars[first...last])
    }

    /// The lines of `text`, split where `Character.isNewline` splits them (LF, CR, CRLF as one,
    /// VT, FF, NEL, LS, PS) but found in its UTF-8 bytes: splitting by characters measured grapheme
    /// clusters across every emoji of the file and was most of reading it.
    package static func lines(of text: String) -> [Substring] {
        let utf8 = text.utf8
        var lines: [Substring] = []
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            var length = 0
            switch byte {
            case 0x0A, 0x0B, 0x0C: length = 1
            case 0x0D:
                let next = utf8.index(after: index)
                length = next != utf8.endIndex && utf8[next] == 0x0A ? 2 : 1
            case 0xC2:
                let next = utf8.index(after: index)
                if next != utf8.endIndex && utf8[next] == 0x85 { length = 2 }
            case 0xE2:
                let second = utf8.index(after: index)
                if second != utf8.endIndex && utf8[second] == 0x80 {
                    let third = utf8.index(after: second)
                    if third != utf8.endIndex && (utf8[third] == 0xA8 || utf8[third] == 0xA9) { length = 3 }
                }
            default: break
            }
            if length == 0 {
                index = utf8.index(after: index)
                continue
            }
            lines.append(Substring(utf8[start..<index]))
            index = utf8.index(index, offsetBy: length)
            start = index
        }
        lines.append(Substring(utf8[start..<utf8.endIndex]))
        return lines
    }

    /// The entries of one group, in file order.
    public func entries(inGroup name: String) -> [Entry] { entries.filter { $0.group == name } }

    static func value(of key: String, in comment: Substring) -> String? {
        guard comment.hasPrefix(key) else { return nil }
        return String(Self.trimmed(comment.dropFirst(key.count)))
    }

    /// `code points ; status # emoji E<version> name`
    ///
    /// Walked on the line's UTF-8 bytes (its delimiters are ASCII): walking it by characters
    /// measured grapheme clusters around every emoji of the file, and was most of reading it.
    /// A delimiter is a byte that is a character of its own, as when the line was walked by
    /// characters: the `#` of a keycap `#️⃣` is not the comment's.
    static func entry(
        _ line: Substring, group: String?, subgroup: String?, lineNumber: Int,
        fail: (String) -> EmojiDataError
    ) throws(EmojiDataError) -> Entry {
        let utf8 = line.utf8
        func delimiter(_ ascii: Unicode.Scalar, from start: String.Index) -> String.Index? {
            var from = start
            while let at = utf8[from...].firstIndex(of: UInt8(ascii: ascii)) {
                if line[at] == Character(ascii) { return at }
                from = utf8.index(after: at)
            }
            return nil
        }
        guard let semicolon = delimiter(";", from: utf8.startIndex) else { throw fail("expected 'code points ; status # emoji E<version> name'") }
        guard let hash = delimiter("#", from: semicolon) else { throw fail("missing the '# emoji E<version> name' comment") }
        guard let group else { throw fail("an emoji before any '# group:' line") }
        guard let subgroup else { throw fail("an emoji before any '# subgroup:' line in group \(group)") }
        var scalars = String.UnicodeScalarView()
        for bytes in utf8[..<semicolon].split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
            let part = Substring(bytes)
            guard part.count <= 6, let value = UInt32(part, radix: 16), let scalar = Unicode.Scalar(value) else {
                throw fail("\"\(part)\" is not a code point")
            }
            scalars.append(scalar)
        }
        guard !scalars.isEmpty else { throw fail("no code points") }
        let statusText = String(Self.trimmed(Substring(utf8[utf8.index(after: semicolon)..<hash])))
        guard let status = Status(rawValue: statusText) else { throw fail("unknown status \"\(statusText)\"") }
        let text = String(scalars)
        // The comment: spaces, the emoji (its bytes are its code points'), then E<version> and
        // the name. Compared on bytes, since the emoji is followed by a space that must not be
        // folded into its grapheme cluster.
        var emoji = utf8.index(after: hash)
        while emoji != utf8.endIndex && utf8[emoji] == UInt8(ascii: " ") { emoji = utf8.index(after: emoji) }
        guard utf8[emoji...].starts(with: text.utf8) else {
            throw fail("the comment's emoji does not match the code points \(String(line[line.startIndex..<semicolon]).trimmingCharacters(in: .whitespaces))")
        }
        let rest = Self.trimmed(Substring(utf8[utf8.index(emoji, offsetBy: text.utf8.count)...]))
        guard rest.hasPrefix("E"), let space = rest.firstIndex(of: " ") else { throw fail("expected 'E<version> name' after the emoji") }
        let version = String(rest[rest.index(after: rest.startIndex)..<space])
        guard !version.isEmpty, version.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { throw fail("bad Emoji version \"E\(version)\"") }
        let name = String(Self.trimmed(rest[space...]))
        guard !name.isEmpty else { throw fail("an emoji without a name") }
        return Entry(text: text, status: status, emojiVersion: version, name: name, group: group, subgroup: subgroup, line: lineNumber)
    }
}
