import EmoticonPacks

/// Why a run stopped. Every case prints as lines that name the file (and entry) to fix.
public enum GenerationError: Error, CustomStringConvertible, Sendable {
    case invalidOptions(String)
    case packs([PackError])
    case missingGlyphs(source: String, entries: [String])
    case blankGlyph(entry: String)
    case image(String)
    case emojiSource(String)
    case output(path: String, reason: String)

    public var lines: [String] {
        switch self {
        case .invalidOptions(let why): return [why]
        case .packs(let errors): return errors.map(\.description)
        case let .missingGlyphs(source, entries):
            return entries.map { "\($0): no glyph in \(source)" }
                + ["\(entries.count) emoji without a glyph; use another source (--emoji-font, --emoji-images) or --missing-glyph skip to leave them out"]
        case .blankGlyph(let entry): return ["\(entry): the glyph has no visible pixels"]
        case .image(let message): return [message]
        case .emojiSource(let message): return [message]
        case let .output(path, reason): return ["\(path): \(reason)"]
        }
    }

    public var description: String { lines.joined(separator: "\n") }
}
