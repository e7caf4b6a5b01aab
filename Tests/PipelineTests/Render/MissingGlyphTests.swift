import EmoticonManifest
import Foundation
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// Emoji without a glyph in the font: the run stops listing them, or skips them with a warning.
struct MissingGlyphTests {
    @Test func missingGlyphsAreListedOrSkipped() throws {
        let dir = Fixtures.temporaryDirectory()
        let pack = dir.appendingPathComponent("emoji")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        let list = ["😀", "\u{1FAE9}", "👨‍👩‍👧‍👦", "👨‍🦄", "🇨🇳"]
        try PropertyListSerialization.data(fromPropertyList: list, format: .xml, options: 0).write(to: pack.appendingPathComponent("Emoji.plist"))
        let out = dir.appendingPathComponent("out")
        var options = GeneratorOptions(inputs: [pack], output: out)
        options.widths = [375]
        do {
            _ = try Generator(options: options).run()
            Issue.record("emoji without a glyph must stop the run")
        } catch {
            let lines = error.diagnostics(.error).map(Printed.text)
            #expect(lines.count == 3)
            #expect(lines[0].contains("entry 1") && lines[0].contains("1FAE9"))
            #expect(lines[1].contains("entry 3") && lines[1].contains("1F468 200D 1F984"))
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
        options.missingGlyph = .skip
        let report = try Generator(options: options).run()
        #expect(report.warnings.map(Printed.text).filter { $0.contains("no glyph") }.count == 2)
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        let buttons = manifest.tabs[0].pages.flatMap(\.buttons).filter { $0.kind == .emoticon }
        #expect(buttons.count == 5)
        let missing = buttons.filter { $0.missingGlyph == true }
        #expect(missing.map(\.entry) == [1, 3] && missing.allSatisfy { $0.sprite.isEmpty })
        let family = try #require(buttons.first { $0.text == "👨‍👩‍👧‍👦" })
        #expect(family.utf16Length == 11 && family.codePoints == ["1F468", "200D", "1F469", "200D", "1F467", "200D", "1F466"])
    }
}
