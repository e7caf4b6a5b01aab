import EmojiGlyphs
import EmoticonPacks
import Foundation
import Imaging

/// What to draw for one entry: which file (per scale) or which emoji, decided before drawing
/// so every problem (missing glyph, unreadable header) is known up front.
enum SpriteSource: Sendable {
    /// The variant file chosen for each scale.
    case image(byScale: [Int: ImageFile.Variant])
    case emoji(String)
    /// `--missing-glyph skip`: the cell stays empty and the manifest says so.
    case missing
}

enum SpritePlanner {
    /// Per scale, the smallest variant at least as large as the icon box, else the largest.
    /// Only each file's first bytes are read here; pixels are decoded once, later, by the page
    /// that needs them. `user` names the entry (or delete icon) in errors.
    static func chooseVariants(_ file: ImageFile, user: ImageUser, boxes: [Int: Int], decoder: PNGDecoder) throws(GenerationError) -> [Int: ImageFile.Variant] {
        var sized: [(variant: ImageFile.Variant, size: Int)] = []
        for variant in file.variants {
            do {
                let size = try decoder.peekSize(contentsOf: variant.url, displayPath: variant.displayPath)
                sized.append((variant, max(size.width, size.height)))
            } catch {
                throw .image(user: user, error: error)
            }
        }
        sized.sort { ($0.size, $0.variant.scale) < ($1.size, $1.variant.scale) }
        var chosen: [Int: ImageFile.Variant] = [:]
        for (scale, box) in boxes {
            chosen[scale] = (sized.first { $0.size >= box } ?? sized.last!).variant
        }
        return chosen
    }
}

/// Decoded, fitted icons for one page, so each source file is decoded once per page and each
/// icon scaled once per scale, whatever the number of widths.
struct PageSprites {
    /// [scale: [cell: image]] for emoticon cells; nil where the cell is left empty.
    var byScale: [Int: [RGBAImage?]] = [:]

    init(sources: [SpriteSource], labels: [EntryLabel], boxes: [Int: Int], emoji: EmojiGlyphSource?, decoder: PNGDecoder) throws(GenerationError) {
        var decoded: [URL: RGBAImage] = [:]
        var glyphs: [String: RGBAImage] = [:]
        let largestBox = boxes.values.max() ?? 1
        for (scale, box) in boxes.sorted(by: { $0.key < $1.key }) {
            var images: [RGBAImage?] = []
            for (index, source) in sources.enumerated() {
                switch source {
                case .missing:
                    images.append(nil)
                case .image(let byScale):
                    guard let variant = byScale[scale] else { images.append(nil); continue }
                    let image: RGBAImage
                    if let cached = decoded[variant.url] {
                        image = cached
                    } else {
                        do { image = try decoder.decode(contentsOf: variant.url, displayPath: variant.displayPath).image } catch {
                            throw .image(user: .entry(labels[index]), error: error)
                        }
                        decoded[variant.url] = image
                    }
                    images.append(Resampler.scaleToFit(image, box: box))
                case .emoji(let text):
                    let glyph: RGBAImage
                    if let cached = glyphs[text] {
                        glyph = cached
                    } else {
                        let found: RGBAImage?
                        do { found = try emoji?.glyph(for: text, pixelSize: largestBox) } catch let error as PNGError {
                            throw .image(user: .entry(labels[index]), error: error)
                        } catch let error as EmojiGlyphError {
                            throw .emojiGlyph(entry: labels[index], error: error)
                        } catch {
                            throw .emojiGlyph(entry: labels[index], error: .unreadable(path: emoji?.summary ?? "", reason: "\(error)"))
                        }
                        guard let found else { throw .missingGlyphs(source: emoji?.summary ?? "no emoji source", entries: [labels[index]]) }
                        guard found.hasVisiblePixels else { throw .blankGlyph(entry: labels[index]) }
                        glyphs[text] = found
                        glyph = found
                    }
                    images.append(Resampler.scaleToFit(glyph, box: box))
                }
            }
            byScale[scale] = images
        }
    }
}
