import Diagnostics
import EmojiData
import EmoticonPacks
import Foundation
import Imaging
import OutputTransaction

/// The step "reading packs": every pack read and every image header and emoji glyph checked
/// before anything is drawn; the delete icons and the entries' names loaded; then the staging
/// folder made (nothing is written before the inputs are known good).
struct ReadingPacks {
    /// What the step reads of the run's options (the plan itself reads the packs' settings).
    struct Settings {
        var imageLimits: PNGDecoder.Limits
        var iconBoxes: [Int: Int]
        var locale: TitleLocale
        var cldr: URL?
        var keywordsFile: URL?

        init(_ options: GeneratorOptions) {
            (imageLimits, iconBoxes, locale, cldr) = (options.imageLimits, options.iconBoxes, options.locale, options.cldr)
            keywordsFile = options.keywordsFile
        }
    }

    /// What the later steps draw and name from.
    struct Packs {
        let plan: Plan
        var packs: [EmoticonPack] { plan.packs }
        let warnings: [Diagnostic]
        let decoder: PNGDecoder
        let emojiIdentity: SourceIdentity?
        let deleteIcons: [[Int: RGBAImage]]
        let names: EntryNames
        let pinyin: PinyinNames
        /// `--keywords`: image entries' search keywords by text.
        var keywords = EntryKeywords.none
    }

    let settings: Settings

    func run(_ generator: Generator, session: OutputSession) throws(GenerationError) -> Packs {
        let plan = try generator.readPlan()
        let keywords = try EntryKeywords.read(settings.keywordsFile)
        let packs = plan.packs
        var warnings = plan.warnings.map { $0.diagnostic(as: .warning) } + plan.skippedGlyphs
        let decoder = PNGDecoder(limits: settings.imageLimits)
        // The emoji font's digest (a 10 MB hash) is made beside the rest of the step, which
        // waits for it only at the end: this step is the one part of a run on a single core.
        let identity = Background { () throws(GenerationError) in try plan.emojiSource.map(SourceIdentity.init) }
        let deleteIcons = try generator.loadDeleteIcons(for: packs, boxes: settings.iconBoxes, decoder: decoder)
        let cldr = settings.cldr ?? EmojiAnnotations.debianCLDRCommon
        let names = EntryNames(locale: settings.locale, needsEmoji: packs.contains { $0.kind != .image }, cldrCommon: cldr)
        let pinyin = try PinyinNames(names: packs.flatMap { $0.entries.map(names.name(of:)) }, cldrCommon: cldr)
        let emojiIdentity = try identity.value()
        for pack in packs where pack.entries.isEmpty {
            warnings.append(Diagnostic("empty-pack", .warning, file: pack.plistPath, message: "\(path: pack.plistPath): 0 emoticons; the tab has no pages"))
        }
        // Images dropped into a pack folder that no entry names: one line per pack (validate lists each).
        warnings += UnusedImages.warnings(packs, reported: plan.warnings)
        do { try session.stage() } catch { throw GenerationError(error) }
        return Packs(
            plan: plan, warnings: warnings, decoder: decoder, emojiIdentity: emojiIdentity, deleteIcons: deleteIcons, names: names, pinyin: pinyin,
            keywords: keywords)
    }
}

/// A value made on another thread while the caller goes on; `value()` waits for it.
private final class Background<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written once by the worker before it signals `done`, read only after waiting for it.
    private var result: Result<Value, GenerationError>?

    init(_ make: @escaping @Sendable () throws(GenerationError) -> Value) {
        DispatchQueue.global().async {
            self.result = Result { () throws(GenerationError) in try make() }
            self.done.signal()
        }
    }

    func value() throws(GenerationError) -> Value {
        done.wait()
        done.signal()
        return try result!.get()
    }
}
