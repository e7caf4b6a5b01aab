import Checksum
import EmoticonManifest
import EmoticonPacks
import FileAccess
import Foundation
import Imaging
import OutputTransaction

/// A checked animation: the GIF file an app shows on long press, and what the decoder found.
typealias AnimationSource = GIFFrame

/// Animated emoticons (Weibo's `gif`, QQ's `024@2x.gif`): every GIF is decoded whole through
/// giflib before anything is drawn, so a broken one is reported with its entry like a broken
/// PNG; then each is copied into the output under its content hash and recorded on its button.
enum AnimationPlanner {
    /// The GIF of an entry: its largest variant (QQ ships only `@2x`).
    static func chosenVariant(_ file: ImageFile) -> ImageFile.Variant {
        file.variants.max { $0.scale < $1.scale }!
    }

    /// The sprite of an entry that has only a GIF: its first frame, decoded once per file, and
    /// the GIF's canvas (`size`, its longer side: what the sprite is scaled from, as apps draw
    /// the animation).
    static func firstFrame(of file: ImageFile, gifs: GIFFrames) -> Result<(sprite: SpriteSource, size: Int, variant: ImageFile.Variant), GIFError> {
        gifs.frame(of: chosenVariant(file)).map { frame in (.gifFrame(frame), max(frame.info.width, frame.info.height), frame.variant) }
    }

    /// Every entry's animation, checked. A broken GIF is an error naming the entry (key `gif`);
    /// with `--lenient` a warning, and the entry keeps its still image without the animation.
    static func check(
        _ packs: [EmoticonPack], gifs: GIFFrames, lenient: Bool, errors: inout [PackError], warnings: inout [PackError]
    ) -> [[AnimationSource?]] {
        packs.map { pack in
            pack.entries.map { entry -> AnimationSource? in
                guard let file = entry.animation else { return nil }
                switch gifs.frame(of: chosenVariant(file)) {
                case .success(let frame): return frame
                case .failure(let error):
                    // A GIF-only entry already reported this file as its image.
                    if case .image(let image) = entry.content, image.format == .gif { return nil }
                    let problem = PackError.entry(
                        path: entry.sourcePath ?? pack.plistPath, index: entry.plistIndex, key: "gif", text: entry.text,
                        reason: "\(path: error.path): \(error.reasonText)", at: entry.locator)
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
                    path = "animations/\(source.sha256).gif"
                    try copyAnimation(source, to: path, output: output, entry: EntryLabel(packs[tab], packs[tab].entries[index]))
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

extension Generator {
    /// Copies the GIF `source` decoded to `path` a buffer at a time (a 60 MB GIF is never in
    /// memory whole), hashing what is copied: bytes that differ from those decoded (the file
    /// changed since) fail the run, so they are never published.
    func copyAnimation(_ source: AnimationSource, to path: String, output: OutputFolder, entry: EntryLabel) throws(GenerationError) {
        func refused(_ reason: String) -> GenerationError {
            .animation(entry: entry, error: GIFError(path: source.variant.displayPath, reason: .unreadable(reason)))
        }
        let file: OpenRegularFile
        do { file = try OpenRegularFile(source.variant.url, maxBytes: GIFDecoder.maxFileBytes) } catch { throw refused(error.description) }
        let hash = GIFFrames.Hashing()
        var readFailure: RegularFile.Problem?
        do throws(OutputError) {
            try output.writeStreamed(to: path) { stream throws(OutputError) in
                var offset = 0
                while offset < file.size {
                    let count = min(1 << 20, file.size - offset)
                    let bytes: [UInt8]
                    do throws(RegularFile.Problem) { bytes = try file.read(at: offset, count: count) } catch {
                        readFailure = error
                        return
                    }
                    bytes.withUnsafeBytes { hash.update($0) }
                    try stream.write(bytes: bytes)
                    offset += count
                }
            }
        } catch { throw GenerationError(error) }
        if let readFailure { throw refused(readFailure.description) }
        guard hash.hexDigest() == source.sha256 else { throw refused("the file changed while emokit was reading it") }
    }
}
