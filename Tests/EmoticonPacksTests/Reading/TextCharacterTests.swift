import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// One rule for every layout: a text, title, name or keyword holding a control character (but a
/// tab and line breaks, which stay) or a bidirectional embedding, override or isolate (the "Trojan
/// Source" characters, which show a text in another order than it is) is refused naming the file
/// and key; `--lenient` skips the entry with a warning. Every real emoji and kaomoji is kept.
struct TextCharacterTests {
    static let override = "[a\u{202E}b]"
    static let overrideProblem = #"holds U+202E (a bidirectional override, which shows text in another order than it is), which no emoticon text may hold"#

    @Test(arguments: [
        ("pidgin", "faces/theme: entry 0: text"), ("kde", "faces/emoticons.xml: entry 0: string"), ("jabber", "faces/icondef.xml: entry 0: text"),
        ("eiskalt", "faces.xml: entry 0: name text"), ("xhs", "faces/faces.xml: entry 0: content"), ("adium", "faces/Emoticons.plist: entry 0: Equivalents"),
        ("text-map", "faces/Faces.plist: entry 0: key"),
    ])
    func aBidiOverrideInATextIsRefusedByEveryLayout(layout: String, label: String) throws {
        let errors = LayoutTextLimitTests.errors(try LayoutTextLimitTests.pack(layout, text: Self.override, title: "Faces"))
        // EiskaltDC++'s map is named with its folder's parent before it: the label ends the path.
        #expect(errors.count == 1 && errors.first?.hasSuffix("\(label): \"[a\u{202E}b]\" \(Self.overrideProblem)") == true, "\(errors)")
    }

    @Test(arguments: [("pidgin", "faces/theme: Name"), ("jabber", "faces/icondef.xml: <meta><name>"), ("eiskalt", "faces.xml: name"), ("xhs", "faces/faces.xml: <name>")])
    func anIsolateInATitleIsRefusedByEveryLayout(layout: String, label: String) throws {
        let errors = LayoutTextLimitTests.errors(try LayoutTextLimitTests.pack(layout, text: "[a]", title: "Faces\u{2067}"))
        #expect(errors.count == 1 && errors.first?.contains("\(label): \"Faces") == true, "\(errors)")
        #expect(errors.first?.hasSuffix("holds U+2067 (a bidirectional isolate, which shows text in another order than it is), which no emoticon text may hold") == true, "\(errors)")
    }

    /// A Weibo pack: a bell, an escape or a C1 control in `chs` or `cht` is refused naming the
    /// plist index and key; `--lenient` skips each with a warning and keeps the rest. A tab and the
    /// line breaks stay (the conformance case `html-injection` holds them as valid data).
    @Test func controlCharactersAreRefusedAndSkippedWhenLenient() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("faces")
        var traditional = WeiboPackFixtures.entry("[ok2]", "b.png")
        traditional["cht"] = "[ok\u{1B}[2J]"
        let kept = ["[ok]", "[tab\tnew\nline]", "[line\u{2028}sep\u{2029}para]"]
        try WeiboPackFixtures.makePack(
            folder,
            entries: kept.map { WeiboPackFixtures.entry($0, "a.png") } + [
                WeiboPackFixtures.entry("[ding\u{7}]", "a.png"), traditional, WeiboPackFixtures.entry("[c1\u{85}]", "a.png"),
                WeiboPackFixtures.entry("[del\u{7F}]", "a.png"),
            ], images: ["a.png", "b.png"])
        let expected = [
            #"faces/info.plist: entry 3: chs: "[ding\u{7}]" holds U+0007 (a control character), which no emoticon text may hold"#,
            #"faces/info.plist: entry 4: cht: "[ok\u{1b}[2J]" holds U+001B (a control character, the escape that starts a terminal's commands), which no emoticon text may hold"#,
            #"faces/info.plist: entry 5: chs: "[c1\u{85}]" holds U+0085 (a control character), which no emoticon text may hold"#,
            #"faces/info.plist: entry 6: chs: "[del\u{7f}]" holds U+007F (a control character), which no emoticon text may hold"#,
        ]
        #expect(LayoutFixtures.errors(folder.path) == expected)
        let lenient = try LayoutFixtures.read(folder.path, lenient: true)
        #expect(lenient.packs.map { $0.entries.map(\.text) } == [kept])
        #expect(lenient.warnings.map(\.description) == expected)
    }

    /// What emoji and kaomoji are made of stays: joiners, variation selectors, skin tones, tag
    /// sequences, direction marks, right-to-left letters.
    @Test func emojiSequencesMarksAndKaomojiAreKept() throws {
        let texts = [
            "👨‍👩‍👧", "❤️", "☺︎", "👍🏽", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "🏳️‍🌈", "(╯°□°)╯︵ ┻━┻", "¯\\_(ツ)_/¯", "\u{200F}[ابتسامة]\u{200E}", "[\u{061C}x]", "[שלום]", "[微笑]",
            "ʕ•ᴥ•ʔ", "(づ｡◕‿‿◕｡)づ",
        ]
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("faces")
        try WeiboPackFixtures.makePack(folder, entries: texts.map { WeiboPackFixtures.entry($0, "a.png") }, images: ["a.png"])
        let result = try LayoutFixtures.read(folder.path)
        #expect(result.packs.first?.entries.map(\.text) == texts)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    /// A sticker pack's name titles a tab: refused naming its key. A sticker's emoji (its
    /// keywords) alike, the sticker skipped when lenient.
    @Test func aStickerPacksNameAndEmojiAreHeldToTheRule() throws {
        let folder = try LayoutFixtures.copy("WhatsApp/assets")
        let file = folder.appendingPathComponent("contents.json")
        let json = try String(contentsOf: file, encoding: .utf8)
        let name = try #require(json.range(of: #""name": ""#))
        try Data(json.replacingCharacters(in: name, with: #""name": "\u2066"#).utf8).write(to: file)
        let errors = LayoutFixtures.errors(folder.path)
        #expect(errors.count == 1 && errors.first?.hasPrefix("assets/contents.json: sticker_packs[0].name: \"\u{2066}") == true, "\(errors)")
        #expect(errors.first?.hasSuffix("holds U+2066 (a bidirectional isolate, which shows text in another order than it is), which no emoticon text may hold") == true)

        try Data(json.replacingOccurrences(of: "\"☕\"", with: "\"☕\\u202d\"").utf8).write(to: file)
        let emoji = LayoutFixtures.errors(folder.path)
        #expect(emoji.count == 1 && emoji.first?.contains(": emojis: the keyword \"☕\u{202D}\" holds U+202D (a bidirectional override") == true, "\(emoji)")
        let lenient = try LayoutFixtures.read(folder.path, lenient: true)
        #expect(lenient.packs.first?.entries.count == 2 && lenient.warnings.count == 1, "\(lenient.warnings)")
    }

    /// A Misskey category titles a tab: an emoji whose category holds an override is refused
    /// naming `emoji.category`, and skipped under `--lenient` with the tab it would have made.
    @Test func aMisskeyCategoryIsHeldToTheRule() throws {
        let folder = try LayoutFixtures.copy("Misskey/export")
        let meta = folder.appendingPathComponent("meta.json")
        let text = try String(contentsOf: meta, encoding: .utf8).replacingOccurrences(of: #""category":"Animals""#, with: #""category":"Ani\u202emals""#)
        try Data(text.utf8).write(to: meta)
        let errors = LayoutFixtures.errors(folder.path)
        #expect(errors.count == 1 && errors.first?.contains(#": emoji.category: the category "Ani\#u{202E}mals" holds U+202E"#) == true, "\(errors)")
        let lenient = try LayoutFixtures.read(folder.path, lenient: true)
        #expect(lenient.packs.map(\.id) == ["export-Blobs", "export"])
        #expect(lenient.warnings.count == 1, "\(lenient.warnings)")
    }
}
