import Checksum
import EmojiGlyphs
import EmoticonPacks
import Foundation
import Imaging
import KeyboardLayout

extension Generator {
    struct PageJob: Sendable { let tab: Int; let page: Int }

    struct PageKey: Hashable, Sendable { let tab: Int; let page: Int }

    /// One written sheet.
    struct SheetRecord: Sendable { let path: String; let sha256: String; let bytes: Int }

    /// What a page produced: its sheets by (width, scale), and each cell's sprite rect.
    struct RenderedPage: Sendable {
        var sheets: [SheetKey: SheetRecord] = [:]
        var sprites: [SheetKey: [Int: PixelRect]] = [:]  // cell → rect
        /// Rendered now, or reused from the page cache (`PageCache`).
        var cache = CacheUse.rendered
    }

    struct SheetKey: Hashable, Sendable { let width: Int; let scale: Int }
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

    /// Every page, `options.concurrency` at a time (see `WorkQueue`). Each worker keeps its own
    /// kernel cache, so resampling weights are computed once per worker and size pair.
    func renderAll(_ jobs: [Generator.PageJob]) throws(GenerationError) -> [Generator.PageKey: Generator.RenderedPage] {
        let cache = PageCache(options: options, emoji: emoji)
        let progress = options.progress.counter(total: jobs.count)
        let rendered = try WorkQueue.run(
            jobs, workers: options.concurrency, makeState: { ResampleKernel.Cache() },
            body: { (job, kernels: inout ResampleKernel.Cache) throws(GenerationError) in
                // The page cache wraps the renderer: look up before rendering, store after.
                let range = PageLayout.entries(onPage: job.page, of: packs[job.tab].entries.count, grid: options.grid)
                let page = try cache.page(job, pack: packs[job.tab], sources: Array(plans[job.tab][range]), deleteIcons: deleteIcons[job.tab], output: output) {
                    () throws(GenerationError) in try render(job, kernels: &kernels)
                }
                progress.advance()
                return page
            })
        var pages: [Generator.PageKey: Generator.RenderedPage] = [:]
        for (job, page) in zip(jobs, rendered) { pages[Generator.PageKey(tab: job.tab, page: job.page)] = page }
        return pages
    }

    /// One page: its sprites are decoded and scaled once, then drawn into one sheet per width and
    /// scale; each sheet is encoded and written before the next is drawn.
    func render(_ job: Generator.PageJob, kernels: inout ResampleKernel.Cache) throws(GenerationError) -> Generator.RenderedPage {
        let pack = packs[job.tab]
        let range = PageLayout.entries(onPage: job.page, of: pack.entries.count, grid: options.grid)
        let labels = range.map { EntryLabel(pack, pack.entries[$0]) }
        let sprites = try PageSprites(
            sources: Array(plans[job.tab][range]), labels: labels, boxes: boxes, emoji: emoji,
            decoder: decoder, kernels: &kernels)
        var rendered = Generator.RenderedPage()
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
                    case .delete: icon = deleteIcons[job.tab][scale]
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
                let key = Generator.SheetKey(width: width, scale: scale)
                rendered.sheets[key] = Generator.SheetRecord(path: path, sha256: SHA256.hexDigest(png), bytes: png.count)
                rendered.sprites[key] = rects
            }
        }
        return rendered
    }
}
