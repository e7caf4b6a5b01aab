import EmoticonManifest
import Foundation
import Testing

/// The app-facing lookups on small hand-made manifests, where every edge is known: half-open hit
/// testing, longest match, grapheme boundaries, traditional text, schema versions, sheet hashes.
struct EmoticonKeyboardTests {
    /// One tab, one page, a 2 x 2 grid of 50 x 40 pt cells: three emoticons and delete.
    static func manifest(texts: [String?], traditional: [String?] = [], hashes: [String: String] = [:]) -> Manifest {
        let buttons = texts.enumerated().map { index, text in
            Manifest.Button(
                kind: text == nil ? .delete : .emoticon, index: index, row: index / 2, column: index % 2,
                entry: text == nil ? nil : index, text: text, name: text ?? "Delete",
                textTraditional: index < traditional.count ? traditional[index] : nil,
                codePoints: nil, utf16Length: nil, missingGlyph: nil,
                frame: .init(x: Double(index % 2) * 50, y: Double(index / 2) * 40, width: 50, height: 40),
                sprite: ["2": .init(x: index * 10, y: 0, width: 10, height: 10)])
        }
        let page = Manifest.Page(index: 0, sheets: ["2": "sheets/t/100/page-000@2x.png"], sheetHashes: hashes, buttons: buttons)
        return Manifest(
            generator: .init(name: "emokit", version: "test"), screenWidth: 100, scales: [2],
            grid: .init(columns: 2, rows: 2, cellWidth: 50, cellHeight: 40, iconSize: 32, emoticonsPerPage: 3),
            metrics: .init(toolbarHeight: 50, gridHeight: 80, pageControlHeight: 30, tabBarHeight: 37, keyboardHeight: 197),
            colors: .init(
                background: "#F4F4F6", pageDot: "#CECECE", currentPageDot: "#797979",
                tabBarBackground: "#FFFFFF", selectedTab: "#E5E5EA"),
            tabs: [.init(id: "t", title: "T", kind: .mixed, entryCount: texts.count - 1, pages: [page])])
    }

    @Test func hitTestingIsHalfOpenAndBounded() {
        let keyboard = EmoticonKeyboard(manifest: Self.manifest(texts: ["[a]", "[b]", "[c]", nil]))
        #expect(keyboard.button(at: CGPoint(x: 0, y: 0), tab: 0, page: 0)?.text == "[a]")
        #expect(keyboard.button(at: CGPoint(x: 49.999, y: 39.999), tab: 0, page: 0)?.text == "[a]")
        // The shared edge belongs to the right/lower cell only.
        #expect(keyboard.button(at: CGPoint(x: 50, y: 0), tab: 0, page: 0)?.text == "[b]")
        #expect(keyboard.button(at: CGPoint(x: 0, y: 40), tab: 0, page: 0)?.text == "[c]")
        #expect(keyboard.button(at: CGPoint(x: 75, y: 60), tab: 0, page: 0)?.kind == .delete)
        #expect(keyboard.button(at: CGPoint(x: 100, y: 0), tab: 0, page: 0) == nil)
        #expect(keyboard.button(at: CGPoint(x: -0.1, y: 10), tab: 0, page: 0) == nil)
        #expect(keyboard.button(at: CGPoint(x: 10, y: 80), tab: 0, page: 0) == nil)
        #expect(keyboard.button(at: CGPoint(x: 10, y: 10), tab: 1, page: 0) == nil)
        #expect(keyboard.button(at: CGPoint(x: 10, y: 10), tab: 0, page: 1) == nil)
        #expect(keyboard.button(at: CGPoint(x: 10, y: 10), tab: -1, page: 0) == nil)
    }

    /// Pixel-snapped layouts give each scale its own frames; `scale:` picks them.
    @Test func hitTestingUsesTheScalesFrames() {
        var manifest = Self.manifest(texts: ["[a]", "[b]", "[c]", nil])
        manifest.tabs[0].pages[0].buttons[0].frames = ["2": .init(x: 0, y: 0, width: 50, height: 40), "3": .init(x: 0.5, y: 0, width: 49.5, height: 40)]
        let keyboard = EmoticonKeyboard(manifest: manifest)
        let edge = CGPoint(x: 0.25, y: 10)
        #expect(keyboard.button(at: edge, tab: 0, page: 0)?.text == "[a]")
        #expect(keyboard.button(at: edge, tab: 0, page: 0, scale: 2)?.text == "[a]")
        #expect(keyboard.button(at: edge, tab: 0, page: 0, scale: 3) == nil)
        // A scale without its own frames falls back to `frame`.
        #expect(keyboard.button(at: edge, tab: 0, page: 0, scale: 4)?.text == "[a]")
    }

    @Test func emoticonForTextFindsSimplifiedThenTraditional() throws {
        let keyboard = EmoticonKeyboard(manifest: Self.manifest(texts: ["[爱你]", "[可爱]", "[可愛]", nil], traditional: ["[愛你]", "[可愛]", nil]))
        let love = try #require(keyboard.emoticon(forText: "[爱你]"))
        #expect(love.tab == 0 && love.page == 0 && love.tabID == "t" && love.button.index == 0)
        #expect(love.sprite(scale: 2) == Manifest.PixelRect(x: 0, y: 0, width: 10, height: 10))
        #expect(love.sprite(scale: 3) == nil)
        #expect(keyboard.emoticon(forText: "[愛你]")?.text == "[爱你]")
        // A simplified text wins over another button's traditional text.
        #expect(keyboard.emoticon(forText: "[可愛]")?.button.index == 2)
        #expect(keyboard.emoticon(forText: "[不在]") == nil)
        #expect(keyboard.emoticon(forText: "") == nil)
    }

    /// A display-only tab (YYKit's groups for received text) is left out of the tab bar's list but
    /// keeps its index, and its emoticons are still found and drawn.
    @Test func keyboardTabsLeaveOutDisplayOnlyTabsAndKeepTheirIndices() throws {
        var manifest = Self.manifest(texts: ["[a]", "[b]", "[c]", nil])
        var hidden = Self.manifest(texts: ["[h]", nil]).tabs[0]
        (hidden.id, hidden.displayOnly) = ("hidden", true)
        var last = Self.manifest(texts: ["[z]", nil]).tabs[0]
        last.id = "last"
        manifest.tabs += [hidden, last]
        let keyboard = EmoticonKeyboard(manifest: manifest)
        #expect(keyboard.tabs.map(\.id) == ["t", "hidden", "last"])
        #expect(keyboard.keyboardTabs.map(\.index) == [0, 2])
        #expect(keyboard.keyboardTabs.map(\.tab.id) == ["t", "last"])
        let found = try #require(keyboard.emoticon(forText: "[h]"))
        #expect(found.tab == 1 && found.tabID == "hidden")
        #expect(keyboard.tokens(in: "x[h]").map(\.emoticon?.tabID) == ["hidden"])
        #expect(keyboard.button(at: CGPoint(x: 1, y: 1), tab: 2, page: 0)?.text == "[z]")
    }

    @Test func tokensTakeTheLongestMatch() {
        let keyboard = EmoticonKeyboard(manifest: Self.manifest(texts: ["[哈哈]", "[哈哈]]", "/::)", nil]))
        let text = "今天[哈哈]]了[哈哈]/::)"
        let tokens = keyboard.tokens(in: text)
        #expect(tokens.map(\.text) == ["[哈哈]]", "[哈哈]", "/::)"])
        #expect(tokens.map(\.kind) == [.emoticon, .emoticon, .emoticon])
        #expect(tokens.map { $0.emoticon?.button.index } == [1, 0, 2])
        #expect(tokens.map { text[$0.range] } == ["[哈哈]]", "[哈哈]", "/::)"])
        #expect(tokens.map(\.nsRange) == [NSRange(location: 2, length: 5), NSRange(location: 8, length: 4), NSRange(location: 12, length: 4)])
        #expect(keyboard.tokens(in: "[哈").isEmpty)
        #expect(keyboard.tokens(in: "").isEmpty)
    }

    @Test func tokensRespectGraphemeClusters() {
        let keyboard = EmoticonKeyboard(manifest: Self.manifest(texts: ["👍", "🇨🇳", "[e\u{301}]", nil]))
        // 👍🏽 is one cluster: not the keyboard's 👍, but still an emoji token.
        let skin = keyboard.tokens(in: "a👍🏽b👍")
        #expect(skin.map(\.text) == ["👍🏽", "👍"])
        #expect(skin.map(\.kind) == [.emoji, .emoji])
        #expect(skin[0].emoticon == nil && skin[1].emoticon?.button.index == 0)
        #expect(skin.map(\.nsRange) == [NSRange(location: 1, length: 4), NSRange(location: 6, length: 2)])
        // Flags pair up from the left; a ZWJ family, a keycap and a tag flag are one token each.
        let mixed = keyboard.tokens(in: "🇨🇳🇯🇵 👨‍👩‍👧 1️⃣ 1 # © 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}")
        #expect(mixed.map(\.text) == ["🇨🇳", "🇯🇵", "👨‍👩‍👧", "1️⃣", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"])
        #expect(mixed[0].emoticon?.button.index == 1 && mixed[1].emoticon == nil)
        #expect(mixed[2].utf16Length == 8)
        // An emoticon text followed by a combining mark is a different cluster and does not match.
        #expect(keyboard.tokens(in: "[e\u{301}]\u{301}").isEmpty)
        // Canonically equivalent spellings match (é precomposed).
        #expect(keyboard.tokens(in: "[\u{E9}]").map { $0.emoticon?.button.index } == [2])
    }

    @Test func verifySheetComparesSHA256() {
        let data = Data("abc".utf8)
        let hash = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        let keyboard = EmoticonKeyboard(manifest: Self.manifest(texts: ["[a]", nil], hashes: ["2": hash]))
        #expect(keyboard.verifySheet(data, tab: 0, page: 0, scale: 2))
        #expect(!keyboard.verifySheet(Data("abd".utf8), tab: 0, page: 0, scale: 2))
        #expect(!keyboard.verifySheet(data, tab: 0, page: 0, scale: 3))
        #expect(!keyboard.verifySheet(data, tab: 0, page: 9, scale: 2))
    }

    @Test func loadingRefusesUnknownSchemaVersionsAndBrokenFiles() throws {
        let good = try Self.manifest(texts: ["[a]", nil]).jsonData()
        let loaded = try EmoticonKeyboard(data: good, file: "100.json")
        #expect(loaded.manifest == Self.manifest(texts: ["[a]", nil]))

        func load(_ json: String) -> EmoticonKeyboardError? {
            do { _ = try EmoticonKeyboard(data: Data(json.utf8), file: "100.json"); return nil } catch { return error }
        }
        let newer = String(decoding: good, as: UTF8.self).replacingOccurrences(of: "\"schemaVersion\" : 2", with: "\"schemaVersion\" : 7")
        #expect(load(newer) == .unsupportedSchemaVersion(file: "100.json", found: 7, supported: 1...2))
        #expect(load(newer)?.description == "100.json: schemaVersion 7 is not supported (this library reads 1 to 2); update the EmoticonManifest library to one that reads it")
        #expect(load(#"{"schemaVersion": 0}"#)?.description == "100.json: schemaVersion 0 is not supported (this library reads 1 to 2); regenerate it with a current emokit")
        // A per-width manifest (schema 1) still loads.
        let perWidth = String(decoding: good, as: UTF8.self).replacingOccurrences(of: "\"schemaVersion\" : 2", with: "\"schemaVersion\" : 1")
        #expect(perWidth != String(decoding: good, as: UTF8.self) && load(perWidth) == nil)
        #expect(load(#"{"tabs": []}"#)?.description == "100.json: not an emokit manifest: missing key 'schemaVersion'")
        #expect(load(#"{"schemaVersion": "1"}"#)?.description == "100.json: not an emokit manifest: schemaVersion: expected Int")
        #expect(load("[1, 2") == .malformed(file: "100.json", reason: "not valid JSON"))
        let noFrame = String(decoding: good, as: UTF8.self).replacingOccurrences(of: "\"frame\"", with: "\"frame_\"")
        #expect(load(noFrame)?.description == "100.json: not an emokit manifest: missing key 'frame' in tabs[0].pages[0].buttons[0]")
    }

    @Test func loadingFromAFileResolvesSheetsAgainstTheOutputFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emokit-keyboard-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("manifests"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("manifests/100.json")
        try Self.manifest(texts: ["[a]", nil]).jsonData().write(to: file)
        let keyboard = try EmoticonKeyboard(contentsOf: file)
        #expect(keyboard.sheetURL(tab: 0, page: 0, scale: 2)?.standardizedFileURL.path == folder.appendingPathComponent("sheets/t/100/page-000@2x.png").standardizedFileURL.path)
        #expect(keyboard.sheetURL(tab: 0, page: 0, scale: 3) == nil)
        #expect(throws: EmoticonKeyboardError.self) { try EmoticonKeyboard(contentsOf: folder.appendingPathComponent("manifests/missing.json")) }
    }
}
