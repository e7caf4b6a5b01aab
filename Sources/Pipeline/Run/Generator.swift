import Diagnostics
import EmojiData
import EmojiGlyphs
import EmojiTabs
import EmoticonManifest
import EmoticonPacks
import Foundation
import Imaging
import KeyboardLayout
import OutputSeal
import OutputTransaction
import PreviewSite
import SiteOutputs

/// A run: the output made safe to replace (lock, leftovers, signals), then one list of named
/// steps, top to bottom: read packs → render pages → tab icons, animations, variants → sizes
/// against the budget → manifests → site → checksums and the swap.
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
        /// What an app ships per platform and scale (the summary's size report).
        public var sizes = ShippedSizes()
    }

    /// The run: the output taken (`OutputSession`), then its steps top to bottom, each handing
    /// the next what it made (each step is a file in `Steps/`, named after it).
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

        var steps = StepRunner<GenerationError>(progress: options.progress)
        do {
            let read = try steps.run(.readingPacks) { () throws(GenerationError) in try ReadingPacks(settings: .init(options)).run(self, session: session) }
            let output = session.folder
            let rendered = try steps.run(.renderingPages) { () throws(GenerationError) in
                try RenderingPages(settings: .init(options)).run(self, read, output: output)
            }
            let extras = try steps.run(.drawingExtras) { () throws(GenerationError) in try DrawingExtras().run(self, read, output: output) }
            let sizes = try steps.run(.checkingSizes) { () throws(GenerationError) in
                try CheckingSizes(budget: options.publishing.sizeBudget).run(self, read, rendered, extras)
            }
            let manifests = try steps.run(.writingManifests) { WritingManifests(outputWriters: outputWriters).run(options, read, rendered, extras) }
            try steps.run(.writingSite) { () throws(GenerationError) in
                try WritingSite(site: SiteStep(settings: .init(options), writers: outputWriters)).run(self, read, rendered, manifests: manifests, output: output)
            }
            try steps.run(.sealing) { () throws(GenerationError) in
                try Sealing(seal: SealStep(archive: options.publishing.archive)).run(self, read, rendered, extras, output: output)
            }
            swappedIn = true
            return report(read, rendered, extras, sizes: sizes, timings: steps.timings, recovered: session.recovered)
        } catch {
            throw error.error
        }
    }

    /// What the run did; `recovered` are the notes on what an interrupted run had left.
    private func report(
        _ read: ReadingPacks.Packs, _ rendered: RenderingPages.Pages, _ extras: DrawingExtras.Extras, sizes: ShippedSizes, timings: [StepTiming],
        recovered: [Diagnostic]
    ) -> Report {
        let (packs, pages, variants) = (read.packs, rendered.pages, extras.variants)
        return Report(
            output: options.output,
            tabs: packs.map { ($0.id, $0.title(locale: options.locale), $0.entries.count, PageLayout.pageCount(entries: $0.entries.count, grid: options.grid)) },
            sheetCount: pages.values.reduce(0) { $0 + $1.sheets.count } + variants.reduce(0) { $0 + $1.sheets.reduce(0) { $0 + $1.count } },
            sheetBytes: pages.values.reduce(0) { $0 + $1.sheets.reduce(0) { $0 + $1.bytes } }
                + variants.reduce(0) { $0 + $1.sheets.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.bytes } } },
            warnings: read.warnings,
            notes: recovered + read.plan.notes.map(\.diagnostic)
                + (read.names.note.map { [Diagnostic("english-names", .note, message: Diagnostic.Message($0))] } ?? []) + (read.pinyin.note.map { [$0] } ?? []),
            emojiKeyboard: read.plan.emojiData?.keyboard,
            pages: PageCounts(pages.values.map(\.cache)),
            timings: timings,
            shardTabs: rendered.shardTabs.map { tabs in tabs.indices.filter { tabs[$0].shard == options.publishing.shard?.index } },
            sizes: sizes)
    }
}
