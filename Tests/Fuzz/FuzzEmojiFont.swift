import EmojiGlyphs
import Foundation

/// libFuzzer target: font bytes through the emoji font reader (table directory, cmap 4/12/14,
/// CBLC/CBDT strikes, GSUB ligatures), then glyph lookups for single emoji, a ZWJ sequence, a
/// flag and a keycap.
let probes = ["😀", "❤️", "👩‍💻", "🇨🇳", "1️⃣", "👍🏽", "a"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEmojiFont(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard let font = try? ColorEmojiFont(bytes: [UInt8](UnsafeBufferPointer(start: bytes, count: count)), path: "fuzz.ttf") else { return 0 }
    for text in probes where font.hasGlyph(for: text) {
        _ = try? font.glyph(for: text, pixelSize: 32)
    }
    return 0
}
