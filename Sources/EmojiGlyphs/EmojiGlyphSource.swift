import Diagnostics
import Imaging

/// Where emoji pictures come from. Both sources answer the same question: the picture for a
/// code-point sequence (an emoji grapheme cluster), or nil when they have none.
public protocol EmojiGlyphSource: Sendable {
    /// Says which source this is, for messages and the preview's summary.
    var summary: String { get }
    /// The glyph for `emoji` (any form: with or without U+FE0F), at the size that best covers
    /// `pixelSize` (the caller scales it to fit), or nil when the source has no glyph for it.
    func glyph(for emoji: String, pixelSize: Int) throws -> RGBAImage?
    /// Cheap check (no decoding) used to list every missing emoji before any drawing starts.
    func hasGlyph(for emoji: String) -> Bool
    /// The glyph for `emoji` scaled to each of the sizes `sizes(width, height)` asks for (given
    /// the glyph's own size), or nil when the source has none: exactly what scaling `glyph`'s
    /// picture gives, but a source may decode straight into the scaled copies (a font's palette
    /// glyphs are never expanded to full-size RGBA, which was a fifth of drawing them).
    func scaledGlyph(
        for emoji: String, pixelSize: Int, kernels: inout ResampleKernel.Cache, sizes: (_ width: Int, _ height: Int) -> [(width: Int, height: Int)]
    ) throws -> [RGBAImage]?
}

extension EmojiGlyphSource {
    public func scaledGlyph(
        for emoji: String, pixelSize: Int, kernels: inout ResampleKernel.Cache, sizes: (_ width: Int, _ height: Int) -> [(width: Int, height: Int)]
    ) throws -> [RGBAImage]? {
        guard let glyph = try glyph(for: emoji, pixelSize: pixelSize) else { return nil }
        return Resampler.scale(glyph, to: sizes(glyph.width, glyph.height), kernels: &kernels)
    }
}

/// Errors of the glyph sources, one line each, naming the file.
public enum EmojiGlyphError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case notAFont(path: String)
    case missingTable(path: String, tag: String)
    case noBitmaps(path: String, found: String)
    case corrupt(path: String, table: String, reason: String)
    case badGlyphImage(path: String, glyph: Int, reason: String)
    case noFontFound(searched: [String])
    case emptyFolder(path: String)

    /// The words, with the settings to try as references (the caller names them: `--emoji-images`).
    public var message: Diagnostic.Message {
        switch self {
        case let .unreadable(path, reason): return "\(path: path): cannot read (\(reason))"
        case .notAFont(let path): return "\(path: path): not an OpenType/TrueType font"
        case let .missingTable(path, tag): return "\(path: path): the font has no '\(tag)' table"
        case let .noBitmaps(path, found):
            return "\(path: path): the font has no CBDT/CBLC colour bitmaps (it has \(found)); emokit reads bitmap emoji fonts such as Noto Color Emoji. "
                + "Use a folder of PNGs instead: \(setting: "emoji-images") DIR"
        case let .corrupt(path, table, reason): return "\(path: path): corrupt '\(table)' table: \(reason)"
        case let .badGlyphImage(path, glyph, reason): return "\(path: path): glyph \(glyph): bad bitmap (\(reason))"
        case .noFontFound(let searched):
            return "no colour emoji font found (looked in \(searched.joined(separator: ", "))); install fonts-noto-color-emoji, "
                + "or pass \(setting: "emoji-font") PATH or \(setting: "emoji-images") DIR"
        case .emptyFolder(let path): return "\(path: path): no emoji PNGs named by code points (e.g. 1f600.png or emoji_u1f600.png)"
        }
    }

    /// The message with settings under their plain names (see `Diagnostic.Message.description`).
    public var description: String { message.description }
}

/// Sequence handling shared by the sources.
enum EmojiSequence {
    /// The scalars to look up: variation selectors dropped (fonts and image sets key sequences
    /// without them; U+FE0F itself has no glyph in Noto Color Emoji).
    static func lookupScalars(_ emoji: String) -> [Unicode.Scalar] {
        emoji.unicodeScalars.filter { $0.value != 0xFE0F && $0.value != 0xFE0E }
    }
}
