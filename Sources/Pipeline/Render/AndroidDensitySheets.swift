import AndroidOutput
import EmojiGlyphs
import EmoticonPacks
import Foundation
import Imaging
import KeyboardLayout
import OutputTransaction

/// `--android`'s page sheets: each page drawn once per Android density into
/// `android/res/drawable-<density>/emk_<tab>_p000.png` (`AndroidWriter` writes the rest of
/// `android/` from the manifests).
///
/// Why here and not in the writer: a density with a half (hdpi, 1.5x) must be drawn from the
/// sources at its own icon box (48 px for a 32 pt icon), never scaled from another sheet, and only
/// the render step holds the sources. So the page renderer calls `draw` for each page it
/// renders or reuses, outside the page cache (the cache's key and entries stay those of the
/// sheets every run writes). Each density's sprites are chosen and fitted by the rules of the
/// run's own scales (`SpritePlanner`: the smallest variant at least as large as the box; the
/// resampler's fit), keyed by the density's `halfScale`. A whole density that is also one of the
/// run's `--scales` with any-width sheets is the same image as that sheet (`DensitySheet` is
/// `AnyWidthSheet` at whole scales), so its bytes are copied, not drawn again.
struct AndroidDensitySheets: Sendable {
    let densities: [AndroidDensity]
    let names: AndroidResourceNames
    let grid: GridSpec
    let packs: [EmoticonPack]
    let plans: [[SpriteSource]]
    /// Per tab, the delete icon fitted per density (keyed by `halfScale`).
    let deleteIcons: [[Int: RGBAImage]]
    let emoji: EmojiGlyphSource?
    let decoder: PNGDecoder
    let encoder: PNGEncoder
    /// The scales whose any-width sheets this run writes (empty with per-width sheets).
    let anyWidthScales: Set<Int>
    /// A width to ask the page layout which cell holds what (the same at every width).
    let screenWidth: Int
    let output: OutputFolder

    /// Each density's icon box in pixels, keyed by `halfScale`.
    static func boxes(_ densities: [AndroidDensity], grid: GridSpec) -> [Int: Int] {
        Dictionary(uniqueKeysWithValues: densities.map { ($0.halfScale, DensitySheet(grid: grid, density: $0).iconPixels) })
    }

    var boxes: [Int: Int] { Self.boxes(densities, grid: grid) }

    /// Page `job` at every density; each sheet's size, by density.
    func draw(_ job: Generator.PageJob, kernels: inout ResampleKernel.Cache) throws(GenerationError) -> [Generator.RenderedPage.AndroidSheet] {
        let pack = packs[job.tab]
        let name = names.page(tab: job.tab, page: job.page)
        var written: [Generator.RenderedPage.AndroidSheet] = []
        let toDraw = densities.filter { density in
            guard let scale = density.wholeScale, anyWidthScales.contains(scale) else { return true }
            let sheet = Generator.sheetPath(tab: pack.id, width: AnyWidthSheet.width, page: job.page, scale: scale)
            do {
                let bytes = try output.readStaged(sheet)
                try output.write(bytes, to: AndroidWriter.sheetPath(density: density, name: name))
                written.append(.init(density: density, bytes: bytes.count))
            } catch {
                return true
            }
            return false
        }
        guard !toDraw.isEmpty else { return written }
        let boxes = Self.boxes(toDraw, grid: grid)
        let range = PageLayout.entries(onPage: job.page, of: pack.entries.count, grid: grid)
        let labels = range.map { EntryLabel(pack, pack.entries[$0]) }
        // Image entries choose their variant for each density's box, as the run's scales do for theirs.
        var sources: [SpriteSource] = []
        for (offset, index) in range.enumerated() {
            let source = plans[job.tab][index]
            guard case .image = source, case .image(let file) = pack.entries[index].content else {
                sources.append(source)
                continue
            }
            let chosen = try SpritePlanner.chooseVariants(file, user: .entry(labels[offset]), boxes: boxes, decoder: decoder)
            sources.append(.image(byScale: ChosenVariants(chosen)))
        }
        let sprites = try PageSprites(sources: sources, labels: labels, boxes: boxes, emoji: emoji, decoder: decoder, kernels: &kernels)
        let buttons = PageLayout(grid: grid, screenWidth: screenWidth).buttons(page: job.page, entryCount: pack.entries.count)
        for density in toDraw {
            let placement = DensitySheet(grid: grid, density: density)
            var sheet = RGBAImage(width: placement.pixelWidth, height: placement.pixelHeight)
            for button in buttons {
                let icon: RGBAImage?
                switch button.kind {
                case .emoticon: icon = sprites.byScale[density.halfScale]?[button.cell]
                case .delete: icon = deleteIcons[job.tab][density.halfScale]
                }
                guard let icon else { continue }
                let rect = placement.spriteRect(row: button.row, column: button.column, width: icon.width, height: icon.height)
                sheet.draw(icon, atX: rect.x, y: rect.y)
            }
            let path = AndroidWriter.sheetPath(density: density, name: name)
            let png: Data
            do { png = try encoder.encodeData(sheet, path: path) } catch { throw .output(path: path, reason: error.reasonText) }
            do { try output.write(png, to: path) } catch { throw GenerationError(error) }
            written.append(.init(density: density, bytes: png.count))
        }
        return written.sorted { $0.density < $1.density }
    }
}
