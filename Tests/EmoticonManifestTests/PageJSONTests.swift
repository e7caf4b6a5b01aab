import Foundation
import Testing

@testable import EmoticonManifest

/// `PageJSON` writes exactly `Manifest.encoder()`'s bytes for a page, or declines: random pages
/// with every optional field present or absent, empty and full collections, escaped strings and
/// numbers of every shape, compared with the encoder's text.
struct PageJSONTests {
    final class Random {
        var state: UInt64
        init(state: UInt64) { self.state = state }
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 17
        }
        func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        func bool() -> Bool { int(2) == 0 }
        func maybe<T>(_ make: () -> T) -> T? { bool() ? make() : nil }
        func text() -> String {
            let pieces = ["[哈哈]", "a", "\"", "\\", "/", "é", "👍🏽", "x y", "sheets/tab/375/page-000@2x.png", "\u{7F}", "\u{2028}", "Ab", "_"]
            return (0..<int(4)).map { _ in pieces[int(pieces.count)] }.joined()
        }
        func number() -> Double {
            let numbers: [Double] = [0, 50, 46.875, 93.75, 1e-7, 123_456_789_012.5, 0.1, 1.0 / 3.0, -0.0, 1e21, 2.5e-5, 375, 31.25]
            return numbers[int(numbers.count)] * (bool() ? 1 : -1)
        }
        func rect() -> Manifest.Rect { Manifest.Rect(x: number(), y: number(), width: number(), height: number()) }
        func pixelRect() -> Manifest.PixelRect { Manifest.PixelRect(x: int(999), y: int(999), width: int(99), height: int(99)) }
        func strings() -> [String: String] { Dictionary((0..<int(3)).map { _ in (text(), text()) }, uniquingKeysWith: { a, _ in a }) }
        func rects() -> [String: Manifest.PixelRect] {
            Dictionary((0..<int(3)).map { _ in ["2", "3", "1"][int(3)] }.map { ($0, pixelRect()) }, uniquingKeysWith: { a, _ in a })
        }
        func button() -> Manifest.Button {
            var b = Manifest.Button(
                kind: bool() ? .emoticon : .delete, index: int(32), row: int(4), column: int(8), entry: maybe { int(40_000) }, text: maybe { text() },
                name: text(), textTraditional: maybe { text() }, codePoints: maybe { (0..<int(3)).map { _ in String(int(0x1FFFF), radix: 16) } },
                utf16Length: maybe { int(12) }, missingGlyph: maybe { bool() }, frame: rect(), sprite: rects())
            b.frames = maybe { Dictionary((0..<int(3)).map { _ in (String(int(999)), rect()) }, uniquingKeysWith: { a, _ in a }) }
            b.animation = maybe { Manifest.Animation(path: text(), frames: int(99), loopCount: int(3), durationMs: int(9999), width: int(99), height: int(99)) }
            b.keywords = maybe { (0..<int(3)).map { _ in text() } }
            b.pinyin = maybe { [text(), text()] }
            b.emojiVersion = maybe { "15.0" }
            b.systemGlyph = maybe { bool() }
            b.variants = maybe {
                (0..<int(3)).map { _ in
                    var v = Manifest.Variant(text: text(), name: text(), sheet: strings(), sprite: rects())
                    v.systemGlyph = maybe { bool() }
                    return v
                }
            }
            b.webClass = maybe { text() }
            return b
        }
        func page() -> Manifest.Page {
            Manifest.Page(index: int(500), sheets: strings(), sheetHashes: strings(), buttons: (0..<int(4)).map { _ in button() }, imageSet: maybe { text() })
        }
    }

    @Test func writesTheEncodersBytes() throws {
        let random = Random(state: 42)
        for round in 0..<400 {
            let page = random.page()
            let expected = String(decoding: try Manifest.encoder().encode(page), as: UTF8.self)
            let written = try #require(PageJSON.text(page, indent: 0), "round \(round)")
            #expect(written == expected, "round \(round)")
            // At depth, every line but the first is indented as the encoder indents a nested value.
            let deep = try #require(PageJSON.text(page, indent: 8))
            #expect(String(repeating: " ", count: 8) + deep == PagedManifest.indented(Data(expected.utf8), by: 8), "round \(round)")
        }
    }

    /// A page's text cut at its frames (`SharedPageTexts`) and filled in with other frames is the
    /// text of the page with those frames, whatever its fields; frames that do not fit (another
    /// number of buttons, per-scale frames where the page had none) or that have no text decline.
    @Test func templatesFilledWithOtherFramesWriteThatPage() throws {
        let random = Random(state: 11)
        for round in 0..<400 {
            var page = random.page()
            let template = try #require(PageJSON.template(page, indent: 8), "round \(round)")
            var frames: [SharedPageTexts.Frames] = []
            for index in page.buttons.indices {
                page.buttons[index].frame = random.rect()
                if page.buttons[index].frames != nil {
                    page.buttons[index].frames = Dictionary(
                        (0..<(1 + random.int(3))).map { _ in (String(random.int(9)), random.rect()) }, uniquingKeysWith: { a, _ in a })
                }
                frames.append(.init(frame: page.buttons[index].frame, frames: page.buttons[index].frames))
            }
            #expect(template.text(frames: frames) == PageJSON.text(page, indent: 8, indentFirstLine: true), "round \(round)")
            let shared = SharedPageTexts()
            #expect(shared.text(tab: 0, index: round, frames: frames) { page } == PageJSON.text(page, indent: 8, indentFirstLine: true))
            if let first = frames.first {
                #expect(template.text(frames: frames + [first]) == nil)
                var other = frames
                other[0].frames = first.frames == nil ? ["2": first.frame] : nil
                #expect(template.text(frames: other) == nil)
                other = frames
                other[0].frame.x = .infinity
                #expect(template.text(frames: other) == nil)
            }
        }
        // A page kept is made once; past the budget, pages are made for every use.
        var made = 0
        let page = random.page()
        let frames = page.buttons.map { SharedPageTexts.Frames(frame: $0.frame, frames: $0.frames) }
        let kept = SharedPageTexts()
        for _ in 0..<3 {
            _ = kept.text(tab: 1, index: 2, frames: frames) {
                made += 1; return page
            }
        }
        #expect(made == 1)
        let none = SharedPageTexts(budget: 0)
        #expect(none.text(tab: 1, index: 2, frames: frames) { page } == PageJSON.text(page, indent: 8, indentFirstLine: true))
        for _ in 0..<3 {
            _ = none.text(tab: 1, index: 2, frames: frames) {
                made += 1; return page
            }
        }
        #expect(made == 4)  // (the page made for the check above is not counted)
    }

    /// Control characters and numbers JSON has no text for are left to the encoder.
    @Test func declinesWhatItDoesNotKnow() {
        let random = Random(state: 7)
        var page = random.page()
        page.buttons = [random.button()]
        page.buttons[0].name = "tab\there"
        #expect(PageJSON.text(page, indent: 0) == nil)
        page.buttons[0].name = "ok"
        page.buttons[0].frame.x = .nan
        #expect(PageJSON.text(page, indent: 0) == nil)
        page.buttons[0].frame.x = 1
        #expect(PageJSON.text(page, indent: 0) != nil)
    }
}
