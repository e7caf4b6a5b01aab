import Foundation
import Imaging

/// A folder of emoji PNGs named by code points, in the common schemes: Twemoji and
/// emoji-datasource (`1f468-200d-1f469.png`, either case), Noto (`emoji_u1f468_200d_1f469.png`),
/// with or without `fe0f` in the names. The scheme is detected from the files present.
///
/// Immutable after `init` (the folder is listed once), so it is `Sendable` as checked by the
/// compiler and page workers share one instance without a lock.
public final class EmojiImageFolder: EmojiGlyphSource, Sendable {
    public let path: String
    public let scheme: String
    /// Code points without variation selectors, lower-case hex joined by "-" → file.
    private let files: [String: URL]
    private let decoder = PNGDecoder()

    public init(path: String) throws {
        self.path = path
        // The system's wording ("The operation could not be completed") names neither the problem
        // nor the fix; a missing folder or a file in its place is said plainly.
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw EmojiGlyphError.unreadable(path: path, reason: "no such folder") }
        guard isFolder.boolValue else { throw EmojiGlyphError.unreadable(path: path, reason: "not a folder of emoji images") }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
            throw EmojiGlyphError.unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        var files: [String: URL] = [:]
        var noto = 0, hyphen = 0
        for name in names.sorted() where name.lowercased().hasSuffix(".png") {
            var stem = String(name.dropLast(4)).lowercased()
            if stem.hasPrefix("emoji_u") { stem = String(stem.dropFirst(7)); noto += 1 } else { hyphen += 1 }
            let parts = stem.split(whereSeparator: { $0 == "-" || $0 == "_" })
            guard !parts.isEmpty, parts.allSatisfy({ $0.count <= 6 && $0.allSatisfy(\.isHexDigit) }) else { continue }
            let values = parts.compactMap { UInt32($0, radix: 16) }.filter { $0 != 0xFE0F && $0 != 0xFE0E }
            let key = values.map { String($0, radix: 16) }.joined(separator: "-")
            // With and without fe0f both present: the first (sorted) name wins, deterministically.
            if files[key] == nil { files[key] = URL(fileURLWithPath: path).appendingPathComponent(name) }
        }
        if files.isEmpty { throw EmojiGlyphError.emptyFolder(path: path) }
        self.files = files
        scheme = noto > hyphen ? "Noto (emoji_u…_….png)" : "Twemoji/emoji-datasource (…-….png)"
    }

    public var summary: String { "emoji images \(path) (\(files.count) files, \(scheme) names)" }

    public static func key(for emoji: String) -> String {
        EmojiSequence.lookupScalars(emoji).map { String($0.value, radix: 16) }.joined(separator: "-")
    }

    public func file(for emoji: String) -> URL? { files[Self.key(for: emoji)] }

    public func hasGlyph(for emoji: String) -> Bool { file(for: emoji) != nil }

    public func glyph(for emoji: String, pixelSize: Int) throws -> RGBAImage? {
        guard let url = file(for: emoji) else { return nil }
        return try decoder.decode(contentsOf: url, displayPath: url.path).image
    }
}
