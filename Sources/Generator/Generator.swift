import Checksum
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
        public var warnings: [String]
        /// Things worth saying that need no fix (a plist read under an unusual name).
        public var notes: [String] = []
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
            let interruption = Interruption(staging: output.staging, outputLock: lock)
            interruption.install()
            output.interruption = interruption
        }
        defer { output.interruption?.uninstall() }

        // 1-2. Read packs and check every image header and emoji glyph before drawing.
        let plan = try plan()
        let packs = plan.packs
        let plans = plan.sprites
        let emojiSource = plan.emojiSource
        var warnings = plan.warnings.map(\.description) + plan.skippedGlyphs
        let decoder = PNGDecoder(limits: options.imageLimits)
        let boxes = options.iconBoxes
        var emojiIdentity: SourceIdentity?
        if let emojiSource { emojiIdentity = try SourceIdentity(emojiSource) }
        let deleteIcons = try loadDeleteIcons(for: packs, boxes: boxes, decoder: decoder)
        let names = EntryNames(locale: options.locale, needsEmoji: packs.contains { $0.kind != .image })
        for pack in packs where pack.entries.isEmpty { warnings.append("\(pack.plistPath): 0 emoticons; the tab has no pages") }

        try output.prepareStaging()
        do {
            // 3-4. Lay out, compose, encode and write every page (pages run concurrently).
            let jobs = packs.indices.flatMap { tab in
                (0..<PageLayout.pageCount(entries: packs[tab].entries.count, grid: options.grid)).map { PageJob(tab: tab, page: $0) }
            }
            let pages = try renderPages(
                jobs, packs: packs, plans: plans, deleteIcons: deleteIcons, boxes: boxes,
                emoji: emojiSource, decoder: decoder, output: output)

            // 4a. Tab icons: the pack's icon.png, else its first emoticon, in one strip per scale.
            let tabIcons = try TabIcons.render(packs: packs, plans: plans, options: options, emoji: emojiSource, decoder: decoder, output: output)

            // 4b. Animations, copied under content-addressed names.
            let animations = try copyAnimations(plan.animations, packs: packs, output: output)

            // 5. Manifests, one per width.
            let manifests = ManifestBuilder(
                options: options, packs: packs, plans: plans, pages: pages, names: names, animations: animations, tabIcons: tabIcons.icons
            ).manifests()
            for manifest in manifests {
                let data: Data
                do { data = try manifest.jsonData() } catch { throw GenerationError.output(path: "manifests/\(manifest.screenWidth).json", reason: "\(error)") }
                try output.write(data, to: "manifests/\(manifest.screenWidth).json")
            }

            // 5b. Formats for the tools around emokit: an Xcode asset catalog, web sprite data and CSS.
            if let catalog = options.assetCatalog { try AssetCatalogWriter(name: catalog).write(manifests, output: output) }
            if options.writeWeb { try WebSpriteWriter().write(manifests, output: output) }

            // 6. Preview site.
            if options.writePreview {
                let site = PreviewSiteBuilder(
                    templates: EmokitResources.templates, manifests: manifests, summary: summary(packs, emoji: emojiIdentity),
                    publicURLs: options.publishing.baseURL)
                let files: [PreviewSiteBuilder.File]
                do { files = try site.build() } catch { throw GenerationError.output(path: EmokitResources.templates.path, reason: "\(error)") }
                for file in files { try output.write(file.data, to: file.path) }
            }

            // 7. SHA256SUMS for the tree, and the archive of it (moved into place after the swap).
            let archive = try SealStep(options: options).seal(output, knownDigests: SealStep.digests(of: pages.values.flatMap { $0.sheets.values } + tabIcons.sheets))

            // 8. Swap in.
            do { try output.commit() } catch { archive?.discard(); throw error }
            try archive?.commit()
            return Report(
                output: options.output,
                tabs: packs.map { ($0.id, $0.title(locale: options.locale), $0.entries.count, PageLayout.pageCount(entries: $0.entries.count, grid: options.grid)) },
                sheetCount: pages.values.reduce(0) { $0 + $1.sheets.count },
                sheetBytes: pages.values.reduce(0) { $0 + $1.sheets.values.reduce(0) { $0 + $1.bytes } },
                warnings: warnings,
                notes: recovered + plan.notes.map(\.description) + (names.note.map { [$0] } ?? []))
        } catch let error as GenerationError {
            output.discard()
            throw error
        } catch {
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
    /// else `--delete-icon` (or the config's), else emokit's default in `Assets/`. Each distinct
    /// file is decoded once.
    func loadDeleteIcons(for packs: [EmoticonPack], boxes: [Int: Int], decoder: PNGDecoder) throws(GenerationError) -> [[Int: RGBAImage]] {
        let url = options.deleteIcon ?? EmokitResources.defaultDeleteIcon
        let folder = url.deletingLastPathComponent()
        let fallback: ImageFile
        switch FileNamePolicy.variants(of: url.lastPathComponent, in: folder, folderDisplay: folder.path) {
        case .success(let variants): fallback = ImageFile(name: url.lastPathComponent, variants: variants)
        case .failure(let problem): throw .deleteIcon(path: url.path, reason: problem.message)
        }
        var loaded: [URL: [Int: RGBAImage]] = [:]
        func icons(_ file: ImageFile, user: ImageUser) throws(GenerationError) -> [Int: RGBAImage] {
            if let known = loaded[file.variants[0].url] { return known }
            var icons: [Int: RGBAImage] = [:]
            for (scale, variant) in try SpritePlanner.chooseVariants(file, user: user, boxes: boxes, decoder: decoder) {
                do {
                    icons[scale] = Resampler.scaleToFit(try decoder.decode(contentsOf: variant.url, displayPath: variant.displayPath).image, box: boxes[scale]!)
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
            } else {
                result.append(try icons(fallback, user: .deleteIcon(pack: nil)))
            }
        }
        return result
    }

    struct PageJob: Sendable { let tab: Int; let page: Int }

    /// One written sheet.
    struct SheetRecord: Sendable { let path: String; let sha256: String; let bytes: Int }

    /// What a page produced: its sheets by (width, scale), and each cell's sprite rect.
    struct RenderedPage: Sendable {
        var sheets: [SheetKey: SheetRecord] = [:]
        var sprites: [SheetKey: [Int: PixelRect]] = [:]  // cell → rect
    }

    struct SheetKey: Hashable, Sendable { let width: Int; let scale: Int }

    func renderPages(
        _ jobs: [PageJob], packs: [EmoticonPack], plans: [[SpriteSource]], deleteIcons: [[Int: RGBAImage]],
        boxes: [Int: Int], emoji: EmojiGlyphSource?, decoder: PNGDecoder,
        output: OutputFolder
    ) throws(GenerationError) -> [PageKey: RenderedPage] {
        let results = ResultBox<PageKey, RenderedPage>()
        let workers = max(1, min(options.concurrency, jobs.count))
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = next.take(below: jobs.count), !results.failed {
                let job = jobs[index]
                do {
                    let page = try renderPage(
                        job, pack: packs[job.tab], plan: plans[job.tab], deleteIcons: deleteIcons[job.tab],
                        boxes: boxes, emoji: emoji, decoder: decoder, output: output)
                    results.store(PageKey(tab: job.tab, page: job.page), page)
                } catch let error as GenerationError {
                    results.fail(error)
                } catch {
                    results.fail(.output(path: "page \(job.page)", reason: "\(error)"))
                }
            }
        }
        if let error = results.firstError { throw error }
        return results.values
    }

    struct PageKey: Hashable, Sendable { let tab: Int; let page: Int }

    func renderPage(
        _ job: PageJob, pack: EmoticonPack, plan: [SpriteSource], deleteIcons: [Int: RGBAImage],
        boxes: [Int: Int], emoji: EmojiGlyphSource?, decoder: PNGDecoder,
        output: OutputFolder
    ) throws(GenerationError) -> RenderedPage {
        let range = PageLayout.entries(onPage: job.page, of: pack.entries.count, grid: options.grid)
        let labels = range.map { EntryLabel(pack, pack.entries[$0]) }
        let sprites = try PageSprites(sources: Array(plan[range]), labels: labels, boxes: boxes, emoji: emoji, decoder: decoder)
        var rendered = RenderedPage()
        for width in options.widths {
            let layout = PageLayout(grid: options.grid, screenWidth: width)
            let buttons = layout.buttons(page: job.page, entryCount: pack.entries.count)
            for scale in options.scales {
                let geometry = SheetGeometry(layout: layout, scale: scale)
                var sheet = RGBAImage(width: geometry.pixelWidth, height: geometry.pixelHeight)
                var rects: [Int: PixelRect] = [:]
                for button in buttons {
                    let icon: RGBAImage?
                    switch button.kind {
                    case .emoticon: icon = sprites.byScale[scale]?[button.cell]
                    case .delete: icon = deleteIcons[scale]
                    }
                    guard let icon else { continue }
                    let rect = geometry.spriteRect(row: button.row, column: button.column, width: icon.width, height: icon.height)
                    sheet.draw(icon, atX: rect.x, y: rect.y)
                    rects[button.cell] = rect
                }
                let path = "sheets/\(pack.id)/\(width)/page-\(String(format: "%03d", job.page))@\(scale)x.png"
                let png: [UInt8]
                do { png = try options.encoder.encode(sheet, path: path) } catch { throw .output(path: path, reason: error.reasonText) }
                try output.write(Data(png), to: path)
                let key = SheetKey(width: width, scale: scale)
                rendered.sheets[key] = SheetRecord(path: path, sha256: SHA256.hexDigest(png), bytes: png.count)
                rendered.sprites[key] = rects
            }
        }
        return rendered
    }

    func summary(_ packs: [EmoticonPack], emoji: SourceIdentity?) -> PreviewSiteBuilder.Summary {
        PreviewSiteBuilder.Summary(
            generator: "emokit \(EmokitResources.version)",
            inputs: options.inputs.map { $0.lastPathComponent },
            emojiSource: emoji?.display,
            packs: packs.map { .init(id: $0.id, title: $0.title(locale: options.locale), source: $0.plistPath, entries: $0.entries.count) })
    }
}

/// Results gathered from concurrent page workers.
final class ResultBox<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Key: Value] = [:]
    private var error: GenerationError?

    func store(_ key: Key, _ value: Value) { lock.lock(); stored[key] = value; lock.unlock() }
    func fail(_ failure: GenerationError) { lock.lock(); if error == nil { error = failure }; lock.unlock() }
    var failed: Bool { lock.lock(); defer { lock.unlock() }; return error != nil }
    var firstError: GenerationError? { lock.lock(); defer { lock.unlock() }; return error }
    var values: [Key: Value] { lock.lock(); defer { lock.unlock() }; return stored }
}

/// Hands out job indices to workers in order.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func take(below limit: Int) -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}
