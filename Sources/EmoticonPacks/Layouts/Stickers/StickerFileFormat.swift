import FileAccess
import Foundation

/// What a sticker file is, told by its first bytes, never by its name: a keyboard hands the file
/// to the app as it is, so its copy must be named for what it holds. WhatsApp takes a WebP sticker
/// (its Android sample's `StickerPackValidator` decodes each as WebP and refuses anything else);
/// its iOS sample also takes a PNG, which it converts to WebP itself.
public enum StickerFileFormat: String, Sendable {
    case webp
    case png

    /// The largest sticker file read: WhatsApp takes stickers up to 500 KB; 16 MB leaves room
    /// for any honest picture and none for a file a keyboard could not send. Checked from the
    /// file's size before anything reads it (a 191 MB file was read whole, then refused).
    public static let maxBytes = 16 * 1024 * 1024

    /// The extension its copy is written with.
    public var fileExtension: String { rawValue }

    /// The format of a file starting with `bytes` (its first 12 are enough), or nil with the
    /// name of what it is instead (`a GIF`), for a message.
    public static func of(_ bytes: some Collection<UInt8>) -> Result<StickerFileFormat, Refusal> {
        let start = Array(bytes.prefix(12))
        if start.count == 12, start.starts(with: Array("RIFF".utf8)), Array(start[8..<12]) == Array("WEBP".utf8) { return .success(.webp) }
        if start.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .success(.png) }
        if start.starts(with: Array("GIF8".utf8)) { return .failure(Refusal(found: "a GIF")) }
        if start.starts(with: [0xFF, 0xD8, 0xFF]) { return .failure(Refusal(found: "a JPEG")) }
        if start.starts(with: Array("BM".utf8)) { return .failure(Refusal(found: "a BMP")) }
        return .failure(Refusal(found: start.isEmpty ? "an empty file" : "no image emokit knows"))
    }

    /// The format of the file at `url`, read from its first bytes only (opened as a regular
    /// file, never a pipe that would block); a file over `maxBytes` is refused by its size.
    public static func of(fileAt url: URL) -> Result<StickerFileFormat, Refusal> {
        do {
            let file = try OpenRegularFile(url, maxBytes: maxBytes)
            return of(try file.read(at: 0, count: min(12, file.size)))
        } catch {
            if case .tooLarge(let bytes, _) = error { return .failure(Refusal(found: RegularFile.Problem.size(bytes), tooLarge: true)) }
            return .failure(Refusal(found: "", cannotRead: error.description))
        }
    }

    /// Why a file is no sticker, in words a user can act on (after the file's name: `is a GIF, …`).
    public struct Refusal: Error, Equatable, Sendable {
        /// What the file is instead (`a GIF`).
        public var found: String
        /// The file is over `maxBytes` (`found` says its size).
        public var tooLarge = false
        /// The file could not be opened as a regular file: why (`is a named pipe, not a regular file`).
        public var cannotRead: String? = nil
        /// What follows the file's name in a message.
        public var reason: String {
            if let cannotRead { return "cannot be read: \(cannotRead)" }
            if tooLarge { return "\(found), over the \(RegularFile.Problem.size(StickerFileFormat.maxBytes)) a sticker may be (WhatsApp takes 500 KB)" }
            return "\(found), not a WebP or PNG: WhatsApp sends a sticker as WebP (its iOS sample also takes PNG); convert it to WebP"
        }

        /// The same for a pack's tray image (a PNG or WebP too; its size limit is the sticker's).
        public var tray: String {
            if cannotRead != nil || tooLarge { return reason }
            return "\(found), not a PNG or WebP: WhatsApp shows a pack's tray image as a PNG or WebP"
        }
    }
}
