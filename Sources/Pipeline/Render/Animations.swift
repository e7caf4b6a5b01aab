import Checksum
import EmoticonManifest
import EmoticonPacks
import FileAccess
import Foundation
import Imaging
import OutputTransaction

/// A checked animation: the GIF file an app shows on long press, and what the decoder found.
/// A class, so each entry's optional slot costs a pointer (most entries have no animation).
final class AnimationSource: Sendable {
    let variant: ImageFile.Variant
    let info: GIFDecoder.Info

    init(variant: ImageFile.Variant, info: GIFDecoder.Info) {
        self.variant = variant
        self.info = info
    }
}

/// Animated emoticons (Weibo's `gif`, QQ's `024@2x.gif`): every GIF is decoded whole through
/// giflib before anything is drawn, so a broken one is reported with its entry like a broken
/// PNG; then each is copied into the output under its content hash and recorded on its button.
enum AnimationPlanner {
    /// The GIF of an entry: its largest variant (QQ ships only `@2x`).
    static func chosenVariant(_ file: ImageFile) -> ImageFile.Variant {
        file.variants.max { $0.scale < $1.scale }!
    }

    /// The sprite of an entry that has only a GIF: its first frame, on the GIF's canvas (`size`,
    /// its longer side: what the sprite is scaled from, as apps draw the animation).
    static func firstFrame(of file: ImageFile) -> Result<(sprite: SpriteSource, size: Int, variant: ImageFile.Variant), GIFError> {
        let variant = chosenVariant(file)
        do {
            let info = try GIFDecoder().decode(contentsOf: variant.url, displayPath: variant.displayPath).info
            return .success((.gifFrame(variant), max(info.width, info.height), variant))
        } catch {
            return .failure(error)
        }
    }

    static func info(of variant: ImageFile.Variant, decoder: GIFDecoder) -> Result<GIFDecoder.Info, GIFError> {
        do { return .success(try decoder.decode(contentsOf: variant.url, displayPath: variant.displayPath).info) } catch { return .failure(error) }
    }

    /// Every entry's animation, checked. A broken GIF is an error naming the entry (key `gif`);
    /// with `--lenient` a warning, and the entry keeps its still image without the animation.
    static func check(_ packs: [EmoticonPack], lenient: Bool, errors: inout [PackError], warnings: inout [PackError]) -> [[AnimationSource?]] {
        let decoder = GIFDecoder()
        var checked: [URL: Result<GIFDecoder.Info, GIFError>] = [:]
        return packs.map { pack in
            pack.entries.map { entry -> AnimationSource? in
                guard let file = entry.animation else { return nil }
                let variant = chosenVariant(file)
                let result = checked[variant.url] ?? info(of: variant, decoder: decoder)
                checked[variant.url] = result
                switch result {
                case .success(let info): return AnimationSource(variant: variant, info: info)
                case .failure(let error):
                    // A GIF-only entry already reported this file as its image.
                    if case .image(let image) = entry.content, image.format == .gif { return nil }
                    let problem = PackError.entry(
                        path: entry.sourcePath ?? pack.plistPath, index: entry.plistIndex, key: "gif", text: entry.text,
                        reason: error.description)
                    if lenient { warnings.append(problem) } else { errors.append(problem) }
                    return nil
                }
            }
        }
    }
}

extension Generator {
    /// Copies each animation to `animations/<SHA-256 of the file>.gif` (one copy per distinct
    /// file, so equal GIFs in several packs are stored once and names never come from packs).
    func copyAnimations(_ animations: [[AnimationSource?]], packs: [EmoticonPack], output: OutputFolder) throws(GenerationError) -> [[Manifest.Animation?]] {
        var written: [URL: String] = [:]
        var result: [[Manifest.Animation?]] = []
        for (tab, list) in animations.enumerated() {
            var row: [Manifest.Animation?] = []
            for (index, source) in list.enumerated() {
                guard let source else { row.append(nil); continue }
                let path: String
                if let known = written[source.variant.url] {
                    path = known
                } else {
                    let data: Data
                    do { data = try RegularFile.read(source.variant.url, maxBytes: GIFDecoder.maxFileBytes) } catch {
                        throw .animation(
                            entry: EntryLabel(packs[tab], packs[tab].entries[index]),
                            error: GIFError(path: source.variant.displayPath, reason: .unreadable(error.description)))
                    }
                    path = "animations/\(SHA256.hexDigest([UInt8](data))).gif"
                    try output.write(data, to: path)
                    written[source.variant.url] = path
                }
                let info = source.info
                row.append(
                    Manifest.Animation(
                        path: path, frames: info.frames, loopCount: info.loopCount ?? 1, durationMs: info.durationMs,
                        width: info.width, height: info.height))
            }
            result.append(row)
        }
        return result
    }
}
