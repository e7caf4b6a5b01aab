import Checksum
import EmojiGlyphs
import FileAccess
import Foundation

/// Names the emoji source by name, version and content hash (`NotoColorEmoji.ttf 2.042,
/// sha256 1f0c…`), never by where it sits on this machine: the index page is then the same on
/// Debian, Fedora and Homebrew, and the digest tells caches and shards when the source changed.
struct SourceIdentity: Sendable {
    /// What the index page shows.
    let display: String
    /// SHA-256 (hex) of the source's content: the font file, or every image's name and bytes.
    let digest: String

    init(_ source: EmojiGlyphSource) throws(GenerationError) {
        switch source {
        case let font as ColorEmojiFont:
            let name = URL(fileURLWithPath: font.path).lastPathComponent
            digest = try Self.fileDigest(URL(fileURLWithPath: font.path))
            display = "colour emoji font \(name)\(font.revision.map { " \($0)" } ?? ""), sha256 \(digest.prefix(16))"
        case let folder as EmojiImageFolder:
            let root = URL(fileURLWithPath: folder.path)
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.lowercased().hasSuffix(".png") } } catch {
                throw .emojiSource(.unreadable(path: folder.path, reason: error.localizedDescription))
            }
            var hash = SHA256()
            for name in names.sorted(by: Self.bytewise) {
                hash.update(Array("\(name)\t\(try Self.fileDigest(root.appendingPathComponent(name)))\n".utf8))
            }
            digest = hash.finalize().hexString
            display = "emoji images \(root.lastPathComponent) (\(names.count) files), sha256 \(digest.prefix(16))"
        default:
            digest = SHA256.hexDigest(Array(source.summary.utf8))
            display = source.summary
        }
    }

    static func fileDigest(_ url: URL) throws(GenerationError) -> String {
        do {
            // Regular files only (a FIFO must not hang the run); a font is at most this large.
            // Hashed a megabyte at a time: an 11 MB font read whole was paged into fresh memory
            // on every emoji run, only to be hashed once and dropped.
            let file = try OpenRegularFile(url, maxBytes: ColorEmojiFont.maxFontBytes)
            var hash = SHA256()
            var offset = 0
            while offset < file.size {
                let chunk = try file.read(at: offset, count: min(1 << 20, file.size - offset))
                chunk.withUnsafeBytes { hash.update(buffer: $0) }
                offset += chunk.count
            }
            return hash.finalize().hexString
        } catch {
            throw .emojiSource(.unreadable(path: url.path, reason: "\(error)"))
        }
    }

    static func bytewise(_ a: String, _ b: String) -> Bool { Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) }
}
