import FileAccess
import Foundation
import Imaging

/// A colour bitmap emoji font (CBDT/CBLC, e.g. Noto Color Emoji), read directly: `cmap` maps
/// code points to glyphs, `GSUB` ligatures turn ZWJ sequences, flags, keycaps and skin tones
/// into their single glyph, and the glyph's PNG comes out of `CBDT`, decoded by the codec.
///
/// Immutable after `init` (every table is parsed up front), so it is `Sendable` as checked by the
/// compiler and page workers share one instance without a lock.
public final class ColorEmojiFont: EmojiGlyphSource, Sendable {
    public let path: String
    /// The `head` table's font revision (`2.042`), which names the font in the output instead
    /// of its path on this machine; nil when the table is missing.
    public let revision: String?
    /// Where glyph images are read: the bytes given (`init(bytes:path:)`), or the font file
    /// itself (`init(path:)`): its tables are parsed from one read, then each glyph's few
    /// kilobytes are read back when drawn, so the 10 MB of bitmaps are not held for the run.
    private enum GlyphData: Sendable {
        case bytes(ByteReader)
        case file(OpenRegularFile)
    }
    private let glyphData: GlyphData
    private let cmap: CharacterMap
    private let strikes: [BitmapStrike]
    private let ligatures: LigatureLookups
    private let cbdt: Int
    /// Glyphs are read by libdeflate when simple (every glyph of Noto Color Emoji is): about
    /// 3,600 a run for an emoji keyboard, a tenth of its time through libpng.
    private let decoder = PNGDecoder(limits: .init(maxWidth: 1024, maxHeight: 1024, maxPixels: 1 << 20), readsSimpleFilesWithLibdeflate: true)

    /// Where Debian, Fedora, Arch and macOS/Homebrew users find Noto Color Emoji.
    public static let searchPaths = [
        "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
        "/usr/share/fonts/noto/NotoColorEmoji.ttf",
        "/usr/share/fonts/google-noto-color-emoji/NotoColorEmoji.ttf",
        "/usr/share/fonts/google-noto-emoji/NotoColorEmoji.ttf",
        "/usr/local/share/fonts/NotoColorEmoji.ttf",
        "/opt/homebrew/share/fonts/NotoColorEmoji.ttf",
        NSHomeDirectory() + "/Library/Fonts/NotoColorEmoji.ttf",
    ]

    /// The first font of `searchPaths` that exists.
    public static func locateDefault() throws -> ColorEmojiFont {
        for path in searchPaths where FileManager.default.fileExists(atPath: path) {
            return try ColorEmojiFont(path: path)
        }
        throw EmojiGlyphError.noFontFound(searched: searchPaths.filter { !$0.hasPrefix(NSHomeDirectory()) })
    }

    /// Noto Color Emoji is about 10 MB; a "font" of more than this is refused before reading.
    public static let maxFontBytes = 256 * 1024 * 1024

    public convenience init(path: String) throws {
        let file: OpenRegularFile
        let reader: ByteReader
        do {
            file = try OpenRegularFile(URL(fileURLWithPath: path), maxBytes: Self.maxFontBytes)
            reader = try Self.tables(of: file, path: path)
        } catch {
            throw EmojiGlyphError.unreadable(path: path, reason: error.description)
        }
        try self.init(reader: reader, file: file)
    }

    public convenience init(bytes: [UInt8], path: String) throws {
        try self.init(reader: ByteReader(bytes: bytes, path: path), file: nil)
    }

    /// The font file without its bitmap table: the bitmaps (10.9 MB of Noto's 11) are read a
    /// glyph at a time when drawn, so reading them up front only cost every emoji run the time to
    /// page them in. Only a plain directory gets a hole: one CBDT record, after the directory,
    /// inside the file and overlapping no other table. Any other font is read whole, to load (or
    /// be refused) exactly as from its bytes (`init(bytes:path:)`).
    private static func tables(of file: OpenRegularFile, path: String) throws(RegularFile.Problem) -> ByteReader {
        let whole = { () throws(RegularFile.Problem) in ByteReader(bytes: try file.read(at: 0, count: file.size), path: path) }
        guard file.size >= 12 else { return try whole() }
        let header = ByteReader(bytes: try file.read(at: 0, count: 12), path: path)
        guard let count = try? header.u16(4), 12 + count * 16 <= file.size else { return try whole() }
        let directory = ByteReader(bytes: try file.read(at: 0, count: 12 + count * 16), path: path)
        var records: [(tag: String, range: Range<Int>)] = []
        for i in 0..<count {
            let record = 12 + i * 16
            guard let tag = try? directory.tag(record), let offset = try? directory.u32(record + 8), let length = try? directory.u32(record + 12),
                offset >= 12 + count * 16, offset <= file.size - length
            else { return try whole() }
            records.append((tag, offset..<(offset + length)))
        }
        let bitmaps = records.filter { $0.tag == "CBDT" }
        guard bitmaps.count == 1, let hole = bitmaps.first?.range,
            !records.contains(where: { $0.tag != "CBDT" && !$0.range.isEmpty && $0.range.overlaps(hole) })
        else { return try whole() }
        let bytes = try file.read(at: 0, count: hole.lowerBound) + file.read(at: hole.upperBound, count: file.size - hole.upperBound)
        return ByteReader(bytes: bytes, path: path, hole: hole)
    }

    /// Parses the font `r` reads; glyph images are then read from `file` when given, else from `r`.
    private init(reader r: ByteReader, file: OpenRegularFile?) throws {
        let path = r.path
        self.path = path
        var tables: [String: Int] = [:]
        do {
            let version = try r.u32(0)
            guard version == 0x0001_0000 || version == 0x7472_7565 || version == 0x4F54_544F else { throw EmojiGlyphError.notAFont(path: path) }
            let count = try r.u16(4)
            for i in 0..<count {
                let record = 12 + i * 16
                let offset = try r.u32(record + 8), length = try r.u32(record + 12)
                try r.checkInFile(offset, length)
                tables[try r.tag(record)] = offset
            }
        } catch let error as EmojiGlyphError {
            throw error
        } catch {
            throw EmojiGlyphError.corrupt(path: path, table: "table directory", reason: "an offset points past the end of the file (truncated?)")
        }
        guard let cblc = tables["CBLC"], let cbdt = tables["CBDT"] else {
            let others = ["COLR", "SVG ", "sbix", "glyf", "CFF "].filter { tables[$0] != nil }.map { $0.trimmingCharacters(in: .whitespaces) }
            throw EmojiGlyphError.noBitmaps(path: path, found: others.isEmpty ? "no colour tables" : others.joined(separator: ", "))
        }
        guard let cmapOffset = tables["cmap"] else { throw EmojiGlyphError.missingTable(path: path, tag: "cmap") }
        func parse<T>(_ table: String, _ body: () throws(ByteReader.OutOfBounds) -> T) throws -> T {
            do { return try body() } catch {
                if let claim = error.implausible {
                    throw EmojiGlyphError.corrupt(path: path, table: table, reason: "the count at offset \(error.offset) claims \(claim)")
                }
                let inBitmaps = r.hole.overlaps(error.offset..<(error.offset + max(error.length, 1)))
                throw EmojiGlyphError.corrupt(
                    path: path, table: table, reason: "offset \(error.offset) (+\(error.length)) is \(inBitmaps ? "inside the CBDT table (bitmaps)" : "outside the file")")
            }
        }
        glyphData = file.map { .file($0) } ?? .bytes(r)
        self.cbdt = cbdt
        revision = tables["head"].flatMap { try? r.u32($0 + 4) }.map { String(format: "%.3f", Double($0) / 65536) }
        cmap = try parse("cmap") { () throws(ByteReader.OutOfBounds) in try CharacterMap(r, at: cmapOffset) }
        strikes = try parse("CBLC") { () throws(ByteReader.OutOfBounds) in try BitmapStrike.readAll(r, cblc: cblc) }
        if let gsub = tables["GSUB"] {
            ligatures = try parse("GSUB") { () throws(ByteReader.OutOfBounds) in try LigatureLookups(r, gsub: gsub) }
        } else {
            ligatures = LigatureLookups()
        }
        if strikes.allSatisfy({ $0.locations.isEmpty }) {
            throw EmojiGlyphError.noBitmaps(path: path, found: "an empty CBLC index")
        }
    }

    /// `count` bytes of the font at `offset`, from memory or from the file.
    private func glyphBytes(_ offset: Int, _ count: Int) throws -> ArraySlice<UInt8> {
        switch glyphData {
        case .bytes(let reader): return try reader.slice(offset, count)
        case .file(let file): return try file.read(at: offset, count: count)[...]
        }
    }

    public var summary: String {
        "colour emoji font \(path) (\(strikes.map { "\($0.ppem) ppem" }.joined(separator: ", ")))"
    }

    /// The glyph id for an emoji after cmap and ligatures, or nil when it does not form one glyph.
    public func glyphID(for emoji: String) -> Int? {
        let all = Array(emoji.unicodeScalars)
        // A non-default variation sequence (format 14) takes precedence for a base + VS pair.
        if all.count == 2, let glyph = cmap.variations[CharacterMap.key(all[0].value, all[1].value)] { return glyph }
        let scalars = EmojiSequence.lookupScalars(emoji)
        guard !scalars.isEmpty else { return nil }
        var glyphs: [Int] = []
        for scalar in scalars {
            guard let glyph = cmap.glyphs[scalar.value] else { return nil }
            glyphs.append(glyph)
        }
        let formed = ligatures.apply(glyphs)
        return formed.count == 1 ? formed[0] : nil
    }

    public func hasGlyph(for emoji: String) -> Bool {
        guard let id = glyphID(for: emoji) else { return false }
        return strikes.contains { $0.locations[id] != nil }
    }

    public func glyph(for emoji: String, pixelSize: Int) throws -> RGBAImage? {
        guard let id = glyphID(for: emoji) else { return nil }
        return try bitmap(glyph: id, pixelSize: pixelSize)
    }

    /// The strike whose size is the smallest at least `pixelSize`, else the largest.
    func strike(for pixelSize: Int) -> BitmapStrike? {
        let sorted = strikes.filter { !$0.locations.isEmpty }.sorted { $0.ppem < $1.ppem }
        return sorted.first { $0.ppem >= pixelSize } ?? sorted.last
    }

    public func scaledGlyph(
        for emoji: String, pixelSize: Int, kernels: inout ResampleKernel.Cache, sizes: (_ width: Int, _ height: Int) -> [(width: Int, height: Int)]
    ) throws -> [RGBAImage]? {
        guard let id = glyphID(for: emoji), let png = try glyphPNG(glyph: id, pixelSize: pixelSize) else { return nil }
        do {
            return try decoder.decodeScaled(png, path: "\(path) glyph \(id)", kernels: &kernels, sizes: sizes)
        } catch {
            throw EmojiGlyphError.badGlyphImage(path: path, glyph: id, reason: error.reasonText)
        }
    }

    public func bitmap(glyph: Int, pixelSize: Int) throws -> RGBAImage? {
        guard let png = try glyphPNG(glyph: glyph, pixelSize: pixelSize) else { return nil }
        // The reader the keys use (`scaledGlyph`), so a tab icon and a key read a glyph alike.
        if let simple = decoder.decodeSimple(png) { return simple }
        do {
            return try decoder.decode(png, path: "\(path) glyph \(glyph)").image
        } catch {
            throw EmojiGlyphError.badGlyphImage(path: path, glyph: glyph, reason: error.reasonText)
        }
    }

    /// The PNG file of `glyph` in the strike for `pixelSize`, or nil when that strike has none.
    private func glyphPNG(glyph: Int, pixelSize: Int) throws -> Data? {
        guard let strike = strike(for: pixelSize), let location = strike.locations[glyph] else { return nil }
        let start = cbdt + location.offset
        // Where the PNG's length is, after the glyph's metrics.
        let lengthAt: Int
        switch location.format {
        case 17: lengthAt = start + 5  // small metrics (5 bytes), length, PNG
        case 18: lengthAt = start + 8  // big metrics (8 bytes), length, PNG
        case 19: lengthAt = start  // metrics in the index; length, PNG
        default:
            throw EmojiGlyphError.badGlyphImage(path: path, glyph: glyph, reason: "image format \(location.format) is not PNG (17, 18 or 19)")
        }
        let png: ArraySlice<UInt8>
        do {
            let length = try glyphBytes(lengthAt, 4).reduce(0) { $0 << 8 | Int($1) }
            png = try glyphBytes(lengthAt + 4, length)
        } catch {
            throw EmojiGlyphError.corrupt(path: path, table: "CBDT", reason: "glyph \(glyph) data is outside the file")
        }
        return Data(png)
    }
}
