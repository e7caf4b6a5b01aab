import EmojiData
import EmojiGlyphs
import EmoticonPacks
import Imaging

/// Why a run stopped. Each case carries the file, entry and key as data; `lines` is the one
/// place that turns them into words, and every line names the file (and entry) to fix.
public enum GenerationError: Error, CustomStringConvertible, Sendable {
    /// The options themselves cannot run (a usage problem the library also checks).
    case invalidOptions(String)
    /// Every error found in the packs, in entry order, and the warnings found alongside.
    case packs([PackError], warnings: [PackError] = [])
    /// Emoji with no glyph in `source` (every one listed).
    case missingGlyphs(source: String, entries: [EntryLabel])
    /// The source has a glyph for the emoji, but it draws nothing.
    case blankGlyph(entry: EntryLabel)
    /// An image that an entry (or a delete icon) uses was refused by the decoder.
    case image(user: ImageUser, error: PNGError)
    /// An entry's GIF (its animation, or its only image) was refused by the decoder.
    case animation(entry: EntryLabel, error: GIFError)
    /// The delete icon file could not be found or is not a plain file name.
    case deleteIcon(path: String, reason: String)
    /// The emoji font or image folder could not be opened.
    case emojiSource(EmojiGlyphError)
    /// A glyph could not be drawn from the emoji source.
    case emojiGlyph(entry: EntryLabel, error: EmojiGlyphError)
    /// Writing the output failed (encoding a sheet, the file system, the swap-in). The inputs were
    /// fine: the CLI reports these with their own exit status.
    /// Unicode's emoji-test.txt or CLDR's annotations could not be read.
    case emojiData(EmojiDataError)
    case output(path: String, reason: String)

    /// True for failures writing the output rather than reading the inputs.
    public var isOutputFailure: Bool {
        if case .output = self { return true }
        return false
    }

    public var lines: [String] {
        switch self {
        case .invalidOptions(let why): return [why]
        case .packs(let errors, _): return errors.map(\.description)
        case let .missingGlyphs(source, entries):
            return entries.map { "\($0): no glyph in \(source)" }
                + ["\(entries.count) emoji without a glyph; use another source (--emoji-font, --emoji-images) or --missing-glyph skip to leave them out"]
        case .blankGlyph(let entry): return ["\(entry): the glyph has no visible pixels"]
        case let .image(user, error): return ["\(user): \(error.description)"]
        case let .animation(entry, error): return ["\(entry): \(error.description)"]
        case let .deleteIcon(path, reason): return ["delete icon \(path): \(reason)"]
        case .emojiSource(let error): return [error.description]
        case let .emojiGlyph(entry, error): return ["\(entry): \(error.description)"]
        case .emojiData(let error): return [error.description]
        case let .output(path, reason): return ["\(path): \(reason)"]
        }
    }

    /// Warnings found before the run stopped, printed before its errors.
    public var warningLines: [String] {
        if case .packs(_, let warnings) = self { return warnings.map(\.description) }
        return []
    }

    public var description: String { lines.joined(separator: "\n") }
}

/// Names one entry in messages: `faces/info.plist: entry 3 ("[哈哈]")`, with the code points for
/// emoji (`emoji/Emoji.plist: entry 0 ("😀" 1F600)`); quoted as every pack message quotes entries.
public struct EntryLabel: Equatable, Sendable, CustomStringConvertible {
    public var plistPath: String
    public var plistIndex: Int
    public var text: String
    public var codePoints: String?

    public init(_ pack: EmoticonPack, _ entry: Entry) {
        plistPath = entry.sourcePath ?? pack.plistPath
        plistIndex = entry.plistIndex
        text = entry.text
        if case .emoji(let emoji) = entry.content { codePoints = EmojiText.codePoints(emoji) }
    }

    public var description: String {
        "\(plistPath): entry \(plistIndex) (\(PackError.quote(text))\(codePoints.map { " \($0)" } ?? ""))"
    }
}

/// Who uses an image, for messages.
public enum ImageUser: Equatable, Sendable, CustomStringConvertible {
    case entry(EntryLabel)
    /// The delete button icon: a pack's own (`pack` is its folder name) or the run's default.
    case deleteIcon(pack: String?)
    /// A pack's own tab icon (`icon.png`); `pack` is its folder name.
    case tabIcon(pack: String)

    public var description: String {
        switch self {
        case .entry(let label): return label.description
        case .deleteIcon(let pack?): return "\(pack): delete icon"
        case .deleteIcon(nil): return "delete icon"
        case .tabIcon(let pack): return "\(pack): tab icon"
        }
    }
}
