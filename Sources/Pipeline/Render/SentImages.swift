import Checksum
import EmoticonPacks
import FileAccess
import Foundation
import Imaging
import OutputTransaction

/// The pictures of entries that send an image instead of text (WhatsApp stickers): a keyboard
/// hands the file to the app, which sends it as it is, so the pack's own file is copied into the
/// output unchanged (its size, format and animation are what the app made it) under
/// `images/<SHA-256 of the file>.<extension>`: one copy per distinct file, names never from packs.
extension Generator {
    /// The largest file copied: WhatsApp takes stickers up to 500 KB; 16 MB leaves room for any
    /// honest picture and none for a file a keyboard could not send.
    static let maxSentImageBytes = 16 * 1024 * 1024

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
                let digest = SHA256.hexDigest(data)
                let ext = (variant.fileName as NSString).pathExtension.lowercased()
                let path = "images/\(digest).\(OutputPaths.sentImageExtensions.contains(ext) ? ext : "bin")"
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
