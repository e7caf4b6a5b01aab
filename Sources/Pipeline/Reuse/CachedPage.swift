import Checksum
import Foundation
import KeyboardLayout
import OutputTransaction

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A page and its cache entry (`CacheEntry`): paths stored as templates
/// (`sheets/{tab}/page-{page}@2x.png`, per-width `sheets/{tab}/375/page-{page}@2x.png`) so an
/// entry serves the same pixels in any tab and page.
enum CachedPage {
    /// An entry for a page just rendered, with the sheets' bytes the renderer kept
    /// (`RenderedPage.encoded`), else read back from staging; nil when the sheet paths do not have
    /// the expected form (then the page is simply not cached).
    static func entry(_ page: Generator.RenderedPage, tab: String, page index: Int, grid: GridSpec, staging output: OutputFolder) -> CacheEntry? {
        var sheets: [CacheEntry.Sheet] = [], blobs: [Data] = []
        let kept = page.encoded.count == page.sheets.count ? page.encoded : nil
        for (position, record) in page.sheets.enumerated().sorted(by: { ($0.element.key.width, $0.element.key.scale) < ($1.element.key.width, $1.element.key.scale) }) {
            let key = record.key
            let path = Generator.sheetPath(tab: tab, width: key.width, page: index, scale: key.scale)
            guard let template = Self.template(path, tab: tab, page: index),
                let data = kept?[position] ?? (try? Data(contentsOf: output.staging.appendingPathComponent(path)))
            else { return nil }
            let sprites = (0..<grid.cellsPerPage).compactMap { cell in
                page.spriteRect(cell: cell, width: key.width, scale: key.scale, grid: grid).map { [cell, $0.x, $0.y, $0.width, $0.height] }
            }
            sheets.append(CacheEntry.Sheet(width: key.width, scale: key.scale, path: template, bytes: data.count, sha256: record.sha256.hex, sprites: sprites))
            blobs.append(data)
        }
        return CacheEntry(sheets: sheets, blobs: blobs)
    }

    static func pageText(_ index: Int) -> String { "page-" + String(format: "%03d", index) }

    static func template(_ path: String, tab: String, page: Int) -> String? {
        let prefix = "sheets/\(tab)/"
        guard path.hasPrefix(prefix), path.contains(pageText(page)) else { return nil }
        return "sheets/{tab}/" + String(path.dropFirst(prefix.count)).replacingOccurrences(of: pageText(page), with: "page-{page}")
    }

    /// Writes a verified entry's sheets into the output for `tab` and `page`, and returns the
    /// page as the renderer would have.
    static func restore(_ entry: CacheEntry, tab: String, page index: Int, into output: OutputFolder) throws(GenerationError) -> Generator.RenderedPage? {
        var page = Generator.RenderedPage()
        for (sheet, blob) in zip(entry.sheets, entry.blobs) {
            guard let digest = Generator.RenderedPage.Digest(hex: sheet.sha256) else { return nil }
            do { try output.write(blob, to: Generator.sheetPath(tab: tab, width: sheet.width, page: index, scale: sheet.scale), reusingPrevious: true) } catch { throw GenerationError(error) }
            page.sheets.append(.init(key: Generator.SheetKey(width: sheet.width, scale: sheet.scale), sha256: digest, bytes: blob.count))
            // Rects follow from the layout (checked by `verify`); the icon sizes are what a page keeps.
            for s in sheet.sprites { page.noteIcon(cell: s[0], scale: sheet.scale, width: s[3], height: s[4]) }
        }
        page.cache = .reused
        return page
    }

    /// Writes the entry beside its name and renames it into place, so readers never see half an
    /// entry. The cache may have been restored from elsewhere: the entry's folders must be
    /// folders (a symbolic link there would send the write anywhere), and the partial file is a
    /// new file (`NewFile`). A cache that cannot be written only costs speed: failures are ignored.
    static func save(_ entry: CacheEntry, to url: URL, below root: URL) {
        guard let data = entry.data() else { return }
        save(data: data, to: url, below: root)
    }

    /// `save` for any bytes (the output index).
    static func save(data: Data, to url: URL, below root: URL) {
        let folder = url.deletingLastPathComponent()
        // The folders below the cache root, made one at a time and each checked to be a folder.
        // The cache folder itself is the user's choice (`--cache`): made as given.
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var path = root.path
        for component in folder.path.dropFirst(root.path.count).split(separator: "/") {
            path += "/\(component)"
            _ = mkdir(path, 0o755)
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return }
        }
        let partial = folder.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        do { try NewFile.write(data, to: partial) } catch { return }
        if rename(partial.path, url.path) != 0 { unlink(partial.path) }
    }
}

extension Generator.RenderedPage {
    /// Where a page came from, for the run's summary.
    enum CacheUse: Sendable { case rendered, reused, repaired }
}
