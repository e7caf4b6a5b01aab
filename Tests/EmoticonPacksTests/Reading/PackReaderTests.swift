import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// The plist cases of `../shared/conformance/plists`, with the counts conformance/plists/EXPECTED.md gives.
struct PackReaderTests {
    static let plists = Fixtures.conformance.appendingPathComponent("plists")

    func read(_ name: String, lenient: Bool = false) throws(PackReader.Failure) -> PackReader.Result {
        try PackReader(lenient: lenient).read([Self.plists.appendingPathComponent(name)])
    }

    func errors(_ name: String, lenient: Bool = false) -> [String] {
        do {
            let result = try read(name, lenient: lenient)
            return result.warnings.map(\.description)
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func emojiArrayXMLAndBinaryMatchTheExpectedCodePoints() throws {
        // Columns: index, graphemes, scalars (hex, space-separated), utf8_bytes, description.
        let text = try String(contentsOf: Self.plists.appendingPathComponent("emoji-array-expected.tsv"), encoding: .utf8)
        let expected = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(expected.count == 40)
        for name in ["emoji-array-xml", "emoji-array-binary"] {
            let entries = try read(name).packs[0].entries
            #expect(entries.count == 40)
            for (entry, row) in zip(entries, expected) {
                #expect(EmojiText.codePoints(entry.text) == row[2].uppercased(), "\(name) entry \(entry.plistIndex)")
                #expect(entry.text.utf8.count == Int(row[3]))
                #expect(entry.text.count == 1, "one grapheme")
            }
            #expect(entries[14].text != entries[16].text)
        }
        #expect(try read("emoji-array-xml").packs[0].entries.map(\.text) == read("emoji-array-binary").packs[0].entries.map(\.text))
    }

    @Test func weiboValid() throws {
        let pack = try read("weibo-valid").packs[0]
        #expect(pack.entries.count == 12)
        let emojiIndices = pack.entries.enumerated().filter { if case .emoji = $0.element.content { return true } else { return false } }.map(\.offset)
        #expect(emojiIndices == [4, 5, 10, 11])
        #expect(pack.entries.filter { if case .emoji = $0.content { return true } else { return false } }.map(\.text) == ["😃", "😊", "👍", "\u{2764}"])
        #expect(pack.entries.contains { $0.text == "[爱你]" && $0.textTraditional == "[愛你]" })
    }

    @Test func fileLevelErrorsAreOneLineNamingTheFile() {
        let malformed = errors("malformed-xml")
        #expect(malformed.count == 1 && malformed[0].hasPrefix("malformed-xml/info.plist: ") && !malformed[0].contains("\n"))
        let root = errors("root-dict")
        #expect(root.count == 1 && root[0].hasPrefix("root-dict/info.plist: expected array at root, found dictionary"))
    }

    @Test func missingPngKeyAndFile() throws {
        let strict = errors("missing-png-key")
        #expect(strict.count == 1 && strict[0].contains("entry 1") && strict[0].contains("png") && strict[0].contains("[嘻嘻]"))
        #expect(try read("missing-png-key", lenient: true).packs[0].entries.count == 2)
        let missingFile = errors("missing-png-file")
        #expect(missingFile.count == 1 && missingFile[0].contains("entry 1") && missingFile[0].contains("d_nosuchfile.png"))
        #expect(try read("missing-png-file", lenient: true).packs[0].entries.count == 2)
    }

    @Test func pathTraversalIsRefusedBeforeOpening() throws {
        let result = try read("path-traversal", lenient: true)
        #expect(result.packs[0].entries.count == 1)
        #expect(result.warnings.count == 8)
        #expect(result.warnings.allSatisfy { $0.description.contains("unsafe path") })
        #expect(Set(result.warnings.compactMap { if case let .entry(_, index, _, _, _, _) = $0 { return index } else { return nil } }) == Set(1...8))
    }

    @Test func htmlInjectionPassesThroughUnchanged() throws {
        let pack = try read("html-injection").packs[0]
        #expect(pack.entries.count == 13)
        #expect(pack.entries.contains { $0.text.contains("<script>alert(1)</script>") })
        #expect(pack.entries.contains { $0.text.contains("\u{2028}") || $0.text.contains("\u{2029}") })
    }

    @Test func duplicateChsKeepsTheFirstAndWarns() throws {
        let result = try read("duplicate-chs")
        #expect(result.packs[0].entries.count == 2)
        #expect(result.warnings.count == 1)
        let warning = result.warnings[0].description
        #expect(warning.contains("entry 2") && warning.contains("entry 0"))
        if case .image(let file) = result.packs[0].entries[0].content { #expect(file.name == "d_haha.png") }
    }

    @Test func emptyArrayIsZeroEntries() throws {
        #expect(try read("empty-array").packs[0].entries.isEmpty)
    }

    @Test func wrongTypes() throws {
        let strict = errors("wrong-types")
        #expect(strict.count == 7)
        for index in [2, 3, 4, 5, 6, 7, 8] { #expect(strict.contains { $0.contains("entry \(index)") }) }
        let lenient = try read("wrong-types", lenient: true)
        // Index 1 (type as integer 0) is a documented form; never 2, 3, 5, 6, 7 or 8.
        #expect(lenient.packs[0].entries.map(\.plistIndex) == [0, 1])
    }

    @Test func badCodes() throws {
        let lenient = try read("bad-code", lenient: true)
        // 0 plus the documented forms: no prefix (6), upper-case prefix (7), surrounding spaces (8);
        // 7 is U+1F60A again, so it is kept out as a duplicate of 6 (a warning, not silence).
        #expect(lenient.packs[0].entries.map(\.plistIndex) == [0, 6, 8])
        #expect(lenient.warnings.count == 10)
        #expect(lenient.warnings.contains(.duplicateText(path: "bad-code/info.plist", key: "chs", text: "😊", first: 6, duplicate: 7)))
        let messages = lenient.warnings.map(\.description)
        #expect(messages.contains { $0.contains("entry 3") && $0.contains("surrogate") })
        #expect(messages.contains { $0.contains("entry 10") && $0.contains("beyond U+10FFFF") })
        #expect(messages.contains { $0.contains("entry 12") && $0.contains("code: missing") })
    }

    @Test func codeForms() throws {
        #expect(try EmojiText.parseCode("0x1f603").get() == "😃")
        #expect(try EmojiText.parseCode("U+1F468 U+200D U+1F469").get() == "👨\u{200D}👩")
        #expect(try EmojiText.parseCode("1f1e8-1f1f3").get() == "🇨🇳")
        #expect(try EmojiText.parseCode("0031_fe0f_20e3").get() == "1️⃣")
        #expect(try EmojiText.parseCode("1f44d,1f3fd").get() == "👍🏽")
        for bad in ["", "0x", "0xZZ", "0xd800", "0x110000", "-0x1", "0x0", "0xffffffffffffffffff"] {
            #expect(throws: EmojiText.CodeError.self) { try EmojiText.parseCode(bad).get() }
        }
    }

    @Test func bigPlistIsRefusedBeforeParsing() throws {
        let dir = Fixtures.temporaryDirectory()
        let script = Self.plists.appendingPathComponent("big-50mb/gen_big_plist.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, dir.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        do {
            _ = try PackReader().read([dir])
            Issue.record("a 50 MB plist must be refused")
        } catch {
            #expect(error.errors.count == 1)
            #expect(error.errors[0].description.contains("plist is 50 MB; the limit is 10 MB"))
        }
    }

    @Test func samplePacksRootOrderAndTitles() throws {
        let result = try PackReader().read([Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks")])
        #expect(result.packs.map(\.id) == ["faces", "emoji", "com.emokit.animals"])
        let animals = result.packs[2]
        #expect(animals.title(locale: .cn) == "动物" && animals.title(locale: .tw) == "動物" && animals.title(locale: .en) == "Animals")
        #expect(animals.kind == .mixed)
        #expect(result.packs[0].entries.count >= 40 && result.packs[1].entries.count >= 80)
        #expect(result.warnings.isEmpty)
    }

    @Test func notAPack() {
        #expect(throws: PackReader.Failure.self) { try PackReader().read([URL(fileURLWithPath: "/nonexistent/emokit")]) }
        #expect(throws: PackReader.Failure.self) { try PackReader().read([Fixtures.packageRoot.appendingPathComponent("Sources")]) }
    }
}
