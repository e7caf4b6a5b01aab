import EmojiGlyphs
import EmoticonManifest
import EmoticonPacks
import Imaging
import RunSteps

/// The picture each tab's icon is drawn from, fitted per scale: the pack's `icon.png`, else the
/// entry that stands for the tab (the emoji keyboard's), else its first emoticon. Sources are
/// decoded straight to their fitted size (never held whole), one tab at a time.
struct TabIconSources {
    let plans: [[SpriteSource]]
    /// Square side in pixels per scale.
    let boxes: [Int: Int]
    let emoji: EmojiGlyphSource?
    let decoder: PNGDecoder
    private var kernels = ResampleKernel.Cache()

    init(plans: [[SpriteSource]], boxes: [Int: Int], emoji: EmojiGlyphSource?, decoder: PNGDecoder) {
        self.plans = plans
        self.boxes = boxes
        self.emoji = emoji
        self.decoder = decoder
    }

    struct Icon {
        /// Per scale; nil for a tab with nothing to show.
        var images: [Int: RGBAImage]?
        var kind: Manifest.TabIcon.Source?
        /// The entry drawn (nil for `icon.png` or nothing).
        var entry: Int?
    }

    private mutating func fitted(_ variant: ImageFile.Variant, box: Int) throws(PNGError) -> RGBAImage {
        try decoder.decodeScaled(contentsOf: variant.url, displayPath: variant.displayPath, kernels: &kernels) {
            [Resampler.fittingSize(width: $0, height: $1, box: box)]
        }[0]
    }

    mutating func icon(tab: Int, pack: EmoticonPack) throws(GenerationError) -> Icon {
        if let file = pack.tabIcon {
            let chosen = try SpritePlanner.chooseVariants(file, user: .tabIcon(pack: pack.folderName), boxes: boxes, decoder: decoder)
            var images: [Int: RGBAImage] = [:]
            for (scale, variant) in chosen {
                do { images[scale] = try fitted(variant, box: boxes[scale]!) } catch {
                    throw .image(user: .tabIcon(pack: pack.folderName), error: error)
                }
            }
            return Icon(images: images, kind: .iconFile, entry: nil)
        }
        // The emoji keyboard's tabs name the emoji that stands for their group.
        let iconEntry = pack.iconEntry.flatMap { plans[tab].indices.contains($0) ? $0 : nil } ?? 0
        var images: [Int: RGBAImage]?
        switch plans[tab].isEmpty ? nil : plans[tab][iconEntry] {
        case .image(let byScale):
            var decoded: [Int: RGBAImage] = [:]
            for (scale, variant) in byScale.pairs where boxes[scale] != nil {
                do { decoded[scale] = try fitted(variant, box: boxes[scale]!) } catch {
                    throw .image(user: .entry(EntryLabel(pack, pack.entries[iconEntry])), error: error)
                }
            }
            images = decoded
        case .emoji(let text), .systemGlyph(let text):  // the tab bar's icon is drawn either way
            let largest = boxes.values.max() ?? 1
            let glyph: RGBAImage?
            do { glyph = try emoji?.glyph(for: text, pixelSize: largest) } catch {
                throw .emojiGlyph(
                    entry: EntryLabel(pack, pack.entries[iconEntry]),
                    error: (error as? EmojiGlyphError) ?? .unreadable(path: emoji?.summary ?? "", reason: "\(error)"))
            }
            images = glyph.map { image in Dictionary(uniqueKeysWithValues: boxes.keys.map { ($0, image) }) }
        case .gifFrame(let gif):
            // Fitted to the tab icon's square when the run was planned (decoded once).
            images = boxes.compactMapValues { gif.fitted[$0] }
        case .missing, nil:
            images = nil
        }
        let kind: Manifest.TabIcon.Source? = images == nil ? nil : pack.iconEntry != nil ? .representativeEmoji : .firstEmoticon
        return Icon(images: images, kind: kind, entry: plans[tab].isEmpty ? nil : iconEntry)
    }
}
