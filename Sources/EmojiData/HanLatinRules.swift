/// A reader for the rules of CLDR's `Han-Latin` transform (`common/transforms/Han-Latin.xml`,
/// generated from Unihan's kMandarin). It reads only what the transform is made of:
///
/// - `[汉漢…]→hàn;` — every character of the class reads so (the file's bulk, one line a reading;
///   `a-b` is a range, as in UnicodeSet);
/// - `重 } \u0020? 庆 →chóng;` — a character read otherwise when the next one follows (CLDR's
///   few contextual compounds: 重庆 chóngqìng, 沈阳 shěnyáng);
/// - `::Han-Spacedhan();` and `#` comments, which change nothing here.
///
/// Any other rule is refused with its line, so a changed or hostile file fails loudly instead of
/// reading wrongly. The first rule for a character wins, as in the transform itself.
enum HanLatinRules {
    /// A reading that replaces a character's own when `next` follows it.
    struct Compound: Equatable, Sendable {
        var character: Unicode.Scalar
        var next: Unicode.Scalar
        var syllable: String
    }

    struct Parsed: Equatable, Sendable {
        var readings: [Unicode.Scalar: String] = [:]
        var compounds: [Compound] = []
    }

    /// The longest syllable accepted (`zhuang` has six letters); longer readings are not pinyin.
    static let maxSyllableLength = 8

    /// Parses the transform's `<tRule>` text. `keep` says which characters to store (the names'
    /// characters): every line is still checked, but the table stays small.
    static func parse(_ xml: String, path: String, keep: (Unicode.Scalar) -> Bool = { _ in true }) throws(EmojiDataError) -> Parsed {
        // Searched and split on UTF-8 bytes: Foundation's search and grapheme breaking over the
        // whole file were most of the reading's cost.
        let bytes = Array(xml.utf8)
        guard let open = AnnotationXML.find(bytes, "<tRule>", from: 0) else {
            throw .malformed(path: path, line: 1, reason: "no <tRule> element (not CLDR's Han-Latin transform)")
        }
        var line = 1 + bytes[..<open].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        guard let close = AnnotationXML.find(bytes, "</tRule>", from: open + 7) else { throw .malformed(path: path, line: line, reason: "<tRule> is not closed") }
        var parsed = Parsed()
        let utf8 = xml.utf8
        let body = xml[utf8.index(utf8.startIndex, offsetBy: open + 7)..<utf8.index(utf8.startIndex, offsetBy: close)]
        for bytes in body.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let text = Substring(bytes)
            defer { line += 1 }
            try parseLine(text, into: &parsed, keep: keep) { reason in .malformed(path: path, line: line, reason: reason) }
        }
        return parsed
    }

    private static func parseLine(
        _ text: Substring, into parsed: inout Parsed, keep: (Unicode.Scalar) -> Bool, fail: (String) -> EmojiDataError
    ) throws(EmojiDataError) {
        let rule = AnnotationXML.trim(String(String.UnicodeScalarView(text.unicodeScalars.prefix { $0 != "#" })))
        if rule.isEmpty || rule.hasPrefix("::") { return }
        guard rule.hasSuffix(";") else { throw fail("a rule without its closing ';'") }
        // Scalars, not Characters: the class lines are long, and grapheme breaking them was most
        // of the reading's cost.
        let scalars = rule.unicodeScalars.dropLast()
        guard let arrow = scalars.firstIndex(of: "→") else { throw fail("a rule without '→'") }
        let reading = AnnotationXML.trim(String(String.UnicodeScalarView(scalars[scalars.index(after: arrow)...])))
        guard let syllable = Pinyin.toneless(reading), syllable.count <= maxSyllableLength else {
            throw fail("\"\(reading.prefix(20))\" is not a pinyin syllable")
        }
        let source = AnnotationXML.trim(String(String.UnicodeScalarView(scalars[..<arrow])))
        if source.unicodeScalars.contains("}"), let brace = source.firstIndex(of: "}") {
            let character = try single(source[..<brace], fail: fail)
            var after = Substring(AnnotationXML.trim(String(source[source.index(after: brace)...])))
            if after.hasPrefix("\\u0020?") { after = Substring(AnnotationXML.trim(String(after.dropFirst(7)))) }
            let next = try single(after, fail: fail)
            if keep(character) { parsed.compounds.append(Compound(character: character, next: next, syllable: syllable)) }
            return
        }
        var characters = Substring(source).unicodeScalars[...]
        if characters.first == "[" && characters.last == "]" {
            characters = characters.dropFirst().dropLast()
        } else if characters.count != 1 {
            throw fail("unsupported rule \"\(source.prefix(20))\" (expected [characters]→pinyin;)")
        }
        guard !characters.isEmpty else { throw fail("an empty character class") }
        let list = Array(characters)
        var index = 0
        while index < list.count {
            // `辧-辩`: a range, as UnicodeSet writes a run of consecutive code points.
            var last = list[index]
            if index + 2 < list.count, list[index + 1] == "-" {
                last = list[index + 2]
                guard last.value >= list[index].value, last.value - list[index].value < maxRange else {
                    throw fail("bad range U+\(hex(list[index]))-U+\(hex(last))")
                }
            }
            for value in list[index].value...last.value {
                guard let character = Unicode.Scalar(value), Pinyin.isHan(character) else {
                    throw fail("U+\(hex(Unicode.Scalar(value) ?? "?")) is not a Han character")
                }
                if keep(character), parsed.readings[character] == nil { parsed.readings[character] = syllable }
            }
            index += last == list[index] ? 1 : 3
        }
    }

    /// The longest range accepted in a class (the transform's are a few code points long).
    static let maxRange: UInt32 = 4096

    /// One Han character, alone, or the rule's line is refused.
    private static func single(_ text: Substring, fail: (String) -> EmojiDataError) throws(EmojiDataError) -> Unicode.Scalar {
        let scalars = Substring(AnnotationXML.trim(String(text))).unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first, Pinyin.isHan(scalar) else {
            throw fail("unsupported context \"\(text.prefix(20))\" (expected one Han character)")
        }
        return scalar
    }

    /// `U+0061`: at least four hex digits, as Unicode writes code points.
    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
