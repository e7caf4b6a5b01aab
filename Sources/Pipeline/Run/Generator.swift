import Diagnostics
import EmojiData
import EmojiGlyphs
import EmojiTabs
import EmoticonManifest
import EmoticonPacks
import Foundation
import Imaging
import KeyboardLayout
import OutputTransaction
import PreviewSite
import Publishing
import SiteOutputs

/// A run: the output made safe to replace (lock, leftovers, signals), then one list of named
/// steps, top to bottom: read packs → render pages → tab icons, animations, variants → manifests →
/// site → checksums and the swap.
///
/// Pages are independent units of work: each decodes its own sources once, composes one sheet per
/// width and scale, encodes and writes them, and keeps only the sheets' paths and hashes. Memory
/// therefore stays flat in the number of pages.
public struct Generator: Sendable {
    public let options: GeneratorOptions
    /// The outputs beside the sheets, each adding its manifest fields and writing its files.
    package let outputWriters: [any ManifestWriter]

    /// A run of `options`, writing the outputs they ask for (`OutputWriters`).
    public init(options: GeneratorOptions) {
        self.init(options: options, outputWriters: OutputWriters.writers(for: options))
    }

    /// A run writing exactly `outputWriters` beside the sheets (a library caller's or a test's
    /// own output among them).
    package init(options: GeneratorOptions, outputWriters: [any ManifestWriter]) {
        self.options = options
        self.outputWriters = outputWriters
    }

    /// What a run did, for the CLI to report.
    public struct Report: Sendable {
        public var output: URL
        public var tabs: [(id: String, title: String, entries: Int, pages: Int)]
        public var sheetCount: Int
        public var sheetBytes: Int
        /// Findings worth fixing that did not stop the run (severity `.warning`).
        public var warnings: [Diagnostic]
        /// Things worth saying that need no fix (a plist read under an unusual name; severity `.note`).
        public var notes: [Diagnostic] = []
        /// The emoji keyboard's counts (`--emoji-keyboard`), nil without it.
        public var emojiKeyboard: EmojiKeyboardReport? = nil
        /// Pages this run rendered and reused from the page cache (all widths and scales of a page).
        public var pages = PageCounts()
        /// Wall time of each pipeline step, in run order (for `--json`; never written to the output).
        public var timings: [StepTiming] = []
        /// With `--shard`: the indices in `tabs` of the tabs this run rendered (`tabs` lists every tab).
        public var shardTabs: [Int]? = nil
    }

    public func run() throws(GenerationError) -> Report {
        if let problem = options.problem ?? options.publishing.problem(output: options.output, inputs: options.inputs) { throw .invalidOptions(problem) }
        let session: OutputSession
        do {
            session = try OutputSession(
                destination: options.output, inputs: options.inputs, wait: options.waitForLock, exitOnSignal: options.exitOnSignal,
                progress: options.progress, recoverBeside: { SealStep.recoverArchive(options.publishing.archive, output: $0) })
        } catch { throw GenerationError(error) }
        var swappedIn = false
        defer { session.end(swappedIn: swappedIn) }

        let steps: [PipelineStep<GenerationRun, GenerationError>] = [
            .step(.readingPacks) { run throws(GenerationError) in try run.readPacks() },
            .step(.renderingPages) { run throws(GenerationError) in try run.renderPages() },
            .step(.drawingExtras) { run throws(GenerationError) in try run.drawExtras() },
            .step(.writingManifests) { run in run.buildManifests() },
            .step(.writingSite) { run throws(GenerationError) in try run.writeSite() },
            .step(.sealing) { run throws(GenerationError) in try run.sealAndSwapIn() },
        ]
        var run = GenerationRun(generator: self, session: session)
        do {
            let timings = try StepPipeline(steps, progress: options.progress).run(&run)
            swappedIn = true
            return run.report(timings: timings, recovered: session.recovered)
        } catch {
            throw error.error
        }
    }
}

/// What the steps of one run hand each other, each step's results set by that step. Pages are
/// independent units of work: each decodes its own sources once, composes one sheet per width
/// and scale, encodes and writes them, and keeps only the sheets' paths and hashes, so memory
/// stays flat in the number of pages.
struct GenerationRun {
    let generator: Generator
    let session: OutputSession
    var output: OutputFolder { session.folder }
    var options: GeneratorOptions { generator.options }

    // readingPacks
    private var plan: Plan!
    private var warnings: [Diagnostic] = []
    private var decoder: PNGDecoder!
    private var emojiIdentity: SourceIdentity?
    private var deleteIcons: [[Int: RGBAImage]] = []
    private var names: EntryNames!
    private var pinyin: PinyinNames!
    // renderingPages
    private var shardTabs: [ShardRecord.Tab]?
    private var pages: [Generator.PageKey: Generator.RenderedPage] = [:]
    private var pageCache: PageCache?
    // drawingExtras
    private var tabIcons: TabIcons!
    private var animations: [[Manifest.Animation?]] = []
    private var variants: [VariantSheets.Rendered] = []
    // writingManifests
    private var manifests: [PagedManifest] = []

    init(generator: Generator, session: OutputSession) {
        self.generator = generator
        self.session = session
    }

    private var packs: [EmoticonPack] { plan.packs }

    /// Reads every pack and checks every image header and emoji glyph before drawing; loads the
    /// delete icons and the entries' names; makes the staging folder.
    mutating func readPacks() throws(GenerationError) {
        plan = try generator.readPlan()
        warnings = plan.warnings.map { $0.diagnostic(as: .warning) } + plan.skippedGlyphs
        decoder = PNGDecoder(limits: options.imageLimits)
        if let emojiSource = plan.emojiSource { emojiIdentity = try SourceIdentity(emojiSource) }
        deleteIcons = try generator.loadDeleteIcons(for: packs, boxes: options.iconBoxes, decoder: decoder)
        names = EntryNames(
            locale: options.locale, needsEmoji: packs.contains { $0.kind != .image },
            cldrCommon: options.cldr ?? EmojiAnnotations.debianCLDRCommon)
        pinyin = try PinyinNames(
            names: packs.flatMap { $0.entries.map(names.name(of:)) }, cldrCommon: options.cldr ?? EmojiAnnotations.debianCLDRCommon)
        for pack in packs where pack.entries.isEmpty {
            warnings.append(Diagnostic("empty-pack", .warning, file: pack.plistPath, message: "\(path: pack.plistPath): 0 emoticons; the tab has no pages"))
        }
        // Images dropped into a pack folder that no entry names: one line per pack (validate lists each).
        warnings += UnusedImages.warnings(packs, reported: plan.warnings)
        do { try session.stage() } catch { throw GenerationError(error) }
    }

    /// Lays out, composes, encodes and writes every page (pages run concurrently); with `--shard`,
    /// only this shard's tabs.
    mutating func renderPages() throws(GenerationError) {
        shardTabs = generator.shardAssignment(packs)
        let jobs = packs.indices.filter { shardTabs == nil || shardTabs![$0].shard == options.publishing.shard?.index }.flatMap { tab in
            (0..<PageLayout.pageCount(entries: packs[tab].entries.count, grid: options.grid)).map { Generator.PageJob(tab: tab, page: $0) }
        }
        let renderer = PageRenderer(
            options: options, packs: packs, plans: plan.sprites, deleteIcons: deleteIcons, boxes: options.iconBoxes,
            emoji: plan.emojiSource, decoder: decoder, output: output)
        let cache = PageCache(options: options, emoji: plan.emojiSource)
        pageCache = cache
        pages = try renderer.renderAll(jobs, cache: cache)
    }

    /// Tab icons (the pack's icon.png, else its first emoticon, in one strip per scale);
    /// animations, copied under content-addressed names; skin-tone variants, one set of sheets
    /// per tab and scale, shared by all widths.
    mutating func drawExtras() throws(GenerationError) {
        tabIcons = try TabIcons.render(packs: packs, plans: plan.sprites, options: options, emoji: plan.emojiSource, decoder: decoder, output: output)
        animations = try generator.copyAnimations(plan.animations, packs: packs, output: output)
        variants = try VariantSheets(grid: options.grid, scales: options.scales, encoder: options.encoder, concurrency: options.concurrency)
            .render(plan.systemGlyphs?.packsForVariantSheets(packs) ?? packs, boxes: options.iconBoxes, emoji: plan.emojiSource, output: output)
    }

    /// The manifests, one per width, each made a page at a time as `writeSite` writes it.
    mutating func buildManifests() {
        let emojiFields = EmojiManifestFields(
            packs: packs, variants: variants, emojiVersion: plan.emojiData?.emojiVersion, locale: options.locale.rawValue,
            versions: plan.emojiData, systemGlyphs: plan.systemGlyphs, groupOrder: plan.emojiData?.groupOrder ?? [])
        let core = ManifestBuilder(
            options: options, packs: packs, plans: plan.sprites, pages: pages, names: names, animations: animations, tabIcons: tabIcons.icons,
            emojiFields: emojiFields, pinyin: pinyin.pinyin
        ).manifests()
        manifests = OutputWriters.annotate(core, by: generator.outputWriters, packs: packs)
    }

    /// The manifest files, asset catalog, web sprite data and preview site (`SiteStep`); a shard
    /// instead records what `merge` needs.
    func writeSite() throws(GenerationError) {
        let summary = generator.summary(packs, emoji: emojiIdentity)
        if let shardTabs {
            let record = generator.shardRecord(packs, tabs: shardTabs, manifests: manifests.map { $0.whole() }, summary: summary)
            do { try output.write(try record.data(), to: ShardRecord.fileName) } catch { throw GenerationError(error) }
        } else {
            do { try SiteStep(settings: .init(options), writers: generator.outputWriters).write(manifests: manifests, summary: summary, to: output, workers: options.concurrency) } catch {
                throw GenerationError(error)
            }
        }
    }

    /// SHA256SUMS for the tree and the archive of it, then the swap; the archive is moved into
    /// place after the swap.
    func sealAndSwapIn() throws(GenerationError) {
        let sheets = generator.pageSheets(pages, packs: packs) + tabIcons.sheets
        let archive: SealStep.PendingArchive?
        do { archive = try SealStep(archive: options.publishing.archive).seal(output, knownDigests: SealStep.digests(of: sheets)) } catch {
            throw GenerationError(error)
        }
        let swapStarted = OutputIndex.now()
        do { try output.commit() } catch {
            archive?.discard()
            throw GenerationError(error)
        }
        do { try archive?.commit() } catch { throw GenerationError(error) }
        pageCache?.recordOutput(pages, packs: packs, options: options, swapStarted: swapStarted)
    }

    /// What the run did; `recovered` are the notes on what an interrupted run had left.
    func report(timings: [StepTiming], recovered: [Diagnostic]) -> Generator.Report {
        Generator.Report(
            output: options.output,
            tabs: packs.map { ($0.id, $0.title(locale: options.locale), $0.entries.count, PageLayout.pageCount(entries: $0.entries.count, grid: options.grid)) },
            sheetCount: pages.values.reduce(0) { $0 + $1.sheets.count } + variants.reduce(0) { $0 + $1.sheets.reduce(0) { $0 + $1.count } },
            sheetBytes: pages.values.reduce(0) { $0 + $1.sheets.reduce(0) { $0 + $1.bytes } }
                + variants.reduce(0) { $0 + $1.sheets.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.bytes } } },
            warnings: warnings,
            notes: recovered + plan.notes.map(\.diagnostic) + (names.note.map { [Diagnostic("english-names", .note, message: Diagnostic.Message($0))] } ?? [])
                + (pinyin.note.map { [$0] } ?? []),
            emojiKeyboard: plan.emojiData?.keyboard,
            pages: PageCounts(pages.values.map(\.cache)),
            timings: timings,
            shardTabs: shardTabs.map { tabs in tabs.indices.filter { tabs[$0].shard == options.publishing.shard?.index } })
    }
}
