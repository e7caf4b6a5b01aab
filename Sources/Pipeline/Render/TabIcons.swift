import Checksum
import EmojiGlyphs
import EmoticonManifest
import EmoticonPacks
import Foundation
import Imaging
import OutputTransaction
import SiteOutputs

/// The tab bar's icons: one per tab, the pack's own `icon.png` (and its @2x/@3x) when its folder
/// has one, else its first emoticon. All tabs' icons share one strip per scale,
/// `sheets/tab-icons@<S>x.png`, each in a `size*S` square cell in tab order, so an app loads one
/// image per scale and draws each tab's icon from its sprite rect.
struct TabIcons {
    /// Where each tab's icon lives, for the manifest (nil for a tab with nothing to show).
    var icons: [Manifest.TabIcon?] = []
    var sheets: [Generator.SheetRecord] = []

    /// Icon size in points: 24, or less in a tab bar lower than 28 pt.
    static func size(tabBarHeight: Double) -> Double { max(1, min(24, tabBarHeight - 4)) }

    static func sheetPath(scale: Int) -> String { "sheets/tab-icons@\(scale)x.png" }

    /// Draws and writes the strips. Sources were checked by the planning step (the pack's
    /// entries) or are checked here (`icon.png`), and a bad `icon.png` names the pack.
    static func render(
        packs: [EmoticonPack], plans: [[SpriteSource]], options: GeneratorOptions, emoji: EmojiGlyphSource?,
        decoder: PNGDecoder, output: OutputFolder
    ) throws(GenerationError) -> TabIcons {
        let size = Self.size(tabBarHeight: options.metrics.tabBarHeight)
        let boxes = Dictionary(uniqueKeysWithValues: options.scales.map { ($0, TabIconCell.box(size: size, scale: $0)) })
        // Sources are decoded straight to their fitted size (never held whole), so memory does not
        // grow with the icons' size or the number of tabs.
        var kernels = ResampleKernel.Cache()
        func fitted(_ variant: ImageFile.Variant, box: Int) throws(PNGError) -> RGBAImage {
            try decoder.decodeScaled(contentsOf: variant.url, displayPath: variant.displayPath, kernels: &kernels) {
                [Resampler.fittingSize(width: $0, height: $1, box: box)]
            }[0]
        }
        var sources: [[Int: RGBAImage]?] = []
        var kinds: [Manifest.TabIcon.Source?] = []
        var entries: [Int?] = []
        for (tab, pack) in packs.enumerated() {
            if let file = pack.tabIcon {
                let chosen = try SpritePlanner.chooseVariants(file, user: .tabIcon(pack: pack.folderName), boxes: boxes, decoder: decoder)
                var images: [Int: RGBAImage] = [:]
                for (scale, variant) in chosen {
                    do { images[scale] = try fitted(variant, box: boxes[scale]!) } catch {
                        throw .image(user: .tabIcon(pack: pack.folderName), error: error)
                    }
                }
                sources.append(images)
                kinds.append(.iconFile)
                entries.append(nil)
                continue
            }
            var images: [Int: RGBAImage]?
            // The emoji keyboard's tabs name the emoji that stands for their group.
            let iconEntry = pack.iconEntry.flatMap { plans[tab].indices.contains($0) ? $0 : nil } ?? 0
            entries.append(plans[tab].isEmpty ? nil : iconEntry)
            switch plans[tab].isEmpty ? nil : plans[tab][iconEntry] {
            case .image(let byScale):
                var decoded: [Int: RGBAImage] = [:]
                for (scale, variant) in byScale.pairs where boxes[scale] != nil {
                    do { decoded[scale] = try fitted(variant, box: boxes[scale]!) } catch {
                        throw .image(user: .entry(EntryLabel(pack, pack.entries[iconEntry])), error: error)
                    }
                }
                images = decoded
            case .emoji(let text):
                let largest = boxes.values.max() ?? 1
                let glyph: RGBAImage?
                do { glyph = try emoji?.glyph(for: text, pixelSize: largest) } catch {
                    throw .emojiGlyph(entry: EntryLabel(pack, pack.entries[iconEntry]), error: (error as? EmojiGlyphError) ?? .unreadable(path: emoji?.summary ?? "", reason: "\(error)"))
                }
                images = glyph.map { image in Dictionary(uniqueKeysWithValues: boxes.keys.map { ($0, image) }) }
            case .gifFrame(let gif):
                // Fitted to the tab icon's square when the run was planned (decoded once).
                images = boxes.compactMapValues { gif.fitted[$0] }
            case .missing, nil:
                images = nil
            }
            sources.append(images)
            kinds.append(images == nil ? nil : pack.iconEntry != nil ? .representativeEmoji : .firstEmoticon)
        }
        var result = TabIcons()
        var sprites: [[String: Manifest.PixelRect]] = Array(repeating: [:], count: packs.count)
        for scale in options.scales.sorted() {
            let box = boxes[scale]!
            var strip = RGBAImage(width: max(1, box * packs.count), height: box)
            for (tab, images) in sources.enumerated() {
                guard let source = images?[scale] else { continue }
                let icon = Resampler.scaleToFit(source, box: box)
                let x = tab * box + (box - icon.width) / 2, y = (box - icon.height) / 2
                strip.draw(icon, atX: x, y: y)
                sprites[tab]["\(scale)"] = Manifest.PixelRect(x: x, y: y, width: icon.width, height: icon.height)
            }
            let path = sheetPath(scale: scale)
            let png: [UInt8]
            do { png = try options.encoder.encode(strip, path: path) } catch { throw .output(path: path, reason: error.description) }
            try output.write(Data(png), to: path)
            result.sheets.append(Generator.SheetRecord(path: path, sha256: SHA256.hexDigest(png), bytes: png.count))
        }
        let sheetPaths = Dictionary(uniqueKeysWithValues: options.scales.map { ("\($0)", sheetPath(scale: $0)) })
        result.icons = packs.indices.map { tab in
            kinds[tab].map { kind in
                var icon = Manifest.TabIcon(source: kind, size: size, sheets: sheetPaths, sprite: sprites[tab])
                if kind == .representativeEmoji { icon.entry = entries[tab] }
                return icon
            }
        }
        return result
    }
}
