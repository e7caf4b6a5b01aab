import Checksum
import EmoticonPacks
import FileAccess
import Foundation
import Imaging
import OutputTransaction

/// The pictures of entries that send an image instead of text (WhatsApp stickers): a keyboard
/// hands the file to the app, which sends it as it is, so the pack's own file is copied into the
/// output unchanged (its size, format and animation are what the app made it) under
/// `images/<SHA-256 of the file>.<webp or png, by its content>`: one copy per distinct file, names never from packs.
extension Generator {
    /// The largest file copied (`StickerFileFormat.maxBytes`, which the pack reader checks first).
    static let maxSentImageBytes = StickerFileFormat.maxBytes

    /// Copies each sending entry's largest variant; by tab and entry, its path (nil for an entry
    /// that types text).
    func copySentImages(_ packs: [EmoticonPack], output: OutputFolder) throws(GenerationError) -> [[String?]] {
        var written: [String: String] = [:]
        var result: [[String?]] = []
        for pack in packs {
            var row: [String?] = []
            for entry in pack.entries {
                guard entry.sendsImage, case .image(let file) = entry.content, let variant = file.variants.max(by: { $0.scale < $1.scale }) else {
                    row.append(nil)
                    continue
                }
                let data: Data
                do { data = try RegularFile.read(variant.url, maxBytes: Self.maxSentImageBytes) } catch {
                    throw .image(user: .entry(EntryLabel(pack, entry)), error: PNGError(path: variant.displayPath, reason: .unreadable(error.description)))
                }
                // Named for what the bytes are (a PNG renamed `.webp` is written `.png`); the pack
                // reader refused anything but WebP and PNG, so this is a file changed since.
                let format: StickerFileFormat
                switch StickerFileFormat.of(data) {
                case .success(let found): format = found
                case .failure(let refusal):
                    throw .image(user: .entry(EntryLabel(pack, entry)), error: PNGError(path: variant.displayPath, reason: .unreadable(refusal.reason)))
                }
                let digest = SHA256.hexDigest(data)
                let path = "images/\(digest).\(format.fileExtension)"
                if written[digest] == nil {
                    do { try output.write(data, to: path) } catch { throw GenerationError(error) }
                    written[digest] = path
                }
                row.append(written[digest])
            }
            result.append(row)
        }
        return result
    }
}
