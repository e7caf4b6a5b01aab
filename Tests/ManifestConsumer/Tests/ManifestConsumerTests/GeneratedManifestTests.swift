import EmoticonManifest
import Foundation
import Testing

/// Every EmoticonKeyboard lookup, run as an app would, against every manifest of a real emokit
/// output folder (EMOKIT_OUTPUT, written by `.ci/test` from the sample packs).
struct GeneratedManifestTests {
    static let output: URL = {
        guard let path = ProcessInfo.processInfo.environment["EMOKIT_OUTPUT"], !path.isEmpty else {
            preconditionFailure("set EMOKIT_OUTPUT to an emokit output folder (see .ci/test)")
        }
        return URL(fileURLWithPath: path)
    }()

    static func manifestURLs() throws -> [URL] {
        let folder = output.appendingPathComponent("manifests")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        return names.map { folder.appendingPathComponent($0) }
    }

    @Test func everyManifestLoads() throws {
        let urls = try Self.manifestURLs()
        #expect(!urls.isEmpty, "no manifests in \(Self.output.path)/manifests")
        for url in urls {
            let keyboard = try EmoticonKeyboard(contentsOf: url)
            #expect("\(keyboard.manifest.screenWidth).json" == url.lastPathComponent)
            #expect(keyboard.tabs.count >= 3)
            // The sample packs have no display-only group: the tab bar shows every tab.
            #expect(keyboard.keyboardTabs.map(\.index) == Array(keyboard.tabs.indices))
        }
    }

    /// A tab bar built from `keyboardTabs` leaves out a display-only group (YYKit's groups for
    /// received text) while its emoticons are still found, hit-tested and drawn under its index.
    @Test func keyboardTabsLeaveOutDisplayOnlyGroups() throws {
        let url = try Self.manifestURLs()[0]
        var manifest = try EmoticonKeyboard(contentsOf: url).manifest
        manifest.tabs[1].displayOnly = true
        let keyboard = EmoticonKeyboard(manifest: manifest, baseURL: Self.output)
        #expect(keyboard.keyboardTabs.map(\.index) == [0] + Array(keyboard.tabs.indices.dropFirst(2)))
        #expect(!keyboard.keyboardTabs.contains { $0.tab.id == manifest.tabs[1].id })
        let hidden = keyboard.tabs[1]
        for (p, page) in hidden.pages.enumerated() {
            for button in page.buttons {
                guard let text = button.text, let found = keyboard.emoticon(forText: text), found.tabID == hidden.id else { continue }
                #expect(found.tab == 1 && found.page == p)
                #expect(keyboard.tokens(in: text).first?.emoticon?.tabID == hidden.id)
            }
            let sheet = try #require(keyboard.sheetURL(tab: 1, page: p, scale: keyboard.manifest.scales[0]))
            #expect(keyboard.verifySheet(try Data(contentsOf: sheet), tab: 1, page: p, scale: keyboard.manifest.scales[0]))
        }
    }

    /// The centre and the top-left corner of every button hit that button; just outside the grid
    /// hits nothing.
    @Test func hitTestFindsEveryButton() throws {
        for url in try Self.manifestURLs() {
            let keyboard = try EmoticonKeyboard(contentsOf: url)
            for (t, tab) in keyboard.tabs.enumerated() {
                for (p, page) in tab.pages.enumerated() {
                    for button in page.buttons {
                        let f = button.frame
                        #expect(keyboard.button(at: CGPoint(x: f.x + f.width / 2, y: f.y + f.height / 2), tab: t, page: p) == button)
                        #expect(keyboard.button(at: CGPoint(x: f.x, y: f.y), tab: t, page: p) == button)
                    }
                    let gridHeight = keyboard.manifest.metrics.gridHeight
                    #expect(keyboard.button(at: CGPoint(x: 1, y: gridHeight), tab: t, page: p) == nil)
                    #expect(keyboard.button(at: CGPoint(x: Double(keyboard.manifest.screenWidth), y: 1), tab: t, page: p) == nil)
                    #expect(keyboard.button(at: CGPoint(x: -1, y: 1), tab: t, page: p) == nil)
                    // The delete button is the last cell of every page.
                    let last = CGPoint(x: Double(keyboard.manifest.screenWidth) - 1, y: gridHeight - 1)
                    #expect(keyboard.button(at: last, tab: t, page: p)?.kind == .delete)
                }
                #expect(keyboard.button(at: CGPoint(x: 1, y: 1), tab: t, page: tab.pages.count) == nil)
            }
            #expect(keyboard.button(at: CGPoint(x: 1, y: 1), tab: keyboard.tabs.count, page: 0) == nil)
        }
    }

    /// Every emoticon's text leads back to its first occurrence, with a sprite at every scale.
    @Test func emoticonForTextFindsEveryEntry() throws {
        for url in try Self.manifestURLs() {
            let keyboard = try EmoticonKeyboard(contentsOf: url)
            var seen: Set<String> = []
            var checked = 0
            for (t, tab) in keyboard.tabs.enumerated() {
                for (p, page) in tab.pages.enumerated() {
                    for button in page.buttons {
                        guard let text = button.text else { continue }
                        let found = try #require(keyboard.emoticon(forText: text), "\(text) not found")
                        #expect(found.text == text)
                        if seen.insert(text).inserted {
                            #expect(found.tab == t && found.page == p && found.button == button && found.tabID == tab.id)
                            checked += 1
                        }
                        if button.missingGlyph != true {
                            for scale in keyboard.manifest.scales { #expect(found.sprite(scale: scale) != nil) }
                        }
                    }
                }
            }
            #expect(checked > 100)
            // The sample faces tab has traditional texts: 愛 finds 爱.
            #expect(keyboard.emoticon(forText: "[愛你]")?.text == "[爱你]")
            #expect(keyboard.emoticon(forText: "[没有这个]") == nil)
        }
    }

    /// A message mixing emoticon texts, keyboard emoji and other emoji splits into tokens at
    /// grapheme boundaries, each carrying its emoticon when the keyboard has one.
    @Test func tokensFindTextsAndEmoji() throws {
        let keyboard = try EmoticonKeyboard(contentsOf: try Self.manifestURLs()[0])
        // 🦖 is an emoji the sample keyboard lacks; 👍🏾 is a skin-tone variant of its 👍 (packs' emoji
        // get their variants); ❤ (text style) is one of its texts.
        let message = "今天[哈哈]了😀，[爱你]🐶[不存在]👍🏾👍🏽🇨🇳🦖❤ 1 ©"
        let tokens = keyboard.tokens(in: message)
        #expect(tokens.map(\.text) == ["[哈哈]", "😀", "[爱你]", "🐶", "👍🏾", "👍🏽", "🇨🇳", "🦖", "❤"])
        #expect(tokens.map(\.kind) == [.emoticon, .emoji, .emoticon, .emoji, .emoji, .emoji, .emoji, .emoji, .emoji])
        #expect(tokens.map { $0.emoticon?.tabID } == ["faces", "emoji", "faces", "com.emokit.animals", "emoji", "emoji", "emoji", nil, "emoji"])
        let utf16 = Array(message.utf16)
        for token in tokens {
            #expect(String(decoding: utf16[token.utf16Offset..<token.utf16Offset + token.utf16Length], as: UTF16.self) == token.text)
            #expect(String(message[token.range]) == token.text)
        }
        // Every keyboard text, concatenated, comes back one token per text.
        var all: [String] = []
        for tab in keyboard.tabs { for page in tab.pages { for button in page.buttons { if let text = button.text { all.append(text) } } } }
        #expect(keyboard.tokens(in: all.joined()).map(\.text) == all)
    }

    /// Each sheet on disk verifies against its page; a changed byte or the wrong page does not.
    @Test func verifySheetChecksTheFilesOnDisk() throws {
        for url in try Self.manifestURLs() {
            let keyboard = try EmoticonKeyboard(contentsOf: url)
            var verified = 0
            for (t, tab) in keyboard.tabs.enumerated() {
                for p in tab.pages.indices {
                    for scale in keyboard.manifest.scales {
                        let sheet = try #require(keyboard.sheetURL(tab: t, page: p, scale: scale))
                        var data = try Data(contentsOf: sheet)
                        #expect(keyboard.verifySheet(data, tab: t, page: p, scale: scale))
                        if tab.pages.count > 1 { #expect(!keyboard.verifySheet(data, tab: t, page: (p + 1) % tab.pages.count, scale: scale)) }
                        data[data.count / 2] ^= 0x01
                        #expect(!keyboard.verifySheet(data, tab: t, page: p, scale: scale))
                        verified += 1
                    }
                }
            }
            #expect(verified > 0)
        }
    }

    /// A manifest from a future emokit is a clear error naming the file, not a partial read.
    @Test func unknownSchemaVersionIsRefused() throws {
        let url = try Self.manifestURLs()[0]
        let text = try String(contentsOf: url, encoding: .utf8)
        let version = try EmoticonKeyboard(contentsOf: url).manifest.schemaVersion
        let future = text.replacingOccurrences(of: "\"schemaVersion\" : \(version),", with: "\"schemaVersion\" : 99,")
        #expect(future != text)
        #expect(throws: EmoticonKeyboardError.unsupportedSchemaVersion(file: "future.json", found: 99, supported: EmoticonKeyboard.supportedSchemaVersions)) {
            try EmoticonKeyboard(data: Data(future.utf8), file: "future.json")
        }
    }

    /// One manifest laid out at each other manifest's width gives that manifest's frames at every
    /// scale, the same sprites and sheets (any-width output), and icons drawn inside their frames
    /// on whole device pixels; a width between two generated ones lays out too.
    @Test func oneManifestLaysOutAtEveryGeneratedWidth() throws {
        let urls = try Self.manifestURLs()
        let keyboard = try EmoticonKeyboard(contentsOf: urls[0])
        var compared = 0
        for url in urls {
            let other = try EmoticonKeyboard(contentsOf: url).manifest
            for scale in other.scales {
                let layout = try keyboard.layout(width: other.screenWidth, scale: scale)
                for (t, tab) in other.tabs.enumerated() {
                    for (p, page) in tab.pages.enumerated() {
                        let placed = try #require(layout.page(tab: t, page: p))
                        if other.sheetLayout == .anyWidth { #expect(placed.sheet == page.sheets["\(scale)"]) }
                        for (key, button) in zip(placed.keys, page.buttons) {
                            #expect(key.frame == button.frames?["\(scale)"] ?? button.frame, "\(url.lastPathComponent) \(tab.id) \(p) \(button.index) @\(scale)x")
                            if other.sheetLayout == .anyWidth { #expect(key.sprite == button.sprite["\(scale)"]) }
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(compared > 100)
        let between = try keyboard.layout(width: 507.5, scale: 2)
        for page in between.pages(tab: 0) {
            for key in page.keys {
                guard let icon = key.iconRect else { continue }
                #expect(icon.x >= key.frame.x && icon.x + icon.width <= key.frame.x + key.frame.width + 1e-9)
                #expect((icon.x * 2).rounded() == icon.x * 2 && (icon.y * 2).rounded() == icon.y * 2)
                #expect(between.key(at: CGPoint(x: key.frame.x + key.frame.width / 2, y: key.frame.y + 1), tab: 0, page: page.index) == key)
            }
        }
    }
}
