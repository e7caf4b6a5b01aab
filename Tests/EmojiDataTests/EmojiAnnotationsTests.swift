import EmojiData
import Foundation
import TestSupport
import Testing

struct EmojiAnnotationsTests {
    static let fixtures = Fixtures.packageRoot.appendingPathComponent("Tests/EmojiDataTests/Fixtures")

    /// Debian's CLDR (unicode-cldr-core, installed by .ci/install); the tests fail loudly without it.
    static func real(_ locale: String) throws -> EmojiAnnotations {
        let common = EmojiAnnotations.debianCLDRCommon
        precondition(
            FileManager.default.fileExists(atPath: common.appendingPathComponent("annotations/en.xml").path),
            "\(common.path) is missing: install unicode-cldr-core (.ci/install)")
        return try EmojiAnnotations(cldrCommon: common, locale: locale)
    }

    static func fixture() throws -> EmojiAnnotations {
        var annotations = EmojiAnnotations(locale: "en")
        try annotations.add(contentsOf: fixtures.appendingPathComponent("annotations-base.xml"))
        try annotations.add(contentsOf: fixtures.appendingPathComponent("annotations-derived.xml"))
        return annotations
    }

    @Test func grinningFaceInEnglishAndChinese() throws {
        let en = try Self.real("en")
        #expect(en.name(for: "😀") == "grinning face")
        #expect(en.keywords(for: "😀") == ["face", "grin", "grinning face"])
        let zh = try Self.real("zh")
        #expect(zh.name(for: "😀") == "嘿嘿")
        #expect(zh.keywords(for: "😀") == ["嘿嘿", "笑脸", "脸"])
        let hant = try Self.real("zh_Hant")
        #expect(hant.name(for: "😀") != nil)
        #expect(hant.name(for: "😀") != zh.name(for: "😀"))
    }

    @Test func derivedFilesAddSkinTonesAndSequences() throws {
        let en = try Self.real("en")
        #expect(en.name(for: "👍🏻") == "thumbs up: light skin tone")
        #expect(en.keywords(for: "👍🏻").contains("light skin tone"))
        let zh = try Self.real("zh")
        #expect(zh.name(for: "👍🏻") == "拇指向上: 较浅肤色")
        // A multi-person sequence with two tones lives only in the derived file.
        #expect(en.name(for: "🧑🏻\u{200D}🤝\u{200D}🧑🏿")?.hasPrefix("people holding hands") == true)
        #expect(en.count > 4000)
    }

    @Test func variationSelectorIsIgnoredOnLookup() throws {
        let en = try Self.real("en")
        // CLDR keys "❤" without U+FE0F; emoji-test.txt spells the fully-qualified form with it.
        #expect(en.name(for: "\u{2764}\u{FE0F}") == "red heart")
        #expect(en.name(for: "\u{2764}") == "red heart")
        #expect(en.name(for: "\u{2764}\u{FE0E}") == "red heart")
        let fixture = try Self.fixture()
        #expect(fixture.name(for: "❤️") == "red heart")
    }

    @Test func fixtureEntitiesCommentsAndPriority() throws {
        let annotations = try Self.fixture()
        #expect(annotations.name(for: "&") == "ampersand")
        #expect(annotations.name(for: "X") == nil)
        #expect(annotations.keywords(for: "🥹") == ["angry", "cry", "proud"])
        #expect(annotations.name(for: "🥹") == nil)
        #expect(annotations.name(for: "👍") == "thumbs up")
        #expect(annotations.keywords(for: "👍") == ["+1", "hand", "thumb"])
        // The first file added (the base annotations) wins over the derived one.
        #expect(annotations.name(for: "😀") == "grinning face")
        #expect(annotations.keywords(for: "😀") == ["face", "grin", "grinning face"])
        #expect(annotations.name(for: "👍🏻") == "thumbs up: light skin tone")
        #expect(annotations.count == 6)
        #expect(annotations.annotation(for: "🦄") == nil)
        #expect(annotations.keywords(for: "🦄") == [])
    }

    /// Keywords are split at `|` and trimmed of every Unicode space, as a split of the text's
    /// scalars would do it, whatever spaces stand around them (ASCII, NEL, ideographic, a
    /// combining mark after a space), and empty ones are dropped.
    @Test func keywordsSplitAndTrimAsScalarsWould() throws {
        func reference(_ text: String) -> [String] {
            text.unicodeScalars.split(separator: "|").map { piece -> String in
                var scalars = piece
                while let first = scalars.first, first.properties.isWhitespace { scalars = scalars.dropFirst() }
                while let last = scalars.last, last.properties.isWhitespace { scalars = scalars.dropLast() }
                return String(Substring(scalars))
            }.filter { !$0.isEmpty }
        }
        let texts = [
            "face | grin | grinning face", "嘿嘿 | 笑脸 | 脸", "  a  |  b  ", "||", "|x|", "", " ", "\t x \n| y\r",
            "\u{85}a\u{85} | \u{3000}笑\u{3000}", " \u{301}x | y \u{301} ", "\u{A0}nbsp\u{A0}|\u{2028}ls\u{2029}", "👍🏻 | 👍 ",
        ]
        for (index, text) in texts.enumerated() {
            var annotations = EmojiAnnotations(locale: "en")
            let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            try annotations.add(xml: "<annotation cp=\"\(index)\">\(escaped)</annotation>", path: "k.xml")
            // The element's text is trimmed whole first, which changes no keyword.
            #expect(annotations.keywords(for: "\(index)") == reference(text), "\(text.debugDescription)")
        }
        // And on every annotation CLDR ships in the two languages emokit names emoji in.
        for locale in ["en", "zh"] {
            let path = EmojiAnnotations.debianCLDRCommon.appendingPathComponent("annotations/\(locale).xml")
            let xml = try String(contentsOf: path, encoding: .utf8)
            let table = try Self.real(locale)
            var checked = 0
            for match in xml.split(separator: "<annotation cp=\"").dropFirst() {
                guard let quote = match.firstIndex(of: "\""), let open = match.firstIndex(of: ">"), let close = match.range(of: "</annotation>"),
                    !match[..<open].contains("tts")
                else { continue }
                let cp = String(match[..<quote])
                // (Entities, the white-space characters CLDR names and a commented-out empty `cp` are
                // left to the tests above.)
                guard !cp.isEmpty, !cp.contains("&"), !cp.unicodeScalars.contains(where: \.properties.isWhitespace), !match[open..<close.lowerBound].contains("&")
                else { continue }
                #expect(table.keywords(for: cp) == reference(String(match[match.index(after: open)..<close.lowerBound])), "\(locale) \(cp)")
                checked += 1
            }
            #expect(checked > 1800)
        }
    }

    @Test func keyboardLocalesMapToCLDR() {
        #expect(EmojiAnnotations.cldrLocale(forKeyboardLocale: "cn") == "zh")
        #expect(EmojiAnnotations.cldrLocale(forKeyboardLocale: "tw") == "zh_Hant")
        #expect(EmojiAnnotations.cldrLocale(forKeyboardLocale: "en") == "en")
        #expect(EmojiAnnotations.cldrLocale(forKeyboardLocale: "fr") == nil)
    }

    @Test func badFilesAreOneLineErrorsNamingTheFile() throws {
        var annotations = EmojiAnnotations(locale: "en")
        #expect(throws: EmojiDataError.malformed(path: "bad.xml", line: 3, reason: "<annotation cp=\"😀\"> is not closed")) {
            try annotations.add(xml: "<ldml>\n<annotations>\n<annotation cp=\"😀\">grin\n", path: "bad.xml")
        }
        #expect(throws: EmojiDataError.malformed(path: "bad.xml", line: 2, reason: "unknown entity &nope;")) {
            try annotations.add(xml: "<ldml>\n<annotation cp=\"&nope;\">x</annotation>", path: "bad.xml")
        }
        #expect(throws: EmojiDataError.malformed(path: "bad.xml", line: 1, reason: "<annotation> without a cp attribute")) {
            try annotations.add(xml: "<annotation type=\"tts\">x</annotation>", path: "bad.xml")
        }
        let missing = Self.fixtures.appendingPathComponent("nope")
        #expect(throws: EmojiDataError.unreadable(path: missing.appendingPathComponent("annotations/en.xml").path, reason: "no such file")) {
            try EmojiAnnotations(cldrCommon: missing, locale: "en")
        }
        #expect(throws: EmojiDataError.unreadable(path: "/dev/zero", reason: "not a regular file")) {
            try annotations.add(contentsOf: URL(fileURLWithPath: "/dev/zero"))
        }
        #expect(annotations.count == 0)
        #expect(EmojiDataError.malformed(path: "a.xml", line: 4, reason: "x").description == "a.xml: line 4: x")
    }
}
