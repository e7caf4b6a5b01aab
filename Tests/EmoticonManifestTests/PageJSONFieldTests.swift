import Foundation
import Testing

@testable import EmoticonManifest

/// `PageJSON` is a second, hand-written writer of `Manifest.Page`: a field added to the manifest
/// and to its `Codable` form but not to `PageJSON` would be dropped from every manifest emokit
/// writes, silently (the random pages of `PageJSONTests` only set the fields they know). Here one
/// page has every field set, which a reflection of the values checks, so a new field fails
/// `everyFieldIsSet` until it is set below, and then `writesEveryField` until `PageJSON` writes it.
struct PageJSONFieldTests {
    /// A page with every optional field present and every collection non-empty, all the way
    /// down: buttons, their variants, animation, frames and sprites.
    static func fullPage() -> Manifest.Page {
        let rect = Manifest.Rect(x: 1.5, y: 2, width: 46.875, height: 50)
        let pixels = Manifest.PixelRect(x: 3, y: 4, width: 94, height: 100)
        var button = Manifest.Button(
            kind: .emoticon, index: 1, row: 0, column: 1, entry: 7, text: "[哈哈]", name: "哈哈",
            textTraditional: "[哈哈]", codePoints: ["1f600"], utf16Length: 4, missingGlyph: false,
            frame: rect, sprite: ["2": pixels])
        button.frames = ["375": rect]
        button.animation = Manifest.Animation(path: "animations/haha.gif", frames: 12, loopCount: 0, durationMs: 1_200, width: 64, height: 64)
        button.keywords = ["laugh"]
        button.pinyin = ["haha", "hh"]
        button.emojiVersion = "15.0"
        button.systemGlyph = false
        var variant = Manifest.Variant(text: "👍🏽", name: "thumbs up: medium skin tone", sheet: ["2": "sheets/variants@2x.png"], sprite: ["2": pixels])
        variant.systemGlyph = true
        button.variants = [variant]
        button.webClass = "emk-faces-haha"
        button.sends = .image
        button.image = "images/haha.webp"
        return Manifest.Page(
            index: 0, sheets: ["2": "sheets/faces/375/page-000@2x.png"], sheetHashes: ["2": "0123abcd"], buttons: [button],
            imageSet: "faces-375-page-000")
    }

    /// The paths of every stored property, at any depth, that is nil or an empty collection.
    static func unset(_ value: Any, at path: String = "page") -> [String] {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first else { return [path] }
            return unset(wrapped.value, at: path)
        case .collection, .dictionary, .set:
            guard !mirror.children.isEmpty else { return ["\(path) (empty)"] }
            return mirror.children.enumerated().flatMap { index, child in unset(child.value, at: "\(path)[\(index)]") }
        case .struct, .tuple, .class:
            return mirror.children.enumerated().flatMap { index, child in unset(child.value, at: "\(path).\(child.label ?? "\(index)")") }
        default:
            return []
        }
    }

    @Test func everyFieldIsSet() {
        // A field this reports was added to the manifest: set it in `fullPage`, then make
        // `PageJSON` write it (`writesEveryField` fails until it does).
        #expect(Self.unset(Self.fullPage()) == [])
    }

    @Test func writesEveryField() throws {
        let page = Self.fullPage()
        let expected = String(decoding: try Manifest.encoder().encode(page), as: UTF8.self)
        #expect(try #require(PageJSON.text(page, indent: 0)) == expected)
    }

    /// The check itself notices what it must: a nil optional and an empty list, at depth.
    @Test func unsetFieldsAreFound() {
        var page = Self.fullPage()
        page.buttons[0].variants![0].systemGlyph = nil
        page.buttons[0].keywords = []
        #expect(Self.unset(page) == ["page.buttons[0].keywords (empty)", "page.buttons[0].variants[0].systemGlyph"])
    }
}
