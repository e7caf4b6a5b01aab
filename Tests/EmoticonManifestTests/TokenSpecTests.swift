import EmoticonManifest
import Foundation
import Testing

/// The token spec (`Tests/TokenSpec/segments.json`), the same vectors the browser tests run
/// against `web/emoticons.js`: segments and delete-backward on a keyboard of two tabs.
struct TokenSpecTests {
    struct Spec: Decodable {
        struct Tab: Decodable { let id: String; let entries: [Entry] }
        struct Entry: Decodable { let chs: String; let cht: String?; let image: String }
        struct Segment: Decodable, Equatable, CustomStringConvertible {
            let kind: String, text: String, tab: String?
            var description: String { "\(kind) \(text.debugDescription)\(tab.map { " (\($0))" } ?? "")" }
        }
        struct Deletion: Decodable { let text: String; let caret: Int? }
        struct Vector: Decodable, CustomTestStringConvertible {
            let name: String, input: String, segments: [Segment], deleteBackward: Deletion, caret: Int?
            var testDescription: String { name }
        }
        let keyboard: [Tab]
        let vectors: [Vector]
    }

    static let spec: Spec = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TokenSpec/segments.json")
        return try! JSONDecoder().decode(Spec.self, from: Data(contentsOf: url))
    }()

    /// The spec's keyboard as a manifest: one page per tab, every entry a button.
    static let keyboard: EmoticonKeyboard = {
        var manifest = EmoticonKeyboardTests.manifest(texts: [nil])
        manifest.tabs = spec.keyboard.map { tab in
            let buttons = tab.entries.enumerated().map { index, entry in
                Manifest.Button(
                    kind: .emoticon, index: index, row: 0, column: index, entry: index, text: entry.chs, name: entry.image,
                    textTraditional: entry.cht, codePoints: nil, utf16Length: nil, missingGlyph: nil,
                    frame: .init(x: Double(index) * 10, y: 0, width: 10, height: 10), sprite: [:])
            }
            let page = Manifest.Page(index: 0, sheets: [:], sheetHashes: [:], buttons: buttons)
            return .init(id: tab.id, title: tab.id, kind: .image, entryCount: buttons.count, pages: [page])
        }
        return EmoticonKeyboard(manifest: manifest)
    }()

    @Test func theSpecCoversWhatTheIssueNames() {
        let names = Self.spec.vectors.map(\.name)
        #expect(Self.spec.vectors.count >= 30)
        #expect(Self.spec.vectors.contains { $0.input.isEmpty })
        #expect(names.contains("a text that is a prefix of another") && names.contains("brackets matching nothing"))
        #expect(names.contains("text after a skin-tone variant") && names.contains("adjacent emoticons"))
    }

    @Test(arguments: spec.vectors) func segments(_ vector: Spec.Vector) {
        let segments = Self.keyboard.segments(in: vector.input)
        let found = segments.map { Spec.Segment(kind: $0.kind.rawValue, text: $0.text, tab: $0.emoticon?.tabID) }
        #expect(found == vector.segments)
        #expect(segments.map(\.text).joined() == vector.input)
        // The UTF-16 spans tile the string.
        var offset = 0
        for segment in segments {
            #expect(segment.nsRange.location == offset)
            #expect((vector.input as NSString).substring(with: segment.nsRange) == segment.text)
            offset += segment.utf16Length
        }
    }

    @Test(arguments: spec.vectors) func deleteBackward(_ vector: Spec.Vector) {
        let input = vector.input
        let caret = vector.caret.map { input.utf16.index(input.startIndex, offsetBy: $0) }
        let result = Self.keyboard.deleteBackward(in: input, before: caret)
        #expect(result.text == vector.deleteBackward.text)
        let caretOffset = result.text.utf16.distance(from: result.text.startIndex, to: result.caret)
        #expect(caretOffset == vector.deleteBackward.caret ?? vector.deleteBackward.text.utf16.count)
    }

    @Test func lookupsByTabID() {
        let keyboard = Self.keyboard
        #expect(keyboard.tabIndex(id: "animals") == 1)
        #expect(keyboard.tab(id: "faces")?.entryCount == 5)
        #expect(keyboard.page(tabID: "animals", page: 0)?.buttons.first?.text == "[哈哈哈]")
        #expect(keyboard.button(at: CGPoint(x: 12, y: 5), tabID: "faces", page: 0)?.text == "[哈哈]")
        #expect(keyboard.tabIndex(id: "nope") == nil && keyboard.page(tabID: "nope", page: 0) == nil)
        #expect(keyboard.button(at: CGPoint(x: 1, y: 1), tabID: "nope", page: 0) == nil)
        #expect(!keyboard.verifySheet(Data(), tabID: "nope", page: 0, scale: 2))
    }

    /// Text segments are maximal runs: never two in a row, and never empty.
    @Test func textSegmentsAreMaximal() {
        for vector in Self.spec.vectors {
            let kinds = Self.keyboard.segments(in: vector.input).map(\.kind)
            #expect(!zip(kinds, kinds.dropFirst()).contains { $0 == .text && $1 == .text }, "\(vector.name)")
        }
    }
}
