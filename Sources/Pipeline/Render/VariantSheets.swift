import Checksum
import EmojiGlyphs
import EmoticonManifest
import EmoticonPacks
import Foundation
import Imaging
import KeyboardLayout
import OutputTransaction

/// Draws the skin-tone variants of each tab into its variants sheets
/// (`sheets/<tab>/variants/sheet-NNN@Sx.png`, see `VariantSheetLayout`), one job per sheet, all
/// scales of a sheet in that job so each glyph is decoded once, drawn and encoded a row of cells
/// at a time. Width-independent: every width's
/// manifest points at the same sheets.
struct VariantSheets {
    /// A tab's variants, flattened in entry order: `owners[i]` is the entry variant `i` belongs to.
    struct TabVariants: Sendable {
        var texts: [String] = []
        var labels: [EntryLabel] = []
        var owners: [(entry: Int, variant: Int)] = []
    }

    /// What was drawn for one tab.
    struct Rendered: Sendable {
        /// sheets[sheet][scale]
        var sheets: [[Int: Generator.SheetRecord]] = []
        /// Each sheet's size in pixels per scale.
        var sizes: [[Int: (width: Int, height: Int)]] = []
        /// rects[variant][scale], variant indexed as in `TabVariants`.
        var rects: [[Int: PixelRect]] = []
        /// Index of the first variant of each entry (keyed by entry index).
        var firstVariant: [Int: Int] = [:]
        /// How many variants a sheet holds: variant `i` is on sheet `i / perSheet`.
        var perSheet = VariantSheetLayout.columns * VariantSheetLayout.perWidthRows
    }

    let grid: GridSpec
    let scales: [Int]
    let encoder: PNGEncoder
    let concurrency: Int
    /// The most rows of cells a sheet holds (`rows(for:grid:scales:)`).
    let rowsPerSheet: Int

    /// Rows a sheet holds: per-width output keeps its sheets as they always were; any-width
    /// output keeps each sheet small enough, at its largest scale, to be compressed whole
    /// (libdeflate rather than streamed zlib: the skin-tone sheets were most of an emoji
    /// keyboard's run).
    static func rows(for sheetLayout: Manifest.SheetLayout, grid: GridSpec, scales: [Int]) -> Int {
        guard sheetLayout == .anyWidth else { return VariantSheetLayout.perWidthRows }
        return scales.map { VariantSheetLayout.rows(grid: grid, scale: $0, fittingIn: PNGBandEncoder.wholeImageBytes) }.min()
            ?? VariantSheetLayout.perWidthRows
    }

    private func layout(count: Int) -> VariantSheetLayout {
        VariantSheetLayout(grid: grid, count: count, rowsPerSheet: rowsPerSheet)
    }

    static func variants(of pack: EmoticonPack) -> TabVariants {
        var result = TabVariants()
        for (entryIndex, entry) in pack.entries.enumerated() {
            for (variantIndex, variant) in entry.variants.enumerated() {
                // Named as its entry, with the variant's own text and code points.
                var label = EntryLabel(pack, entry)
                label.text = variant.text
                label.codePoints = EmojiText.codePoints(variant.text)
                result.texts.append(variant.text)
                result.labels.append(label)
                result.owners.append((entryIndex, variantIndex))
            }
        }
        return result
    }

    /// Renders every tab's variants; tabs without variants get an empty `Rendered`.
    func render(
        _ packs: [EmoticonPack], boxes: [Int: Int], emoji: EmojiGlyphSource?,
        output: OutputFolder
    ) throws(GenerationError) -> [Rendered] {
        let tabs = packs.map { Self.variants(of: $0) }
        struct Job: Sendable { let tab: Int; let sheet: Int }
        let jobs = tabs.enumerated().flatMap { tab, variants in
            (0..<layout(count: variants.texts.count).sheetCount).map { Job(tab: tab, sheet: $0) }
        }
        // One job per sheet on the shared work queue (results in job order).
        var done: [Int: SheetResult] = [:]
        if !jobs.isEmpty, let emoji {
            let render: @Sendable (Job, inout Void) throws(GenerationError) -> SheetResult = { job, _ throws(GenerationError) in
                try renderSheet(job.sheet, of: tabs[job.tab], tabID: packs[job.tab].id, boxes: boxes, emoji: emoji, output: output)
            }
            let results = try WorkQueue.run(jobs, workers: concurrency, makeState: {}, body: render)
            for (index, result) in results.enumerated() { done[index] = result }
        }
        var rendered = tabs.map { variants -> Rendered in
            var result = Rendered()
            result.perSheet = layout(count: 0).perSheet
            result.rects = Array(repeating: [:], count: variants.texts.count)
            for (flat, owner) in variants.owners.enumerated() where result.firstVariant[owner.entry] == nil {
                result.firstVariant[owner.entry] = flat
            }
            return result
        }
        for (index, job) in jobs.enumerated() {
            guard let sheet = done[index] else { continue }
            rendered[job.tab].sheets.append(sheet.records)
            rendered[job.tab].sizes.append(sheet.sizes)
            for (variant, rects) in sheet.rects { rendered[job.tab].rects[variant] = rects }
        }
        return rendered
    }

    struct SheetResult: Sendable {
        var records: [Int: Generator.SheetRecord] = [:]
        var sizes: [Int: (width: Int, height: Int)] = [:]
        var rects: [Int: [Int: PixelRect]] = [:]
    }

    func renderSheet(
        _ sheet: Int, of variants: TabVariants, tabID: String, boxes: [Int: Int], emoji: EmojiGlyphSource,
        output: OutputFolder
    ) throws(GenerationError) -> SheetResult {
        let layout = layout(count: variants.texts.count)
        let range = layout.variants(onSheet: sheet)
        let largestBox = boxes.values.max() ?? 1
        // Drawn a row of cells at a time, every scale at once: each glyph is decoded once, scaled
        // into each scale's band and dropped, and each finished band goes to its scale's encoder.
        // Memory holds one band per scale and the compressed sheets, never a whole sheet (a @3x
        // sheet is 10 MB of RGBA). A sprite stays inside its cell (icon box plus gutter), so
        // the bands' pixels are the whole sheet's.
        var encoders: [PNGBandEncoder] = []
        var bands: [RGBAImage] = []
        for scale in scales {
            let path = Self.path(tabID: tabID, sheet: sheet, scale: scale)
            let size = layout.pixelSize(sheet: sheet, scale: scale)
            do { encoders.append(try PNGBandEncoder(width: size.width, height: size.height, encoder: encoder, path: path)) } catch {
                throw .output(path: path, reason: error.reasonText)
            }
            bands.append(RGBAImage(width: size.width, height: layout.cellPixels(scale: scale)))
        }
        var result = SheetResult()
        var kernels = ResampleKernel.Cache()
        let rowCount = layout.pixelSize(sheet: sheet, scale: scales.first ?? 1).height / layout.cellPixels(scale: scales.first ?? 1)
        for cellRow in 0..<rowCount {
            let rowStart = range.lowerBound + cellRow * VariantSheetLayout.columns
            for index in rowStart..<min(rowStart + VariantSheetLayout.columns, range.upperBound) {
                // Every scale in one pass over the glyph, its kernels made once per sheet (the
                // glyphs are all one size: making them per glyph was a fifth of this step).
                let found: [RGBAImage]?
                do {
                    found = try emoji.scaledGlyph(for: variants.texts[index], pixelSize: largestBox, kernels: &kernels) { width, height in
                        scales.map { Resampler.fittingSize(width: width, height: height, box: boxes[$0] ?? grid.iconPixels(scale: $0)) }
                    }
                } catch let error as EmojiGlyphError {
                    throw .emojiGlyph(entry: variants.labels[index], error: error)
                } catch {
                    throw .emojiGlyph(entry: variants.labels[index], error: .unreadable(path: emoji.summary, reason: "\(error)"))
                }
                guard let icons = found else { throw .missingGlyphs(source: emoji.summary, entries: [variants.labels[index]]) }
                guard icons.contains(where: \.hasVisiblePixels) else { throw .blankGlyph(entry: variants.labels[index]) }
                for (scaleIndex, scale) in scales.enumerated() {
                    let icon = icons[scaleIndex]
                    let rect = layout.spriteRect(variant: index, scale: scale, width: icon.width, height: icon.height)
                    bands[scaleIndex].draw(icon, atX: rect.x, y: rect.y - cellRow * layout.cellPixels(scale: scale))
                    result.rects[index, default: [:]][scale] = rect
                }
            }
            for scaleIndex in scales.indices {
                do { try encoders[scaleIndex].append(bands[scaleIndex]) } catch { throw .output(path: error.path, reason: error.reasonText) }
                bands[scaleIndex].clear()
            }
        }
        bands = []
        for (scaleIndex, scale) in scales.enumerated() {
            let path = Self.path(tabID: tabID, sheet: sheet, scale: scale)
            let png: [UInt8]
            do { png = try encoders[scaleIndex].finish() } catch { throw .output(path: path, reason: error.reasonText) }
            do { try output.write(Data(png), to: path) } catch { throw GenerationError(error) }
            result.records[scale] = Generator.SheetRecord(path: path, sha256: SHA256.hexDigest(png), bytes: png.count)
            result.sizes[scale] = layout.pixelSize(sheet: sheet, scale: scale)
        }
        return result
    }

    static func path(tabID: String, sheet: Int, scale: Int) -> String {
        "sheets/\(tabID)/variants/sheet-\(String(format: "%03d", sheet))@\(scale)x.png"
    }
}
