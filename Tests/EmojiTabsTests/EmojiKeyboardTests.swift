import Checksum
import EmojiGlyphs
import EmoticonManifest
import EmoticonPacks
import Foundation
import Imaging
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// `generate --emoji-keyboard`: the Unicode emoji keyboard from emoji-test.txt, CLDR names and
/// keywords, skin-tone variants in variants sheets.
struct EmojiKeyboardTests {
    static let fixture = Fixtures.emojiKeyboardData
    static let emojiTest = URL(fileURLWithPath: "/usr/share/unicode/emoji/emoji-test.txt")

    static func generate(
        inputs: [URL] = [], data: URL? = fixture, locale: TitleLocale = .cn, widths: [Int] = [375], scales: [Int] = [2],
        name: String = #function
    ) throws -> (report: Generator.Report, out: URL, manifest: Manifest) {
        let out = Fixtures.temporaryDirectory(name).appendingPathComponent("out")
        var options = GeneratorOptions(inputs: inputs, output: out)
        options.emojiKeyboard = true
        options.emojiData = data
        options.widths = widths
        options.scales = scales
        options.locale = locale
        options.writePreview = false
        let report = try Generator(options: options).run()
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/\(widths[0]).json")))
        return (report, out, manifest)
    }

    /// The whole keyboard from Debian's emoji-test.txt, once, at one width and scale (the suite
    /// stays fast; all widths and scales are measured outside the tests).
    static let full: (report: Generator.Report, out: URL, manifest: Manifest) = {
        precondition(FileManager.default.fileExists(atPath: emojiTest.path), "\(emojiTest.path) is missing: install unicode-data (.ci/install)")
        return try! generate(inputs: [Fixtures.samplePacks.appendingPathComponent("emoji")], data: nil, name: "fullKeyboard")
    }()

    /// The fixture keyboard (`cn`, 375 pt @2x) and its English twin, each read by several tests
    /// and changed by none: made once per test process.
    static func fixtureRun() throws -> (report: Generator.Report, out: URL, manifest: Manifest) {
        try SharedFixture.value("EmojiKeyboardTests.fixture") { try generate(name: "fixtureRun") }
    }
    static func englishRun() throws -> (report: Generator.Report, out: URL, manifest: Manifest) {
        try SharedFixture.value("EmojiKeyboardTests.english") { try generate(locale: .en, name: "englishRun") }
    }

    static func emojiTabs(_ manifest: Manifest) -> [Manifest.Tab] { manifest.tabs.filter { $0.id.hasPrefix("emoji-") } }

    static func buttons(_ tab: Manifest.Tab) -> [Manifest.Button] { tab.pages.flatMap(\.buttons).filter { $0.entry != nil } }

    @Test func fullKeyboardHasOneTabPerGroupAfterThePacks() throws {
        let manifest = Self.full.manifest
        #expect(
            manifest.tabs.map(\.id) == [
                "emoji", "emoji-smileys-emotion", "emoji-people-body", "emoji-animals-nature", "emoji-food-drink",
                "emoji-travel-places", "emoji-activities", "emoji-objects", "emoji-symbols", "emoji-flags",
            ])
        #expect(manifest.tabs.dropFirst().map(\.title) == ["笑脸与情感", "人物与身体", "动物与自然", "食物与饮料", "旅行与地点", "活动", "物品", "符号", "旗帜"])
        #expect(manifest.emojiVersion == "15.0")
        let report = try #require(Self.full.report.emojiKeyboard)
        #expect(report.emojiVersion == "15.0")
        #expect(report.groups.map(\.tabID) == manifest.tabs.dropFirst().map(\.id))
        for (group, tab) in zip(report.groups, Self.emojiTabs(manifest)) {
            #expect(tab.entryCount == group.keys)
            #expect(Self.buttons(tab).reduce(0) { $0 + ($1.variants?.count ?? 0) } == group.variants)
        }
    }

    /// Every fully-qualified emoji the font can draw is on the keyboard exactly once, as a button
    /// or as a variant; the expected set is read from the file here, independently of the parser.
    @Test func everyDrawableFullyQualifiedEmojiAppearsExactlyOnce() throws {
        let font = try ColorEmojiFont.locateDefault()
        let text = try String(contentsOf: Self.emojiTest, encoding: .utf8)
        var expected: [String] = []
        var group = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# group: ") { group = String(line.dropFirst(9)) }
            guard !line.hasPrefix("#"), let semicolon = line.firstIndex(of: ";"), group != "Component" else { continue }
            let status = line[line.index(after: semicolon)...].split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
            guard status == "fully-qualified" else { continue }
            let scalars = line[..<semicolon].split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }
            let emoji = String(String.UnicodeScalarView(scalars))
            if font.hasGlyph(for: emoji) { expected.append(emoji) }
        }
        var seen: [String: Int] = [:]
        for tab in Self.emojiTabs(Self.full.manifest) {
            for button in Self.buttons(tab) {
                seen[button.text!, default: 0] += 1
                for variant in button.variants ?? [] { seen[variant.text, default: 0] += 1 }
            }
        }
        #expect(expected.count > 3500)
        #expect(seen.filter { $0.value != 1 }.isEmpty)
        #expect(Set(seen.keys) == Set(expected))
        #expect(seen.count == expected.count)
        let report = try #require(Self.full.report.emojiKeyboard)
        #expect(report.groups.reduce(0) { $0 + $1.keys + $1.variants } == expected.count)
    }

    @Test func variantsOfThumbsUpAndPeopleHoldingHandsAreCompleteAndDrawn() throws {
        let tones = ["\u{1F3FB}", "\u{1F3FC}", "\u{1F3FD}", "\u{1F3FE}", "\u{1F3FF}"]
        let people = try #require(Self.emojiTabs(Self.full.manifest).first { $0.id == "emoji-people-body" })
        let thumbs = try #require(Self.buttons(people).first { $0.text == "👍" })
        #expect(thumbs.variants?.map(\.text) == tones.map { "👍" + $0 })
        #expect(thumbs.variants?.first?.name == "拇指向上: 较浅肤色")
        let holding = try #require(Self.buttons(people).first { $0.text == "🧑\u{200D}🤝\u{200D}🧑" })
        let pairs = tones.flatMap { a in tones.map { b in "🧑" + a + "\u{200D}🤝\u{200D}🧑" + b } }
        #expect(holding.variants?.count == 25)
        #expect(Set(holding.variants?.map(\.text) ?? []) == Set(pairs))
        // Each variant's sprite is inside its sheet and holds visible pixels; the sheet's hash matches.
        let sheets = try #require(people.variantSheets)
        // Any-width sheets are small enough at every scale to be compressed whole (libdeflate),
        // and as many as the variants need.
        for sheet in sheets {
            for scale in sheet.sheets.keys.compactMap(Int.init) {
                let (width, height) = (Int(sheet.width) * scale, Int(sheet.height) * scale)
                #expect((width * 4 + 1) * height <= PNGBandEncoder.wholeImageBytes, "\(sheet.sheets)")
            }
        }
        var decoded: [String: RGBAImage] = [:]
        for variant in (thumbs.variants ?? []) + (holding.variants ?? []) {
            let path = try #require(variant.sheet["2"])
            let rect = try #require(variant.sprite["2"])
            if decoded[path] == nil {
                let data = try Data(contentsOf: Self.full.out.appendingPathComponent(path))
                let record = try #require(sheets.first { $0.sheets["2"] == path })
                #expect(SHA256.hexDigest([UInt8](data)) == record.sheetHashes["2"])
                decoded[path] = try PNGDecoder().decode(data, path: path).image
                #expect(Double(decoded[path]!.width) == record.width * 2)
            }
            let image = decoded[path]!
            #expect(rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= image.width && rect.y + rect.height <= image.height)
            #expect(rect.width == 64 || rect.height == 64)
            var opaque = 0
            for y in rect.y..<(rect.y + rect.height) { for x in rect.x..<(rect.x + rect.width) where image.pixel(x: x, y: y).a > 0 { opaque += 1 } }
            #expect(opaque > rect.width * rect.height / 4, "\(variant.text): sprite mostly empty")
        }
    }

    @Test func namesAndKeywordsInChineseAndEnglish() throws {
        let people = Self.buttons(Self.full.manifest.tabs[1])
        let grinning = try #require(people.first { $0.text == "😀" })
        #expect(grinning.name == "嘿嘿")
        #expect(grinning.keywords == ["嘿嘿", "笑脸", "脸"])
        let english = try Self.englishRun()
        let smileys = try #require(english.manifest.tabs.first)
        #expect(smileys.title == "Smileys & Emotion")
        let grin = try #require(Self.buttons(smileys).first { $0.text == "😀" })
        #expect(grin.name == "grinning face")
        #expect(grin.keywords == ["face", "grin", "grinning face"])
        let traditional = try Self.generate(locale: .tw)
        #expect(traditional.manifest.tabs.map(\.title) == ["笑臉與情緒", "人物與身體", "旗幟"])
    }

    /// Every name with Han characters gets pinyin (CLDR's Han-Latin transform): CLDR's emoji
    /// names and the packs' own, simplified and traditional; English names get none.
    @Test func namesWithHanCharactersGetPinyin() throws {
        let smileys = Self.buttons(Self.full.manifest.tabs[1])
        #expect(smileys.first { $0.text == "😀" }?.pinyin == ["heihei", "hh"])
        #expect(smileys.first { $0.text == "🥲" }?.pinyin == ["hanleidexiaolian", "hldxl"])
        let faces = Fixtures.samplePacks.appendingPathComponent("faces")
        let simplified = try Self.generate(inputs: [faces], locale: .cn)
        let haha = try #require(Self.buttons(simplified.manifest.tabs[0]).first { $0.text == "[哈哈]" })
        #expect(haha.pinyin == ["haha", "hh"])
        let traditional = try Self.generate(inputs: [faces], locale: .tw)
        let grinning = try #require(Self.buttons(traditional.manifest.tabs[1]).first { $0.text == "😀" })
        #expect(grinning.name == "笑臉" && grinning.pinyin == ["xiaolian", "xl"])
        #expect(Self.buttons(traditional.manifest.tabs[0]).first { $0.textTraditional == "[哈哈]" }?.pinyin == ["haha", "hh"])
        let english = try Self.englishRun()
        #expect(Self.buttons(english.manifest.tabs[0]).allSatisfy { $0.pinyin == nil })
    }

    @Test func undrawableEmojiAreLeftOutAndCountedNeverAFailure() throws {
        let run = try Self.fixtureRun()
        let report = try #require(run.report.emojiKeyboard)
        #expect(report.groups.map(\.leftOut) == [0, 1, 0])
        #expect(report.groups.map(\.keys) == [3, 1, 2])
        #expect(report.groups.map(\.variants) == [0, 5, 0])
        let texts = run.manifest.tabs.flatMap { Self.buttons($0) }.map { $0.text! }
        #expect(!texts.contains("👨\u{200D}🦄"))
        #expect(texts == ["😀", "😃", "🫨", "👍", "🏁", "🏳\u{FE0F}"])
    }

    /// Debian's CLDR 41 predates Emoji 15.0: 🫨 gets its English name from emoji-test.txt, counted.
    @Test func emojiCLDRDoesNotNameFallBackToEnglishAndAreCounted() throws {
        let run = try Self.fixtureRun()
        let shaking = try #require(run.manifest.tabs.flatMap { Self.buttons($0) }.first { $0.text == "🫨" })
        #expect(shaking.name == "shaking face")
        #expect(shaking.keywords == nil)
        #expect(run.report.emojiKeyboard?.englishNames == 1)
        #expect(run.report.emojiKeyboard?.cldrLocale == "zh")
    }

    /// A group with nothing drawable is no tab (its left-out emoji are still counted); a group
    /// with no emoji at all is not mentioned.
    @Test func groupsWithNothingToDrawGetNoTab() throws {
        let data = Fixtures.temporaryDirectory().appendingPathComponent("emoji-test.txt")
        try """
        # Version: 15.0
        # group: Smileys & Emotion
        # subgroup: face-smiling
        1F600 ; fully-qualified # 😀 E1.0 grinning face
        # group: Food & Drink
        # group: Objects
        # subgroup: imaginary
        1F468 200D 1F984 ; fully-qualified # 👨‍🦄 E99.0 man unicorn
        """.write(to: data, atomically: true, encoding: .utf8)
        let run = try Self.generate(data: data)
        #expect(run.manifest.tabs.map(\.id) == ["emoji-smileys-emotion"])
        let report = try #require(run.report.emojiKeyboard)
        #expect(report.groups.map(\.name) == ["Smileys & Emotion", "Objects"])
        #expect(report.groups.map(\.leftOut) == [0, 1])
        #expect(run.report.warnings.isEmpty, "\(run.report.warnings)")
    }

    @Test func tabIconsAreRepresentativeEmoji() throws {
        let run = try Self.fixtureRun()
        // Smileys and Flags have their representative emoji (😀, 🏳️); People & Body's (👋) is not
        // in the fixture, so its first emoji stands for it.
        let texts = run.manifest.tabs.map { tab in tab.icon?.entry.flatMap { entry in Self.buttons(tab).first { $0.entry == entry }?.text } }
        #expect(texts == ["😀", "👍", "🏳\u{FE0F}"])
        #expect(run.manifest.tabs.map { $0.icon?.source } == [.representativeEmoji, .representativeEmoji, .representativeEmoji])
        let full = Self.emojiTabs(Self.full.manifest).map { tab in
            tab.icon?.entry.flatMap { entry in Self.buttons(tab).first { $0.entry == entry }?.text }
        }
        #expect(full == ["😀", "👋", "🐻", "🍔", "🚗", "⚽", "💡", "🔣", "🏳\u{FE0F}"])
        // A pack keeps its own rule (its first emoticon).
        #expect(Self.full.manifest.tabs[0].icon?.source == .firstEmoticon)
        #expect(Self.full.manifest.tabs[0].icon?.entry == nil)
    }

    @Test func packEmojiEntriesGetKeywordsAndSkinTones() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("thumbs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array><string>👍</string><string>👍🏿</string><string>😀</string></array></plist>
            """
        try Data(plist.utf8).write(to: folder.appendingPathComponent("Emoji.plist"))
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        var options = GeneratorOptions(inputs: [folder], output: out)
        options.widths = [375]
        options.scales = [2]
        options.emojiData = Self.fixture
        options.writePreview = false
        let report = try Generator(options: options).run()
        #expect(report.emojiKeyboard == nil)
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        #expect(manifest.tabs.map(\.id) == ["thumbs"])
        #expect(manifest.emojiVersion == "15.0")
        let buttons = Self.buttons(manifest.tabs[0])
        // 👍🏿 is an entry of the pack itself, so it is not offered again as a variant.
        #expect(buttons[0].variants?.map(\.text) == ["👍🏻", "👍🏼", "👍🏽", "👍🏾"])
        #expect(buttons[0].keywords?.contains("拇指向上") == true)
        #expect(buttons[1].variants == nil)
        #expect(buttons[2].keywords == ["嘿嘿", "笑脸", "脸"])
        #expect(manifest.tabs[0].variantSheets?.count == 1)
    }

    @Test func missingEmojiDataIsAOneLineErrorNamingTheFile() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        var options = GeneratorOptions(inputs: [], output: out)
        options.emojiKeyboard = true
        options.emojiData = URL(fileURLWithPath: "/nonexistent/emoji-test.txt")
        #expect(throws: GenerationError.self) { try Generator(options: options).run() }
        do { _ = try Generator(options: options).run() } catch {
            #expect(error.diagnostics(.error).map(Printed.text) == ["/nonexistent/emoji-test.txt: cannot read (no such file)"])
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// The new fields are in Schemas/manifest.schema.json (it allows no unknown keys): the whole
    /// keyboard's manifest and a two-scale fixture keyboard validate.
    @Test func keyboardManifestsValidateAgainstTheSchema() throws {
        let fixture = try Self.generate(scales: [2, 3])
        let paths = [Self.full.out, fixture.out].map { $0.appendingPathComponent("manifests/375.json").path }
        let result = try JSONSchema.check(["--schemafile", JSONSchema.schema.path] + paths)
        #expect(result.status == 0, "\(result.output)")
        #expect(fixture.manifest.tabs[1].variantSheets?.first?.sheets.keys.sorted() == ["2", "3"])
        // 16 columns of 34 pt cells (a 32 pt icon and a 1 pt gutter each side), at every scale.
        let sheet = try #require(fixture.manifest.tabs[1].variantSheets?.first)
        #expect(sheet.width == 544.0 && sheet.height == 34.0, "\(sheet.width) x \(sheet.height)")
    }

    @Test func variantsSheetsAreDeterministic() throws {
        let first = try Self.fixtureRun()
        let second = try Self.generate(name: "deterministicB")
        #expect(PipelineRun.digests(first.out) == PipelineRun.digests(second.out))
        #expect(FileManager.default.fileExists(atPath: first.out.appendingPathComponent("sheets/emoji-people-body/variants/sheet-000@2x.png").path))
    }
}
