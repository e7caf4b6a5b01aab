import EmoticonManifest
import Foundation
import Testing

/// `tokens(in:)` and `emoticon(forText:)` know every skin-tone variant of the keyboard's emoji:
/// a variant is its own token, drawn from the tab's variants sheet.
struct EmoticonVariantTokensTests {
    static func keyboard() -> EmoticonKeyboard {
        var manifest = EmoticonKeyboardTests.manifest(texts: ["👍", "[b]", "🧑\u{200D}🤝\u{200D}🧑", nil])
        var thumbs = manifest.tabs[0].pages[0].buttons[0]
        thumbs.variants = ["👍🏽", "👍🏿"].enumerated().map { index, text in
            Manifest.Variant(
                text: text, name: "thumbs up \(index)", sheet: ["2": "sheets/t/variants/sheet-000@2x.png"],
                sprite: ["2": .init(x: 68 * index + 2, y: 2, width: 64, height: 64)])
        }
        manifest.tabs[0].pages[0].buttons[0] = thumbs
        manifest.tabs[0].pages[0].buttons[2].variants = [
            Manifest.Variant(
                text: "🧑🏻\u{200D}🤝\u{200D}🧑🏿", name: "people holding hands: light skin tone, dark skin tone",
                sheet: ["2": "sheets/t/variants/sheet-000@2x.png"], sprite: ["2": .init(x: 138, y: 2, width: 64, height: 64)])
        ]
        return EmoticonKeyboard(manifest: manifest, baseURL: URL(fileURLWithPath: "/out"))
    }

    @Test func everyVariantIsAToken() throws {
        let keyboard = Self.keyboard()
        let tokens = keyboard.tokens(in: "a👍🏽👍[b]👍🏿🧑🏻\u{200D}🤝\u{200D}🧑🏿 👍🏻")
        #expect(tokens.map(\.text) == ["👍🏽", "👍", "[b]", "👍🏿", "🧑🏻\u{200D}🤝\u{200D}🧑🏿", "👍🏻"])
        #expect(tokens.map { $0.emoticon?.variant?.text } == ["👍🏽", nil, nil, "👍🏿", "🧑🏻\u{200D}🤝\u{200D}🧑🏿", nil])
        #expect(tokens.map(\.kind) == [.emoji, .emoji, .emoticon, .emoji, .emoji, .emoji])
        // 👍🏻 is not a variant of this keyboard: an emoji token without an emoticon, never 👍 + 🏻.
        #expect(tokens.last?.emoticon == nil)
        #expect(tokens[0].utf16Offset == 1 && tokens[0].utf16Length == 4)
    }

    @Test func aVariantCarriesItsOwnNameSpriteAndSheet() throws {
        let keyboard = Self.keyboard()
        let dark = try #require(keyboard.emoticon(forText: "👍🏿"))
        #expect(dark.text == "👍🏿" && dark.name == "thumbs up 1")
        #expect(dark.button.text == "👍")
        #expect(dark.sprite(scale: 2) == .init(x: 70, y: 2, width: 64, height: 64))
        #expect(keyboard.sheetURL(for: dark, scale: 2)?.path == "/out/sheets/t/variants/sheet-000@2x.png")
        let base = try #require(keyboard.emoticon(forText: "👍"))
        #expect(base.variant == nil && base.sprite(scale: 2) == .init(x: 0, y: 0, width: 10, height: 10))
        #expect(keyboard.sheetURL(for: base, scale: 2)?.path == "/out/sheets/t/100/page-000@2x.png")
        #expect(keyboard.emoticon(forText: "👍🏻") == nil)
    }
}
