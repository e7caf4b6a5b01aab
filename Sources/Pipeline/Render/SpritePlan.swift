import EmojiGlyphs
import EmoticonPacks
import Foundation
import Imaging

/// What to draw for one entry: which file (per scale) or which emoji, decided before drawing
/// so every problem (missing glyph, unreadable header) is known up front.
enum SpriteSource: Sendable {
    /// The variant file chosen for each scale.
    case image(byScale: ChosenVariants)
    case emoji(String)
    /// An entry with only a GIF: its first frame, composited, is the sprite at every scale
    /// (decoded once for the run, fitted to every box: `GIFFrames`).
    case gifFrame(GIFFrame)
    /// `--missing-glyph skip`: the cell stays empty and the manifest says so.
    case missing
    /// `--system-emoji`: an emoji the app's system font draws; no sprite, the cell stays empty
    /// and the manifest says `systemGlyph` (the app draws the text).
    case systemGlyph(String)
}

/// Which variant file each scale draws. Every entry of every pack has one, so it is kept small:
/// one file usually serves every scale and is then kept once, inline, with the scales as bits (a
/// dictionary per entry cost 300 bytes, 12 MB for a pack of 40,000).
struct ChosenVariants: Sendable {
    /// Bit `s` is set when scale `s` has a variant (scales are 1 to 4; at most 63).
    private let scaleBits: UInt64
    /// The variant of every scale, when they all draw the same file.
    private let single: ImageFile.Variant?
    /// Otherwise each scale's variant, smallest scale first.
    private let perScale: [ImageFile.Variant]

    init(_ byScale: [Int: ImageFile.Variant]) {
        precondition(byScale.keys.allSatisfy { (0..<64).contains($0) }, "scales are 1 to 4")
        scaleBits = byScale.keys.reduce(0) { $0 | 1 << UInt64($1) }
        let ordered = byScale.keys.sorted().map { byScale[$0]! }
        if let first = ordered.first, ordered.allSatisfy({ $0 == first }) {
            single = first
            perScale = []
        } else {
            single = nil
            perScale = ordered
        }
    }

    /// The scales with a variant, smallest first.
    var scales: [Int] { (0..<64).filter { scaleBits & 1 << UInt64($0) != 0 } }

    subscript(scale: Int) -> ImageFile.Variant? {
        guard (0..<64).contains(scale), scaleBits & 1 << UInt64(scale) != 0 else { return nil }
        if let single { return single }
        return perScale[(scaleBits & (1 << UInt64(scale) - 1)).nonzeroBitCount]
    }

    /// Each scale and its variant, smallest scale first.
    var pairs: [(scale: Int, variant: ImageFile.Variant)] { scales.map { ($0, self[$0]!) } }
}

enum SpritePlanner {
    /// The variants chosen for an image, and the worst enlargement among them.
    struct Checked: Sendable {
        var chosen: ChosenVariants
        /// The scale where the chosen variant is enlarged the most, if any is enlarged at all.
        var largestEnlargement: (file: String, pixels: Int, box: Int, scale: Int)?
    }

    /// Per scale, the smallest variant at least as large as the icon box, else the largest.
    /// Only each file's first bytes are read here; pixels are decoded once, later, by the page
    /// that needs them. `user` names the entry (or delete icon) in errors.
    static func chooseVariants(_ file: ImageFile, user: ImageUser, boxes: [Int: Int], decoder: PNGDecoder) throws(GenerationError) -> [Int: ImageFile.Variant] {
        switch checkVariants(file, boxes: boxes, decoder: decoder) {
        case .success(let checked): return Dictionary(uniqueKeysWithValues: checked.chosen.pairs)
        case .failure(let error): throw .image(user: user, error: error)
        }
    }

    /// Reads every variant's header (a bad one is the image's error), chooses per scale, checks
    /// the chosen files' structure (truncation, chunk lengths), and notes where even the largest
    /// variant is smaller than the icon box.
    static func checkVariants(_ file: ImageFile, boxes: [Int: Int], decoder: PNGDecoder) -> Result<Checked, PNGError> {
        // Each variant's URL is made once (making URLs was a good part of checking a large pack).
        var sized: [(variant: ImageFile.Variant, url: URL, size: Int)] = []
        for variant in file.variants {
            do {
                let url = variant.url
                let size = try decoder.peekSize(contentsOf: url, displayPath: variant.displayPath)
                sized.append((variant, url, max(size.width, size.height)))
            } catch {
                return .failure(error)
            }
        }
        sized.sort { ($0.size, $0.variant.scale) < ($1.size, $1.variant.scale) }
        var chosen: [Int: ImageFile.Variant] = [:]
        var largestEnlargement: (file: String, pixels: Int, box: Int, scale: Int)?
        // Each picked variant's structure is checked once (a variant picked for several scales).
        var structureChecked: Set<Int> = []
        for (scale, box) in boxes.sorted(by: { $0.key < $1.key }) {
            let position = sized.firstIndex { $0.size >= box } ?? sized.count - 1
            let pick = sized[position]
            chosen[scale] = pick.variant
            if structureChecked.insert(position).inserted {
                do { _ = try decoder.checkStructure(contentsOf: pick.url, displayPath: pick.variant.displayPath) } catch { return .failure(error) }
            }
            if pick.size < box {
                let worst = largestEnlargement.map { Double($0.box) / Double($0.pixels) } ?? 1
                if Double(box) / Double(pick.size) > worst {
                    largestEnlargement = (pick.variant.displayPath, pick.size, box, scale)
                }
            }
        }
        return .success(Checked(chosen: ChosenVariants(chosen), largestEnlargement: largestEnlargement))
    }
}

/// Decoded, fitted icons for one page. Each source is decoded once, straight into its scaled
/// copies for every scale that uses it (rows go from the decoder to the scaler, see
/// `PNGDecoder.decodeScaled`), and dropped: memory holds the page's small fitted icons, never a
/// full-size source, whatever the size of the pack's images.
struct PageSprites {
    /// [scale: [cell: image]] for emoticon cells; nil where the cell is left empty.
    var byScale: [Int: [RGBAImage?]] = [:]

    init(
        sources: [SpriteSource], labels: [EntryLabel], boxes: [Int: Int], emoji: EmojiGlyphSource?, decoder: PNGDecoder,
        kernels: inout ResampleKernel.Cache
    ) throws(GenerationError) {
        let scales = boxes.keys.sorted()
        for scale in scales { byScale[scale] = [RGBAImage?](repeating: nil, count: sources.count) }
        let largestBox = boxes.values.max() ?? 1
        for (index, source) in sources.enumerated() {
            switch source {
            case .missing, .systemGlyph:
                continue
            case .image(let variants):
                // Scales that chose the same file share one decode.
                var byFile: [(variant: ImageFile.Variant, scales: [Int])] = []
                for scale in scales {
                    guard let variant = variants[scale] else { continue }
                    if let known = byFile.firstIndex(where: { $0.variant.url == variant.url }) {
                        byFile[known].scales.append(scale)
                    } else {
                        byFile.append((variant, [scale]))
                    }
                }
                for (variant, fileScales) in byFile {
                    let images: [RGBAImage]
                    do {
                        images = try decoder.decodeScaled(contentsOf: variant.url, displayPath: variant.displayPath, kernels: &kernels) { width, height in
                            fileScales.map { Resampler.fittingSize(width: width, height: height, box: boxes[$0]!) }
                        }
                    } catch {
                        throw .image(user: .entry(labels[index]), error: error)
                    }
                    for (scale, image) in zip(fileScales, images) { byScale[scale]![index] = image }
                }
            case .gifFrame(let gif):
                // Decoded and fitted once, when the run was planned (never once per page).
                for scale in scales { byScale[scale]![index] = gif.fitted[boxes[scale]!] }
            case .emoji(let text):
                let found: [RGBAImage]?
                do {
                    found = try emoji?.scaledGlyph(for: text, pixelSize: largestBox, kernels: &kernels) { width, height in
                        scales.map { Resampler.fittingSize(width: width, height: height, box: boxes[$0]!) }
                    }
                } catch let error as PNGError {
                    throw .image(user: .entry(labels[index]), error: error)
                } catch let error as EmojiGlyphError {
                    throw .emojiGlyph(entry: labels[index], error: error)
                } catch {
                    throw .emojiGlyph(entry: labels[index], error: .unreadable(path: emoji?.summary ?? "", reason: "\(error)"))
                }
                guard let icons = found else { throw .missingGlyphs(source: emoji?.summary ?? "no emoji source", entries: [labels[index]]) }
                guard icons.contains(where: \.hasVisiblePixels) else { throw .blankGlyph(entry: labels[index]) }
                for (scale, image) in zip(scales, icons) { byScale[scale]![index] = image }
            }
        }
    }
}
