import Checksum
import EmojiGlyphs
import EmoticonPacks
import Foundation
import Imaging
import KeyboardLayout
import OutputTransaction

extension Generator {
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

    struct PageJob: Sendable { let tab: Int; let page: Int }

    struct PageKey: Hashable, Sendable { let tab: Int; let page: Int }

    /// One written sheet.
    struct SheetRecord: Sendable { let path: String; let sha256: String; let bytes: Int }

    /// What a page produced. Every page's record stays in memory until the manifests are
    /// written, so it is small and flat (under 1 KB for ten sheets; no dictionaries, one string: the
    /// page cache key):
    /// each sheet's digest and size (its path follows from tab, width, page and scale:
    /// `sheetPath`), and each cell's icon size per scale (its rect in any sheet follows from the
    /// layout: `spriteRect`).
    struct RenderedPage: Sendable {
        struct Sheet: Sendable {
            let key: SheetKey
            let sha256: Digest
            let bytes: Int
        }

        var sheets: [Sheet] = []
        /// `--android`: each density's sheet of the page and its size (`AndroidDensitySheets`).
        var android: [AndroidSheet] = []
        /// The scales with icons noted, and per scale each cell's icon as `width << 32 | height`
        /// (0: nothing drawn in the cell).
        private var scales: [Int] = []
        private var iconSizes: [[UInt64]] = []
        /// Rendered now, or reused from the page cache (`PageCache`).
        var cache = CacheUse.rendered
        /// The page's key in the page cache, when the run has one (`PageCache.key`).
        var cacheKey: String?
        /// The sheets' PNG bytes, parallel to `sheets`, kept only from the renderer to the page
        /// cache's entry (so it need not read them back) and dropped there: never held by a run.
        var encoded: [Data] = []

        func sheet(_ key: SheetKey) -> Sheet? { sheets.first { $0.key == key } }

        /// A page's sheet at an Android density: its size in bytes (its path follows from the tab,
        /// the page and the density: `AndroidWriter.sheetPath`).
        struct AndroidSheet: Sendable {
            let density: AndroidDensity
            let bytes: Int
        }

        /// Records that `cell` holds an icon of `width` x `height` pixels at `scale` (the same in
        /// every width's sheet).
        mutating func noteIcon(cell: Int, scale: Int, width: Int, height: Int) {
            let index: Int
            if let known = scales.firstIndex(of: scale) {
                index = known
            } else {
                scales.append(scale)
                iconSizes.append([])
                index = scales.count - 1
            }
            if iconSizes[index].count <= cell { iconSizes[index] += [UInt64](repeating: 0, count: cell + 1 - iconSizes[index].count) }
            iconSizes[index][cell] = UInt64(width) << 32 | UInt64(height)
        }

        /// The size of the icon in `cell` at `scale`, nil when the cell is empty.
        func iconSize(cell: Int, scale: Int) -> (width: Int, height: Int)? {
            guard let index = scales.firstIndex(of: scale), cell < iconSizes[index].count, iconSizes[index][cell] != 0 else { return nil }
            let packed = iconSizes[index][cell]
            return (Int(packed >> 32), Int(packed & 0xFFFF_FFFF))
        }

        /// Where the renderer drew `cell`'s icon in the sheet of `width` (`SheetKey.width`) and
        /// `scale`; nil when that sheet was not written or the cell is empty.
        func spriteRect(cell: Int, width: Int, scale: Int, grid: GridSpec) -> PixelRect? {
            guard sheet(SheetKey(width: width, scale: scale)) != nil, let size = iconSize(cell: cell, scale: scale) else { return nil }
            return grid.sheetPlacement(screenWidth: width, scale: scale)
                .spriteRect(row: cell / grid.columns, column: cell % grid.columns, width: size.width, height: size.height)
        }

        /// A SHA-256 kept as 32 bytes (its hex text is made when a manifest is written).
        struct Digest: Equatable, Sendable {
            private let words: SIMD4<UInt64>

            init(_ bytes: [UInt8]) {
                precondition(bytes.count == 32, "a SHA-256 is 32 bytes")
                func word(_ index: Int) -> UInt64 { bytes[index * 8..<index * 8 + 8].reduce(0) { $0 << 8 | UInt64($1) } }
                words = SIMD4(word(0), word(1), word(2), word(3))
            }

            /// From 64 hex digits; nil for anything else.
            init?(hex: String) {
                let digits = Array(hex.utf8)
                guard digits.count == 64 else { return nil }
                var bytes: [UInt8] = []
                for index in stride(from: 0, to: 64, by: 2) {
                    guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
                    bytes.append(byte)
                }
                self.init(bytes)
            }

            var hex: String {
                (0..<4).map { index in
                    let text = String(words[index], radix: 16)
                    return String(repeating: "0", count: 16 - text.count) + text
                }.joined()
            }
        }
    }

    /// A page's sheet: its screen width (`AnyWidthSheet.width` for the any-width sheet) and scale.
    struct SheetKey: Hashable, Sendable { let width: Int; let scale: Int }

    /// Where page `page` of tab `tab` is written for `width` and `scale`: the any-width sheet
    /// `sheets/<tab>/page-000@2x.png`, a per-width one `sheets/<tab>/375/page-000@2x.png`.
    static func sheetPath(tab: String, width: Int, page: Int, scale: Int) -> String {
        let name = "page-\(String(format: "%03d", page))@\(scale)x.png"
        return width == AnyWidthSheet.width ? "sheets/\(tab)/\(name)" : "sheets/\(tab)/\(width)/\(name)"
    }
}

/// Steps 3-4 of the pipeline for one run: lay out, compose, encode and write every page.
///
/// A value holding what every page needs (packs, sprite plans, delete icons, output folder), so
/// rendering one page is `render(job)` and rendering them all is `renderAll(jobs)`.
struct PageRenderer: Sendable {
    let options: GeneratorOptions
    let packs: [EmoticonPack]
    let plans: [[SpriteSource]]
    /// Per tab, the delete icon fitted per scale.
    let deleteIcons: [[Int: RGBAImage]]
    /// Icon box in pixels per scale.
    let boxes: [Int: Int]
    let emoji: EmojiGlyphSource?
    let decoder: PNGDecoder
    let output: OutputFolder
    /// `--android`: the pages' sheets at Android's densities, drawn after each page (outside the
    /// page cache), or nil.
    var android: AndroidDensitySheets? = nil

    /// Every page, `options.concurrency` at a time (see `WorkQueue`). Each worker keeps its own
    /// kernel cache, so resampling weights are computed once per worker and size pair.
    func renderAll(_ jobs: [Generator.PageJob], cache: PageCache) throws(GenerationError) -> [Generator.PageKey: Generator.RenderedPage] {
        let progress = options.progress.counter(total: jobs.count)
        let rendered = try WorkQueue.run(
            jobs, workers: options.concurrency, makeState: { ResampleKernel.Cache() },
            body: { (job, kernels: inout ResampleKernel.Cache) throws(GenerationError) in
                // The page cache wraps the renderer: look up before rendering, store after.
                let range = PageLayout.entries(onPage: job.page, of: packs[job.tab].entries.count, grid: options.grid)
                var page = try cache.page(job, pack: packs[job.tab], sources: Array(plans[job.tab][range]), deleteIcons: deleteIcons[job.tab], output: output) {
                    () throws(GenerationError) in try render(job, kernels: &kernels, keepingBytes: cache.isOn)
                }
                if let android { page.android = try android.draw(job, kernels: &kernels) }
                progress.advance()
                return page
            })
        var pages: [Generator.PageKey: Generator.RenderedPage] = [:]
        for (job, page) in zip(jobs, rendered) { pages[Generator.PageKey(tab: job.tab, page: job.page)] = page }
        return pages
    }

    /// One page: its sprites are decoded and scaled once, then drawn into one sheet per scale (and
    /// per width with `--sheets per-width`); each sheet is encoded and written before the next is drawn.
    /// `keepingBytes`: the sheets' bytes stay in the page (`RenderedPage.encoded`) for the page cache.
    func render(_ job: Generator.PageJob, kernels: inout ResampleKernel.Cache, keepingBytes: Bool = false) throws(GenerationError) -> Generator.RenderedPage {
        let pack = packs[job.tab]
        let range = PageLayout.entries(onPage: job.page, of: pack.entries.count, grid: options.grid)
        let labels = range.map { EntryLabel(pack, pack.entries[$0]) }
        let sprites = try PageSprites(
            sources: Array(plans[job.tab][range]), labels: labels, boxes: boxes, emoji: emoji,
            decoder: decoder, kernels: &kernels)
        var rendered = Generator.RenderedPage()
        // Which cell holds what is the same at every width; only where a sheet puts it differs.
        let buttons = PageLayout(grid: options.grid, screenWidth: options.widths[0]).buttons(page: job.page, entryCount: pack.entries.count)
        for width in options.sheetWidths {
            for scale in options.scales {
                let placement = options.grid.sheetPlacement(screenWidth: width, scale: scale)
                var sheet = RGBAImage(width: placement.pixelWidth, height: placement.pixelHeight)
                for button in buttons {
                    let icon: RGBAImage?
                    switch button.kind {
                    case .emoticon: icon = sprites.byScale[scale]?[button.cell]
                    case .delete: icon = deleteIcons[job.tab][scale]
                    }
                    guard let icon else { continue }
                    let rect = placement.spriteRect(row: button.row, column: button.column, width: icon.width, height: icon.height)
                    sheet.draw(icon, atX: rect.x, y: rect.y)
                    rendered.noteIcon(cell: button.cell, scale: scale, width: icon.width, height: icon.height)
                }
                let path = Generator.sheetPath(tab: pack.id, width: width, page: job.page, scale: scale)
                let png: Data
                do { png = try options.encoder.encodeData(sheet, path: path) } catch { throw .output(path: path, reason: error.reasonText) }
                do { try output.write(png, to: path) } catch { throw GenerationError(error) }
                if keepingBytes { rendered.encoded.append(png) }
                let key = Generator.SheetKey(width: width, scale: scale)
                rendered.sheets.append(.init(key: key, sha256: .init(SHA256.hash(png)), bytes: png.count))
            }
        }
        return rendered
    }
}
