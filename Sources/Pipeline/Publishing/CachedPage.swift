import Checksum
import Foundation
import KeyboardLayout
import OutputTransaction

/// One page cache entry: every sheet of a page (PNG bytes) and its sprite rects, with paths
/// stored as templates (`sheets/{tab}/375/page-{page}@2x.png`) so an entry serves the same
/// pixels in any tab and page. Layout: `EMKPAGE1\n`, a 4-byte big-endian length, that much JSON,
/// the PNGs one after another, then the SHA-256 of all the bytes before it.
struct CachedPage {
    struct Sheet: Codable {
        var width: Int
        var scale: Int
        var path: String
        var bytes: Int
        var sha256: String
        /// `[cell, x, y, width, height]` per drawn cell.
        var sprites: [[Int]]
    }

    static let magic = Array("EMKPAGE1\n".utf8)
    var sheets: [Sheet]
    var blobs: [Data]

    /// Parses and checks an entry; nil when it is damaged in any way.
    init?(_ data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count > Self.magic.count + 4 + 32, Array(bytes.prefix(Self.magic.count)) == Self.magic else { return nil }
        let body = bytes.count - 32
        guard SHA256.hash(bytes[0..<body]) == Array(bytes[body...]) else { return nil }
        var offset = Self.magic.count
        let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        offset += 4
        guard length <= body - offset, let sheets = try? JSONDecoder().decode([Sheet].self, from: Data(bytes[offset..<offset + length])) else { return nil }
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

    /// An entry for a page just rendered, reading its sheets back from staging; nil when the
    /// sheet paths do not have the expected form (then the page is simply not cached).
    init?(_ page: Generator.RenderedPage, tab: String, page index: Int, grid: GridSpec, staging output: OutputFolder) {
        var sheets: [Sheet] = [], blobs: [Data] = []
        for record in page.sheets.sorted(by: { ($0.key.width, $0.key.scale) < ($1.key.width, $1.key.scale) }) {
            let key = record.key
            let path = Generator.sheetPath(tab: tab, width: key.width, page: index, scale: key.scale)
            guard let template = Self.template(path, tab: tab, page: index),
                let data = try? Data(contentsOf: output.staging.appendingPathComponent(path))
            else { return nil }
            let geometry = SheetGeometry(layout: PageLayout(grid: grid, screenWidth: key.width), scale: key.scale)
            let sprites = (0..<grid.cellsPerPage).compactMap { cell in page.spriteRect(cell: cell, in: geometry).map { [cell, $0.x, $0.y, $0.width, $0.height] } }
            sheets.append(Sheet(width: key.width, scale: key.scale, path: template, bytes: data.count, sha256: record.sha256.hex, sprites: sprites))
            blobs.append(data)
        }
        self.sheets = sheets
        self.blobs = blobs
    }

    static func pageText(_ index: Int) -> String { "page-" + String(format: "%03d", index) }

    static func template(_ path: String, tab: String, page: Int) -> String? {
        let prefix = "sheets/\(tab)/"
        guard path.hasPrefix(prefix), path.contains(pageText(page)) else { return nil }
        return "sheets/{tab}/" + String(path.dropFirst(prefix.count)).replacingOccurrences(of: pageText(page), with: "page-{page}")
    }

    /// Writes the sheets into the output for `tab` and `page`, and returns the page as the renderer
    /// would have; nil when a sheet's bytes do not match its recorded hash.
    func restore(tab: String, page index: Int, into output: OutputFolder) throws(GenerationError) -> Generator.RenderedPage? {
        var page = Generator.RenderedPage()
        for (sheet, blob) in zip(sheets, blobs) {
            guard
                blob.withUnsafeBytes({ buffer in
                    var h = SHA256(); h.update(buffer: buffer); return h.finalize().hexString
                }) == sheet.sha256
            else { return nil }
            // The manifest names sheets by `sheetPath`; an entry recording another path is not used.
            let path = Generator.sheetPath(tab: tab, width: sheet.width, page: index, scale: sheet.scale)
            guard sheet.path.replacingOccurrences(of: "{tab}", with: tab).replacingOccurrences(of: "page-{page}", with: Self.pageText(index)) == path,
                let digest = Generator.RenderedPage.Digest(hex: sheet.sha256)
            else { return nil }
            try output.write(blob, to: path)
            page.sheets.append(.init(key: Generator.SheetKey(width: sheet.width, scale: sheet.scale), sha256: digest, bytes: blob.count))
            // Rects follow from the layout; the icon sizes are what a page needs to keep.
            for s in sheet.sprites where s.count == 5 && s[0] >= 0 && s[3] > 0 && s[4] > 0 {
                page.noteIcon(cell: s[0], scale: sheet.scale, width: s[3], height: s[4])
            }
        }
        page.cache = .reused
        return page
    }

    /// Writes the entry beside its name and renames it into place, so readers never see half an
    /// entry. A cache that cannot be written only costs speed: failures are ignored.
    func save(to url: URL) {
        var data = Data(Self.magic)
        guard let json = try? JSONEncoder().encode(sheets) else { return }
        data.append(contentsOf: [UInt8(json.count >> 24 & 0xff), UInt8(json.count >> 16 & 0xff), UInt8(json.count >> 8 & 0xff), UInt8(json.count & 0xff)])
        data.append(json)
        for blob in blobs { data.append(blob) }
        data.append(
            contentsOf: data.withUnsafeBytes { buffer in
                var h = SHA256(); h.update(buffer: buffer); return h.finalize()
            })
        let folder = url.deletingLastPathComponent()
        let partial = folder.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: partial)
            if rename(partial.path, url.path) != 0 { try? FileManager.default.removeItem(at: partial) }
        } catch {
            try? FileManager.default.removeItem(at: partial)
        }
    }
}

extension Generator.RenderedPage {
    /// Where a page came from, for the run's summary.
    enum CacheUse: Sendable { case rendered, reused, repaired }
}
