import Foundation
import OutputSeal
import OutputTransaction

/// The step "writing checksums": SHA256SUMS for the finished tree and the archive of it, then
/// the swap; the archive is moved into place after the swap, and the output note (which sheets
/// later runs may reuse) is written last.
struct Sealing {
    let seal: SealStep

    func run(_ generator: Generator, _ read: ReadingPacks.Packs, _ rendered: RenderingPages.Pages, _ extras: DrawingExtras.Extras, output: OutputFolder)
        throws(GenerationError)
    {
        // Every sheet's digest was taken as it was encoded: the seal reads none of them again.
        let variantSheets = extras.variants.flatMap { $0.sheets.flatMap(\.values) }
        let sheets = generator.pageSheets(rendered.pages, packs: read.packs) + extras.tabIcons.sheets + variantSheets
        let archive: SealStep.PendingArchive?
        do { archive = try seal.seal(output, knownDigests: SealStep.digests(of: sheets)) } catch { throw GenerationError(error) }
        let swapStarted = OutputIndex.now()
        do { try SealStep.swapIn(output, archive: archive) } catch { throw GenerationError(error) }
        rendered.cache.recordOutput(rendered.pages, packs: read.packs, options: generator.options, swapStarted: swapStarted)
    }
}
