import Diagnostics
import EmojiGlyphs
import EmojiTabs
import EmoticonPacks
import Foundation
import Imaging

/// Steps 1-2 of the pipeline as one value: every pack read, every image header checked and every
/// emoji looked up before anything is drawn, so one run reports every problem of the packs (in
/// entry order) instead of stopping at the first bad file. `emokit validate` lists the same
/// findings without writing anything.
public struct Plan: Sendable {
    /// The packs in tab order, holding only the entries that will be drawn.
    public var packs: [EmoticonPack]
    /// Warnings about the packs in reading order (skipped folders, unknown keys, repeated
    /// entries, entries skipped by `--lenient`, enlarged images).
    public var warnings: [PackError]
    /// Things worth saying that need no fix (a plist read under an unusual name).
    public var notes: [PackError]
    /// What to draw for each entry of each pack.
    var sprites: [[SpriteSource]]
    var emojiSource: EmojiGlyphSource?
    /// `--missing-glyph skip` cells, for the report.
    var skippedGlyphs: [Diagnostic]
    /// Each entry's checked animation (a GIF to copy into the output), parallel to `sprites`.
    var animations: [[AnimationSource?]] = []
    /// What the emoji data added (the emoji keyboard's tabs), nil when none was read.
    var emojiData: EmojiDataStep.Outcome? = nil
    /// `--system-emoji`: the emoji left to the system font, nil when every emoji is drawn.
    var systemGlyphs: SystemGlyphs? = nil
}

extension Generator {
    func makeEmojiSource(needed: Bool) throws(GenerationError) -> EmojiGlyphSource? {
        guard needed else { return nil }
        do {
            switch options.emojiSource {
            case .font(let path?): return try ColorEmojiFont(path: path)
            case .font(nil): return try ColorEmojiFont.locateDefault()
            case .images(let path): return try EmojiImageFolder(path: path)
            }
        } catch let error as EmojiGlyphError {
            throw .emojiSource(error)
        } catch {
            throw .emojiSource(.unreadable(path: "\(options.emojiSource)", reason: "\(error)"))
        }
    }

    /// Reads and checks the inputs without writing anything. Throws every error found (with the
    /// warnings found alongside); with `strict`, warnings count as errors.
    /// `listingEveryEnlargement`: name every enlarged image (`validate`), not the first few of
    /// each pack and a count (`generate`: 121,328 small images made 121,328 long warnings); the
    /// same for emoticons left out because their image is missing (`MissingImages`).
    /// `explainingLayouts`: a pack no layout reads is followed by the layouts tried, each with
    /// why it did not fit (`validate`; `generate` keeps its one-line error).
    public func plan(listingEveryEnlargement: Bool = false, explainingLayouts: Bool = false) throws(GenerationError) -> Plan {
        if let problem = options.problem { throw .invalidOptions(problem) }
        return try readPlan(listingEveryEnlargement: listingEveryEnlargement, explainingLayouts: explainingLayouts)
    }

    /// `plan` for options already checked (`run` checks them once, before taking the output).
    func readPlan(listingEveryEnlargement: Bool = false, explainingLayouts: Bool = false) throws(GenerationError) -> Plan {
        var reader = PackReader(lenient: options.lenient, strict: false, maxPlistBytes: options.maxPlistBytes, choices: options.packChoices)
        reader.explainsLayouts = explainingLayouts
        reader.concurrency = options.concurrency
        var survey = reader.survey(options.inputs)
        var errors = survey.errors
        // Emoticons left out for a missing image: each for `validate`, one line a pack for `generate`.
        var warnings = MissingImages.summarised(survey.warnings, listsEvery: listingEveryEnlargement)
        // Enlarged images: every one for `validate`; for `generate` the first few of each pack and a count.
        var upscaled = EnlargedImages(listsEvery: listingEveryEnlargement)
        // The packs move out of the survey (one copy of the entries, edited in place below).
        var packs = survey.packs
        survey.packs = []
        var sprites: [[SpriteSource]] = []
        let decoder = PNGDecoder(limits: options.imageLimits)
        let boxes = options.iconBoxes
        let gifs = GIFFrames(options: options)  // each GIF decoded once, whatever names it

        // Image headers of every entry, also in packs that already have errors.
        for tab in packs.indices {
            // Entries that fail are dropped at the end, in place (no second list of the entries).
            var dropped: [Int] = []
            var plan: [SpriteSource] = []
            plan.reserveCapacity(packs[tab].entries.count)
            var headers = HeaderChecks(entries: packs[tab].entries, boxes: boxes, decoder: decoder, workers: options.concurrency)
            for (index, entry) in packs[tab].entries.enumerated() {
                guard case .image(let file) = entry.content else {
                    plan.append(.missing)  // decided below, once the emoji source is open
                    continue
                }
                if file.format == .gif {
                    // Only an animation: its first frame is the sprite (see Animations.swift).
                    switch AnimationPlanner.firstFrame(of: file, gifs: gifs) {
                    case .failure(let error):
                        let problem = PackError.entry(
                            path: entry.sourcePath ?? packs[tab].plistPath, index: entry.plistIndex, key: "gif", text: entry.text,
                            reason: "\(path: error.path): \(error.reasonText)", at: entry.locator)
                        if options.lenient { warnings.append(problem) } else { errors.append(problem) }
                        dropped.append(index)
                    case .success(let first):
                        plan.append(first.sprite)
                        // A GIF drawn larger than its canvas is enlarged like a PNG: the largest box names it.
                        if first.size > 0, let worst = boxes.filter({ $0.value > first.size }).max(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
                            upscaled.add(
                                .upscaled(
                                    path: packs[tab].plistPath, index: entry.plistIndex, text: entry.text, file: first.variant.displayPath,
                                    pixels: first.size, drawnAt: worst.value, scale: worst.key, at: entry.locator))
                        }
                    }
                    continue
                }
                switch headers.result(at: index, of: file) {
                case .failure(let error):
                    let problem = PackError.entry(
                        path: entry.sourcePath ?? packs[tab].plistPath, index: entry.plistIndex, key: entry.imageKeyInMessages, text: entry.text, reason: "\(path: error.path): \(error.reasonText)",
                        at: entry.locator)
                    if options.lenient { warnings.append(problem) } else { errors.append(problem) }
                    dropped.append(index)
                case .success(let checked):
                    if let enlarged = checked.largestEnlargement {
                        upscaled.add(
                            .upscaled(
                                path: packs[tab].plistPath, index: entry.plistIndex, text: entry.text, file: enlarged.file,
                                pixels: enlarged.pixels, drawnAt: enlarged.box, scale: enlarged.scale, at: entry.locator))
                    }
                    plan.append(.image(byScale: checked.chosen))
                }
            }
            if !dropped.isEmpty {
                let drop = Set(dropped)
                packs[tab].entries = packs[tab].entries.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
            }
            sprites.append(plan)
        }
        var animations = AnimationPlanner.check(packs, gifs: gifs, lenient: options.lenient, errors: &errors, warnings: &warnings)
        warnings += upscaled.findings
        if options.strict {
            errors += warnings
            warnings = []
        }
        if !errors.isEmpty {
            throw .packs(
                PackError.inReadingOrder(errors, plistPaths: survey.plistPaths),
                warnings: PackError.inReadingOrder(warnings, plistPaths: survey.plistPaths))
        }

        // Every emoji has a glyph (or --missing-glyph skip says what to do without one).
        let emojiSource = try makeEmojiSource(needed: options.emojiKeyboard || packs.contains { $0.kind != .image })
        var missing: [EntryLabel] = []
        var skippedGlyphs: [Diagnostic] = []
        var emojiUpscaled = EnlargedImages(listsEvery: listingEveryEnlargement)
        for tab in packs.indices {
            for (index, entry) in packs[tab].entries.enumerated() {
                guard case .emoji(let text) = entry.content else { continue }
                if emojiSource?.hasGlyph(for: text) == true {
                    sprites[tab][index] = .emoji(text)
                    if let enlarged = Self.emojiEnlargement(text, source: emojiSource, boxes: boxes, decoder: decoder) {
                        emojiUpscaled.add(
                            .upscaled(
                                path: packs[tab].plistPath, index: entry.plistIndex, text: entry.text, file: enlarged.file,
                                pixels: enlarged.pixels, drawnAt: enlarged.box, scale: enlarged.scale, at: entry.locator))
                    }
                } else if options.missingGlyph == .skip {
                    let label = EntryLabel(packs[tab], entry)
                    skippedGlyphs.append(
                        Diagnostic(
                            "skipped-glyph", .warning, file: label.plistPath, entryIndex: label.plistIndex,
                            message: "\(label.message): no glyph; cell left empty (\(setting: "missing-glyph") skip)"))
                } else {
                    missing.append(EntryLabel(packs[tab], entry))
                }
            }
        }
        if !missing.isEmpty { throw .missingGlyphs(source: emojiSource?.summary ?? "no emoji source", entries: missing) }
        if options.strict && !emojiUpscaled.findings.isEmpty {
            throw .packs(PackError.inReadingOrder(emojiUpscaled.findings, plistPaths: survey.plistPaths))
        }
        warnings += emojiUpscaled.findings

        // The emoji keyboard's tabs after the packs (only drawable emoji); keywords and skin
        // tones for every emoji entry.
        let emojiData: EmojiDataStep.Outcome
        do { emojiData = try EmojiDataStep(settings: .init(options)).run(packs: packs, emoji: emojiSource) } catch { throw .emojiData(error) }
        for pack in emojiData.packs.dropFirst(packs.count) {
            sprites.append(pack.entries.map { .emoji($0.text) })
            animations.append(Array(repeating: nil, count: pack.entries.count))
        }
        packs = emojiData.packs
        let systemGlyphs = SystemGlyphs(version: options.systemEmoji, data: emojiData)
        var emojiOutcome = emojiData
        if let systemGlyphs {
            emojiOutcome.keyboard?.systemEmoji = options.systemEmoji
            emojiOutcome.keyboard?.systemGlyphs = systemGlyphs.mark(&sprites, packs: packs)
        }
        return Plan(
            packs: packs, warnings: PackError.inReadingOrder(warnings, plistPaths: survey.plistPaths), notes: survey.notes,
            sprites: sprites, emojiSource: emojiSource, skippedGlyphs: skippedGlyphs, animations: animations,
            emojiData: emojiData.emojiVersion == nil && emojiData.keyboard == nil ? nil : emojiOutcome, systemGlyphs: systemGlyphs)
    }

    /// An emoji picture from a folder of PNGs (a 72 px Twemoji drawn at 96 px) is enlarged like
    /// any image: its header gives its size. Font strikes (136 px in Noto) cover every scale.
    static func emojiEnlargement(_ emoji: String, source: EmojiGlyphSource?, boxes: [Int: Int], decoder: PNGDecoder)
        -> (file: String, pixels: Int, box: Int, scale: Int)?
    {
        guard let folder = source as? EmojiImageFolder, let url = folder.file(for: emoji),
            let size = try? decoder.peekSize(contentsOf: url), let (scale, box) = boxes.max(by: { $0.value < $1.value })
        else { return nil }
        let pixels = max(size.width, size.height)
        return pixels < box ? (url.lastPathComponent, pixels, box, scale) : nil
    }
}

/// Every image entry's headers checked on the run's threads, a block of entries at a time, ahead
/// of the loop that turns the results into sprites and problems in entry order. A pack's headers
/// are thousands of small file reads, a tenth of a one-pair run when they had one core. Only the
/// results cross threads (the entries stay where they are, so no entry is allocated in a worker's
/// malloc arena), and a block bounds how many are held.
struct HeaderChecks {
    typealias Outcome = Result<SpritePlanner.Checked, PNGError>
    static let blockSize = 1024
    static let jobSize = 32

    private let entries: [Entry]
    private let boxes: [Int: Int]
    private let decoder: PNGDecoder
    private let workers: Int
    private var block: Range<Int> = 0..<0
    private var outcomes: [Outcome?] = []

    init(entries: [Entry], boxes: [Int: Int], decoder: PNGDecoder, workers: Int) {
        self.entries = entries
        self.boxes = boxes
        self.decoder = decoder
        self.workers = workers
    }

    /// The checked variants of entry `index` (whose image is `file`), asked for in entry order.
    mutating func result(at index: Int, of file: ImageFile) -> Outcome {
        if !block.contains(index) { check(from: index) }
        return outcomes[index - block.lowerBound] ?? SpritePlanner.checkVariants(file, boxes: boxes, decoder: decoder)
    }

    private mutating func check(from start: Int) {
        block = start..<min(entries.count, start + Self.blockSize)
        let jobs = stride(from: block.lowerBound, to: block.upperBound, by: Self.jobSize).map { $0..<min(block.upperBound, $0 + Self.jobSize) }
        let (entries, boxes, decoder) = (self.entries, self.boxes, self.decoder)
        let results = WorkQueue.run(
            jobs, workers: max(1, workers), makeState: {},
            body: { (range: Range<Int>, _: inout Void) -> [Outcome?] in
                range.map { index -> Outcome? in
                    guard case .image(let file) = entries[index].content, file.format != .gif else { return nil }
                    return SpritePlanner.checkVariants(file, boxes: boxes, decoder: decoder)
                }
            })
        outcomes = results.flatMap { $0 }
        if outcomes.count != block.count { outcomes = Array(repeating: nil, count: block.count) }
    }
}

extension Entry {
    /// How a message names the key that gave this entry its image: a sticker's `image_file`, else
    /// the YYKit plist's `png` (a sticker's WebP is no `png`).
    var imageKeyInMessages: String { sendsImage ? "image_file" : "png" }
}
