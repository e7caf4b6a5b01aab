import BundledTemplates
import Checksum
import Diagnostics
import EmojiData
import EmojiGlyphs
import EmoticonManifest
import EmoticonPacks
import Foundation
import Imaging
import KeyboardLayout
import PreviewSite

/// The pipeline, top to bottom: read packs → plan sprites → lay out and compose each page →
/// encode and write sheets → write manifests → write the preview → swap the output in.
///
/// Pages are independent units of work: each decodes its own sources once, composes one sheet per
/// width and scale, encodes and writes them, and keeps only the sheets' paths and hashes. Memory
/// therefore stays flat in the number of pages.
public struct Generator: Sendable {
    public let options: GeneratorOptions

    public init(options: GeneratorOptions) {
        self.options = options
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
        if let problem = options.problem { throw .invalidOptions(problem) }
        if let problem = options.publishing.problem(output: options.output, inputs: options.inputs) { throw .invalidOptions(problem) }
        var output = OutputFolder(destination: options.output)
        try output.checkSurroundings(inputs: options.inputs)
        // One run per output at a time; then clear what a killed run left (README "Reliability").
        let lock = OutputLock(for: output.destination)
        try lock.acquire(wait: options.waitForLock)
        defer { lock.release() }
        let recovered = output.recoverLeftovers()
        try output.checkReplaceable()
        if options.exitOnSignal {
            let interruption = Interruption(staging: output.staging, outputLock: lock, progress: options.progress)
            interruption.install()
            output.interruption = interruption
        }
        defer { output.interruption?.uninstall() }

        var clock = StepClock()
        // 1-2. Read packs and check every image header and emoji glyph before drawing.
        options.progress.began(.readingPacks)
        let plan = try plan()
        clock.finish("read packs")
        let packs = plan.packs
        let plans = plan.sprites
        let emojiSource = plan.emojiSource
        var warnings = plan.warnings.map { $0.diagnostic(as: .warning) } + plan.skippedGlyphs
        let decoder = PNGDecoder(limits: options.imageLimits)
        let boxes = options.iconBoxes
        var emojiIdentity: SourceIdentity?
        if let emojiSource { emojiIdentity = try SourceIdentity(emojiSource) }
        let deleteIcons = try loadDeleteIcons(for: packs, boxes: boxes, decoder: decoder)
        let names = EntryNames(
            locale: options.locale, needsEmoji: packs.contains { $0.kind != .image },
            cldrCommon: options.cldr ?? EmojiAnnotations.debianCLDRCommon)
        for pack in packs where pack.entries.isEmpty {
            warnings.append(Diagnostic("empty-pack", .warning, file: pack.plistPath, message: "\(pack.plistPath): 0 emoticons; the tab has no pages"))
        }

        try output.prepareStaging()
        do {
            // 3-4. Lay out, compose, encode and write every page (pages run concurrently).
            options.progress.began(.renderingPages)
            let shardTabs = shardAssignment(packs)
            let jobs = packs.indices.filter { shardTabs == nil || shardTabs![$0].shard == options.publishing.shard?.index }.flatMap { tab in
                (0..<PageLayout.pageCount(entries: packs[tab].entries.count, grid: options.grid)).map { PageJob(tab: tab, page: $0) }
            }
            let renderer = PageRenderer(
                options: options, packs: packs, plans: plans, deleteIcons: deleteIcons, boxes: boxes,
                emoji: emojiSource, decoder: decoder, output: output)
            let pages = try renderer.renderAll(jobs)
            clock.finish("render pages")

            options.progress.began(.drawingExtras)
            // 4a. Tab icons: the pack's icon.png, else its first emoticon, in one strip per scale.
            let tabIcons = try TabIcons.render(packs: packs, plans: plans, options: options, emoji: emojiSource, decoder: decoder, output: output)

            // 4b. Animations, copied under content-addressed names.
            let animations = try copyAnimations(plan.animations, packs: packs, output: output)

            // 4b. Skin-tone variants: one set of sheets per tab and scale, shared by all widths.
            let variants = try VariantSheets(grid: options.grid, scales: options.scales, encoder: options.encoder, concurrency: options.concurrency)
                .render(packs, boxes: boxes, emoji: emojiSource, output: output)
            clock.finish("tab icons, animations, variants")

            // 5. Manifests, one per width, each made a page at a time as step 6 writes it.
            options.progress.began(.writingManifests)
            let emojiFields = EmojiManifestFields(
                packs: packs, variants: variants, emojiVersion: plan.emojiData?.emojiVersion, locale: options.locale.rawValue)
            let manifests = ManifestBuilder(
                options: options, packs: packs, plans: plans, pages: pages, names: names, animations: animations, tabIcons: tabIcons.icons,
                emojiFields: emojiFields
            ).manifests()
            clock.finish("manifests")

            options.progress.began(.writingSite)
            // 6. The manifest files, asset catalog, web sprite data and preview site (SiteStep); a shard instead records what `merge` needs.
            if let shardTabs {
                try output.write(try shardRecord(packs, tabs: shardTabs, manifests: manifests.map { $0.whole() }, summary: summary(packs, emoji: emojiIdentity)).data(), to: ShardRecord.fileName)
            } else {
                try SiteStep(settings: .init(options)).write(manifests: manifests, summary: summary(packs, emoji: emojiIdentity), to: output)
            }

            clock.finish("site")
            options.progress.began(.sealing)
            // 7. SHA256SUMS for the tree, and the archive of it (moved into place after the swap).
            let archive = try SealStep(options: options).seal(output, knownDigests: SealStep.digests(of: pageSheets(pages, packs: packs) + tabIcons.sheets))

            // 8. Swap in.
            do { try output.commit() } catch { archive?.discard(); throw error }
            try archive?.commit()
            clock.finish("checksums, swap in")
            return Report(
                output: options.output,
                tabs: packs.map { ($0.id, $0.title(locale: options.locale), $0.entries.count, PageLayout.pageCount(entries: $0.entries.count, grid: options.grid)) },
                sheetCount: pages.values.reduce(0) { $0 + $1.sheets.count } + variants.reduce(0) { $0 + $1.sheets.reduce(0) { $0 + $1.count } },
                sheetBytes: pages.values.reduce(0) { $0 + $1.sheets.reduce(0) { $0 + $1.bytes } }
                    + variants.reduce(0) { $0 + $1.sheets.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.bytes } } },
                warnings: warnings,
                notes: recovered + plan.notes.map(\.diagnostic) + (names.note.map { [Diagnostic("english-names", .note, message: Diagnostic.Message($0))] } ?? []),
                emojiKeyboard: plan.emojiData?.keyboard,
                pages: PageCounts(pages.values.map(\.cache)),
                timings: clock.timings,
                shardTabs: shardTabs.map { tabs in tabs.indices.filter { tabs[$0].shard == options.publishing.shard?.index } })
        } catch let error as GenerationError {
            output.interruption?.waitIfStopped()
            output.discard()
            throw error
        } catch {
            output.interruption?.waitIfStopped()
            output.discard()
            throw .output(path: options.output.path, reason: "\(error)")
        }
    }

    // MARK: - Steps

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

    /// The delete icon of each tab, fitted per scale: the pack's own `delete.png` when it has one,
    /// else `--delete-icon` (or the config's), else emokit's built-in icon (compiled into the
    /// binary). Each distinct file is decoded once.
    func loadDeleteIcons(for packs: [EmoticonPack], boxes: [Int: Int], decoder: PNGDecoder) throws(GenerationError) -> [[Int: RGBAImage]] {
        var fallback: ImageFile?
        if let url = options.deleteIcon {
            let folder = url.deletingLastPathComponent()
            switch FileNamePolicy.variants(of: url.lastPathComponent, in: folder, folderDisplay: folder.path) {
            case .success(let variants): fallback = ImageFile(name: url.lastPathComponent, variants: variants)
            case .failure(let problem): throw .deleteIcon(path: url.path, reason: problem.message)
            }
        }
        var builtIn: [Int: RGBAImage]?
        var loaded: [URL: [Int: RGBAImage]] = [:]
        var kernels = ResampleKernel.Cache()
        func icons(_ file: ImageFile, user: ImageUser) throws(GenerationError) -> [Int: RGBAImage] {
            if let known = loaded[file.variants[0].url] { return known }
            var icons: [Int: RGBAImage] = [:]
            for (scale, variant) in try SpritePlanner.chooseVariants(file, user: user, boxes: boxes, decoder: decoder) {
                do {
                    icons[scale] = try decoder.decodeScaled(contentsOf: variant.url, displayPath: variant.displayPath, kernels: &kernels) {
                        [Resampler.fittingSize(width: $0, height: $1, box: boxes[scale]!)]
                    }[0]
                } catch {
                    throw .image(user: user, error: error)
                }
            }
            loaded[file.variants[0].url] = icons
            return icons
        }
        var result: [[Int: RGBAImage]] = []
        for pack in packs {
            if let own = pack.deleteIcon {
                result.append(try icons(own, user: .deleteIcon(pack: pack.folderName)))
            } else if let fallback {
                result.append(try icons(fallback, user: .deleteIcon(pack: nil)))
            } else {
                if builtIn == nil { builtIn = try BuiltInDeleteIcon.fitted(boxes: boxes, decoder: decoder) }
                result.append(builtIn!)
            }
        }
        return result
    }

    /// Every page sheet written, with its path (for `SHA256SUMS`, which need not read them again).
    func pageSheets(_ pages: [PageKey: RenderedPage], packs: [EmoticonPack]) -> [SheetRecord] {
        pages.flatMap { key, page in
            page.sheets.map { sheet in
                SheetRecord(
                    path: Generator.sheetPath(tab: packs[key.tab].id, width: sheet.key.width, page: key.page, scale: sheet.key.scale),
                    sha256: sheet.sha256.hex, bytes: sheet.bytes)
            }
        }
    }

    func summary(_ packs: [EmoticonPack], emoji: SourceIdentity?) -> PreviewSiteBuilder.Summary {
        PreviewSiteBuilder.Summary(
            generator: "emokit \(EmokitResources.version)",
            inputs: options.inputs.map { $0.lastPathComponent },
            emojiSource: emoji?.display,
            packs: packs.map { .init(id: $0.id, title: $0.title(locale: options.locale), source: $0.plistPath, entries: $0.entries.count) })
    }
}
