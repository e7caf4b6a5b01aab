import EmoticonManifest
import Foundation
import Imaging
import Pipeline
import TestSupport
import Testing

/// `--system-emoji VERSION`: emoji at or below the version are left to the system font (no
/// sprite, an empty cell, `systemGlyph`), newer ones are drawn; every emoji carries its version.
struct SystemEmojiKeyboardTests {
    static func generate(systemEmoji: String?, name: String = #function) throws -> (report: Generator.Report, out: URL, manifest: Manifest) {
        let out = Fixtures.temporaryDirectory(name).appendingPathComponent("out")
        var options = GeneratorOptions(inputs: [], output: out)
        options.emojiKeyboard = true
        options.emojiData = Fixtures.emojiKeyboardData
        options.widths = [375]
        options.scales = [2]
        options.systemEmoji = systemEmoji
        options.writePreview = false
        let report = try Generator(options: options).run()
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        return (report, out, manifest)
    }

    /// The `--system-emoji 14.0` run, which three tests only read: made once per test process.
    static func system14() throws -> (report: Generator.Report, out: URL, manifest: Manifest) {
        try SharedFixture.value("SystemEmojiKeyboardTests.system14") { try generate(systemEmoji: "14.0", name: "system14") }
    }

    static func buttons(_ manifest: Manifest) -> [Manifest.Button] {
        manifest.tabs.flatMap { $0.pages.flatMap(\.buttons) }.filter { $0.entry != nil }
    }

    /// Opaque pixels inside a button's cell of its page's 2x sheet.
    static func opaquePixels(of button: Manifest.Button, in run: (report: Generator.Report, out: URL, manifest: Manifest)) throws -> Int {
        let tab = try #require(run.manifest.tabs.first { $0.pages.contains { $0.buttons.contains(button) } })
        let page = try #require(tab.pages.first { $0.buttons.contains(button) })
        let path = try #require(page.sheets["2"])
        let image = try PNGDecoder().decode(try Data(contentsOf: run.out.appendingPathComponent(path)), path: path).image
        // The button's cell in the any-width sheet @2x: the 32 pt icon box and 1 pt each side.
        #expect(run.manifest.sheetLayout == .anyWidth)
        let pitch = 34 * 2
        var opaque = 0
        for y in button.row * pitch..<(button.row + 1) * pitch {
            for x in button.column * pitch..<(button.column + 1) * pitch where image.pixel(x: x, y: y).a > 0 { opaque += 1 }
        }
        return opaque
    }

    @Test func onlyEmojiNewerThanTheSystemAreDrawn() throws {
        let run = try Self.system14()
        #expect(run.manifest.systemEmoji == "14.0")
        let buttons = Self.buttons(run.manifest)
        #expect(buttons.map(\.text) == ["😀", "😃", "🫨", "👍", "🏁", "🏳\u{FE0F}"])
        #expect(buttons.map(\.emojiVersion) == ["1.0", "0.6", "15.0", "0.6", "0.6", "0.7"])
        for button in buttons {
            if button.text == "🫨" {
                #expect(button.systemGlyph == nil && button.sprite["2"] != nil)
                #expect(try Self.opaquePixels(of: button, in: run) > 500)
            } else {
                #expect(button.systemGlyph == true && button.sprite.isEmpty, "\(button.text ?? "")")
                #expect(try Self.opaquePixels(of: button, in: run) == 0, "\(button.text ?? "") drawn")
            }
        }
        // 👍's tones are all Emoji 1.0: left to the system too, and no variants sheet is drawn.
        let thumbs = try #require(buttons.first { $0.text == "👍" })
        #expect(thumbs.variants?.count == 5)
        #expect(thumbs.variants?.allSatisfy { $0.systemGlyph == true && $0.sheet.isEmpty && $0.sprite.isEmpty } == true)
        #expect(run.manifest.tabs.allSatisfy { $0.variantSheets == nil })
        // 5 buttons and 5 variants have no image; the summary counts them.
        #expect(run.report.emojiKeyboard?.systemGlyphs == 10)
        #expect(run.report.emojiKeyboard?.systemEmoji == "14.0")
    }

    @Test func withoutTheSettingEveryEmojiIsDrawnAndCarriesItsVersion() throws {
        let drawn = try Self.generate(systemEmoji: nil)
        let system = try Self.system14()
        #expect(drawn.manifest.systemEmoji == nil)
        let buttons = Self.buttons(drawn.manifest)
        #expect(buttons.allSatisfy { $0.systemGlyph == nil && !$0.sprite.isEmpty && $0.emojiVersion != nil })
        #expect(try Self.opaquePixels(of: buttons[0], in: drawn) > 500)
        #expect(drawn.report.emojiKeyboard?.systemGlyphs == 0)
        #expect(system.report.sheetBytes < drawn.report.sheetBytes)
    }

    /// A version above every emoji leaves all of them to the system: the sheets hold only the
    /// delete key.
    @Test func aNewerSystemDrawsNothing() throws {
        let run = try Self.generate(systemEmoji: "99.0")
        #expect(Self.buttons(run.manifest).allSatisfy { $0.systemGlyph == true && $0.sprite.isEmpty })
    }

    @Test func manifestsWithSystemGlyphsValidateAgainstTheSchema() throws {
        let run = try Self.system14()
        let result = try JSONSchema.check(["--schemafile", JSONSchema.schema.path, run.out.appendingPathComponent("manifests/375.json").path])
        #expect(result.status == 0, "\(result.output)")
    }
}
