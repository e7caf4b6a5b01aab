import Checksum
import EmoticonManifest
import Foundation
import Imaging
import KeyboardLayout

/// The bytes of one page cache entry, and the check that they are what the entry's key says.
///
/// Layout: `EMKPAGE1\n`, a 4-byte big-endian length, that much JSON (the sheets: width, scale,
/// path template, byte count, SHA-256 and sprite rects), the PNGs one after another, then the
/// SHA-256 of all the bytes before it.
///
/// A cache folder may be restored from elsewhere (`actions/cache`, from another branch or pull
/// request), so an entry is untrusted input. Its trailing SHA-256 only catches damage; what makes
/// an entry usable is `verify`: an entry is a pure function of its key (the settings, the page's
/// source images, the cells in use), so everything it holds must be what the key implies. Every
/// width and scale the settings ask for, once, and nothing else; each sheet a PNG that our own
/// decoder reads within the sheet's exact size (only IHDR, IDAT and IEND chunks, as emokit writes
/// them); every sprite in a cell of the page, at the rect the layout gives an icon of its size;
/// and every pixel outside the sprites transparent. What a rewritten entry can still change is
/// the pixels inside an icon's rect: the same as changing that icon's image in the pack.
/// This file needs no other part of the pipeline, so the fuzz target compiles it as is.
struct CacheEntry {
    struct Sheet: Codable, Equatable {
        var width: Int
        var scale: Int
        var path: String
        var bytes: Int
        var sha256: String
        /// `[cell, x, y, width, height]` per drawn cell.
        var sprites: [[Int]]
    }

    /// What the key implies about an entry: the page grid and the sheets it must hold.
    struct Expectation {
        var grid: GridSpec
        var widths: [Int]
        var scales: [Int]

        /// Every (width, scale) in the order an entry stores them.
        var sheets: [(width: Int, scale: Int)] {
            widths.sorted().flatMap { width in scales.sorted().map { (width, $0) } }
        }

        /// `width` is `SheetKey.width`: a screen's, or `AnyWidthSheet.width`.
        func geometry(width: Int, scale: Int) -> any SheetPlacement {
            grid.sheetPlacement(screenWidth: width, scale: scale)
        }

        /// The largest entry that can hold these sheets: each sheet stored uncompressed (a zlib
        /// stored block costs 5 bytes per 65,535), plus the JSON. A larger file is not read.
        var maxBytes: Int {
            let sheets = self.sheets.reduce(0) { total, sheet in
                let geometry = geometry(width: sheet.width, scale: sheet.scale)
                let raw = geometry.pixelHeight * (1 + 4 * geometry.pixelWidth)
                return total + raw + raw / 8192 + 4096
            }
            return CacheEntry.magic.count + 4 + CacheEntry.maxJSONBytes + sheets + 32
        }
    }

    static let magic = Array("EMKPAGE1\n".utf8)
    static let maxJSONBytes = 4 << 20
    var sheets: [Sheet]
    var blobs: [Data]

    init(sheets: [Sheet], blobs: [Data]) {
        self.sheets = sheets
        self.blobs = blobs
    }

    /// Parses an entry; nil when it is damaged in any way (see `verify` for the rest).
    init?(_ data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count > Self.magic.count + 4 + 32, Array(bytes.prefix(Self.magic.count)) == Self.magic else { return nil }
        let body = bytes.count - 32
        guard SHA256.hash(bytes[0..<body]) == Array(bytes[body...]) else { return nil }
        var offset = Self.magic.count
        let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        offset += 4
        guard length <= Self.maxJSONBytes, length <= body - offset,
            let sheets = try? JSONDecoder().decode([Sheet].self, from: Data(bytes[offset..<offset + length]))
        else { return nil }
        offset += length
        var blobs: [Data] = []
        for sheet in sheets {
            guard sheet.bytes >= 0, sheet.bytes <= body - offset else { return nil }
            blobs.append(Data(bytes[offset..<offset + sheet.bytes]))
            offset += sheet.bytes
        }
        guard offset == body else { return nil }
        self.sheets = sheets
        self.blobs = blobs
    }

    /// The entry's bytes, as `init?(_:)` reads them.
    func data() -> Data? {
        guard let json = try? JSONEncoder().encode(sheets) else { return nil }
        var data = Data(Self.magic)
        data.append(contentsOf: [UInt8(json.count >> 24 & 0xff), UInt8(json.count >> 16 & 0xff), UInt8(json.count >> 8 & 0xff), UInt8(json.count & 0xff)])
        data.append(json)
        for blob in blobs { data.append(blob) }
        data.append(contentsOf: SHA256.hash(data))
        return data
    }

    /// Why the entry is not what its key implies, or nil when it is (see the type's comment).
    func verify(_ expected: Expectation) -> String? {
        let wanted = expected.sheets
        guard sheets.count == wanted.count, blobs.count == wanted.count else { return "holds \(sheets.count) sheets, not \(wanted.count)" }
        for ((sheet, blob), want) in zip(zip(sheets, blobs), wanted) {
            guard sheet.width == want.width, sheet.scale == want.scale else { return "holds a sheet for \(sheet.width)@\(sheet.scale)x, not \(want.width)@\(want.scale)x" }
            let folder = sheet.width == AnyWidthSheet.width ? "" : "\(sheet.width)/"
            guard sheet.path == "sheets/{tab}/\(folder)page-{page}@\(sheet.scale)x.png" else { return "a sheet path is not the one emokit writes" }
            guard blob.count == sheet.bytes, SHA256.hexDigest(blob) == sheet.sha256 else { return "a sheet does not match its SHA-256" }
            if let problem = Self.verify(sheet, png: blob, grid: expected.grid, geometry: expected.geometry(width: sheet.width, scale: sheet.scale)) { return problem }
        }
        return nil
    }

    /// One sheet: its chunks, its size, its sprites and the pixels around them.
    static func verify(_ sheet: Sheet, png: Data, grid: GridSpec, geometry: any SheetPlacement) -> String? {
        guard onlySheetChunks(png) else { return "a sheet holds chunks emokit does not write" }
        let limits = PNGDecoder.Limits(maxWidth: geometry.pixelWidth, maxHeight: geometry.pixelHeight, maxPixels: geometry.pixelWidth * geometry.pixelHeight)
        // The sheets emokit writes read fast; any other layout (or damage) goes through libpng.
        guard
            let image = PNGDecoder.readSheet(png, width: geometry.pixelWidth, height: geometry.pixelHeight)
                ?? (try? PNGDecoder(limits: limits).decode(png, path: "cache").image),
            image.width == geometry.pixelWidth, image.height == geometry.pixelHeight
        else { return "a sheet is not a PNG of \(geometry.pixelWidth)x\(geometry.pixelHeight) pixels" }
        if let problem = spriteProblem(sheet.sprites, grid: grid, geometry: geometry) { return problem }
        // Per row, the columns the sprites cover (cells do not overlap).
        var spans = [[Range<Int>]](repeating: [], count: image.height)
        for sprite in sheet.sprites {
            for row in sprite[2]..<sprite[2] + sprite[4] { spans[row].append(sprite[1]..<sprite[1] + sprite[3]) }
        }
        // Nothing is drawn outside the icons: any pixel there was not drawn by emokit. Each gap
        // is compared with zeros by memcmp (a sheet has millions of pixels).
        let zeros = [UInt8](repeating: 0, count: image.width * 4)
        let clear = image.pixels.withUnsafeBytes { pixels in
            zeros.withUnsafeBytes { zero in
                func isClear(_ row: Int, _ columns: Range<Int>) -> Bool {
                    columns.isEmpty || memcmp(pixels.baseAddress! + (row * image.width + columns.lowerBound) * 4, zero.baseAddress!, columns.count * 4) == 0
                }
                return (0..<image.height).allSatisfy { row in
                    var start = 0
                    for span in spans[row].sorted(by: { $0.lowerBound < $1.lowerBound }) {
                        if span.lowerBound > start && !isClear(row, start..<span.lowerBound) { return false }
                        start = max(start, span.upperBound)
                    }
                    return isClear(row, start..<image.width)
                }
            }
        }
        return clear ? nil : "a sheet has pixels outside its sprites"
    }

    /// Why `sprites` (`[cell, x, y, width, height]`) are not what the layout gives icons of their
    /// sizes in the sheet of `geometry` (each in its own cell of the page, inside the sheet), or nil.
    static func spriteProblem(_ sprites: [[Int]], grid: GridSpec, geometry: any SheetPlacement) -> String? {
        let columns = grid.columns
        var cells = Set<Int>()
        for sprite in sprites {
            guard sprite.count == 5, (0..<grid.cellsPerPage).contains(sprite[0]), cells.insert(sprite[0]).inserted else {
                return "a sprite names no cell of the page"
            }
            let (width, height) = (sprite[3], sprite[4])
            guard (1...geometry.pixelWidth).contains(width), (1...geometry.pixelHeight).contains(height) else { return "a sprite is larger than its sheet" }
            let rect = geometry.spriteRect(row: sprite[0] / columns, column: sprite[0] % columns, width: width, height: height)
            guard rect.x == sprite[1], rect.y == sprite[2], rect.x >= 0, rect.y >= 0, rect.x + width <= geometry.pixelWidth, rect.y + height <= geometry.pixelHeight else {
                return "a sprite is not where the layout puts it"
            }
        }
        return nil
    }

    /// Whether the PNG is a signature and IHDR, IDAT… and IEND chunks only, each within the file.
    static func onlySheetChunks(_ png: Data) -> Bool {
        let bytes = [UInt8](png)
        guard bytes.count >= 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return false }
        var offset = 8
        var types: [String] = []
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            guard ["IHDR", "IDAT", "IEND"].contains(type), length <= bytes.count - offset - 12 else { return false }
            types.append(type)
            offset += 12 + length
            if type == "IEND" { break }
        }
        return offset == bytes.count && types.first == "IHDR" && types.last == "IEND" && types.dropFirst().dropLast().allSatisfy { $0 == "IDAT" }
            && types.count >= 3
    }
}
