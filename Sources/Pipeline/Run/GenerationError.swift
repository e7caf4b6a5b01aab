import Diagnostics
import EmojiData
import EmojiGlyphs
import EmoticonPacks
import Imaging
import OutputSeal
import OutputTransaction

/// Why a run stopped. Each case carries the file, entry and key as data; `diagnostics` is the one
/// place that turns them into findings, and every message names the file (and entry) to fix.
public enum GenerationError: Error, CustomStringConvertible, Sendable {
    /// The options themselves cannot run (a usage problem the library also checks). The words
    /// still name flags: the option checks move to their own module (Settings) in the redesign.
    case invalidOptions(Diagnostic.Message)
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
    /// Unicode's emoji-test.txt or CLDR's annotations could not be read.
    case emojiData(EmojiDataError)
    /// Writing the output failed (encoding a sheet, the file system, the swap-in). The inputs were
    /// fine: the CLI reports these with their own exit status.
    case output(path: String, reason: String)
    /// `--size-budget`: what an app ships for a platform and scale is over it (the inputs and the
    /// output were fine; the sheets are too big). The previous output is left as it was.
    case overBudget(SizeOverrun)
    /// An output folder emokit will not write to (it is not one, or would replace or hide
    /// something it must not): an output failure whose reason names settings.
    case refusedOutput(path: String, reason: Diagnostic.Message)

    /// The output stage's error as the run's: the inputs were fine.
    public init(_ error: OutputError) {
        switch error {
        case let .cannotWrite(path, reason): self = .output(path: path, reason: reason)
        case let .refused(path, reason): self = .refusedOutput(path: path, reason: reason)
        }
    }

    /// The sealing stage's error as the run's: an output failure.
    package init(_ error: SealError) {
        switch error {
        case .output(let error): self.init(error)
        case let .cannotRead(path, reason), let .cannotArchive(path, reason): self = .output(path: path, reason: reason)
        }
    }

    /// True for failures writing the output rather than reading the inputs.
    public var isOutputFailure: Bool {
        switch self {
        case .output, .refusedOutput: return true
        default: return false
        }
    }

    /// Every finding, in the order to print: the warnings found before the run stopped, then its
    /// errors.
    public var diagnostics: [Diagnostic] {
        switch self {
        case .invalidOptions(let why): return [Diagnostic("invalid-options", .error, message: why)]
        case .packs(let errors, let warnings):
            // A note among the errors (a layout `validate` tried) stays a note.
            return warnings.map { $0.diagnostic(as: .warning) } + errors.map { $0.diagnostic(as: $0.severity == .note ? .note : .error) }
        case let .missingGlyphs(source, entries):
            return entries.map { Diagnostic("missing-glyph", .error, file: $0.plistPath, entryIndex: $0.plistIndex, message: "\($0.message): no glyph in \(source)") }
                + [
                    Diagnostic(
                        "missing-glyphs", .error,
                        message: "\(entries.count) emoji without a glyph; use another source (\(setting: "emoji-font"), \(setting: "emoji-images")) "
                            + "or \(setting: "missing-glyph") skip to leave them out")
                ]
        case .blankGlyph(let entry): return [Self.error("blank-glyph", entry, "\(entry.message): the glyph has no visible pixels")]
        case let .image(user, error):
            let message: Diagnostic.Message = "\(user.message): \(path: error.path): \(error.reasonText)"
            if case .entry(let entry) = user { return [Self.error("bad-image", entry, message)] }
            return [Diagnostic("bad-image", .error, message: message)]
        case let .animation(entry, error): return [Self.error("bad-animation", entry, "\(entry.message): \(path: error.path): \(error.reasonText)")]
        case let .deleteIcon(path, reason): return [Diagnostic("delete-icon", .error, file: path, message: "delete icon \(path: path): \(reason)")]
        case .emojiSource(let error): return [Diagnostic("emoji-source", .error, message: error.message)]
        case let .emojiGlyph(entry, error): return [Self.error("emoji-glyph", entry, "\(entry.message): \(error.message)")]
        case .emojiData(let error): return [Diagnostic("emoji-data", .error, message: error.message)]
        case let .output(path, reason): return [OutputError.cannotWrite(path: path, reason: reason).diagnostic]
        case let .refusedOutput(path, reason): return [OutputError.refused(path: path, reason: reason).diagnostic]
        case .overBudget(let overrun): return [Diagnostic("size-budget", .error, message: overrun.message)]
        }
    }

    /// Those of one severity: `.error` gives the lines that say why the run stopped.
    public func diagnostics(_ severity: Diagnostic.Severity) -> [Diagnostic] { diagnostics.filter { $0.severity == severity } }

    private static func error(_ code: Diagnostic.Code, _ entry: EntryLabel, _ message: Diagnostic.Message) -> Diagnostic {
        Diagnostic(code, .error, file: entry.plistPath, entryIndex: entry.plistIndex, message: message)
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Names one entry in messages: `faces/info.plist: entry 3 ("[哈哈]")`, with the code points for
/// emoji (`emoji/Emoji.plist: entry 0 ("😀" 1F600)`); quoted as every pack message quotes entries.
public struct EntryLabel: Equatable, Sendable, CustomStringConvertible {
    public var plistPath: String
    public var plistIndex: Int
    public var text: String
    public var codePoints: String?
    /// Where a file that nests its entries in groups keeps it (`Entry.locator`), named in place
    /// of the whole-file number.
    public var locator: String?

    public init(_ pack: EmoticonPack, _ entry: Entry) {
        plistPath = entry.sourcePath ?? pack.plistPath
        plistIndex = entry.plistIndex
        text = entry.text
        locator = entry.locator
        if case .emoji(let emoji) = entry.content { codePoints = EmojiText.codePoints(emoji) }
    }

    /// The label in a message, its plist as a path the caller may name otherwise.
    public var message: Diagnostic.Message {
        let place: Diagnostic.Message = locator.map { "\($0)" } ?? "entry \(plistIndex)"
        // A sticker's text is its place in the file: said once.
        if text == locator && codePoints == nil { return "\(path: plistPath): \(place)" }
        return "\(path: plistPath): \(place) (\(quoted: text)\(codePoints.map { " \($0)" } ?? ""))"
    }

    public var description: String { message.description }
}

/// Who uses an image, for messages.
public enum ImageUser: Equatable, Sendable, CustomStringConvertible {
    case entry(EntryLabel)
    /// The delete button icon: a pack's own (`pack` is its folder name) or the run's default.
    case deleteIcon(pack: String?)
    /// A pack's own tab icon (`icon.png`); `pack` is its folder name.
    case tabIcon(pack: String)

    /// The user in a message: an entry's plist as a path, a pack by its folder name.
    public var message: Diagnostic.Message {
        switch self {
        case .entry(let label): return label.message
        case .deleteIcon(let pack?): return "\(pack): delete icon"
        case .deleteIcon(nil): return "delete icon"
        case .tabIcon(let pack): return "\(pack): tab icon"
        }
    }

    public var description: String { message.description }
}
