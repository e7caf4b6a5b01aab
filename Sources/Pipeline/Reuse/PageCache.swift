import Checksum
import EmojiGlyphs
import EmoticonPacks
import Foundation
import Imaging
import KeyboardLayout
import OutputSeal
import OutputTransaction
import Synchronization

/// `--cache DIR`: a content-addressed store of rendered pages, one entry per page (all its
/// widths and scales). An entry's key is the SHA-256 of everything the page's pixels depend on,
/// and of nothing else: emokit's version, the page grid, the widths, the scales and the PNG
/// encoder (`PixelSettings`), the bytes of each image the page draws, the emoji source's content
/// for its emoji, the delete icon's pixels and the number of cells in use. Never a tab's id,
/// title or folder, the other tabs, or a setting that only names or places things (`tabIds`,
/// the locale, the emoji keyboard beside the packs): renaming a pack folder reuses every page.
/// So a changed image changes only its pages' keys, and a stale entry can never be found. An entry ends with the SHA-256 of its own bytes: a
/// damaged entry is detected, rendered again and replaced. A cache may be restored from
/// elsewhere, so an entry is also checked against what its key implies before use
/// (`CacheEntry.verify`), read through no symbolic link with its size capped, and written only
/// into real folders: one that fails is rendered again and replaced, like a damaged one.
///
/// It wraps the page renderer: look up before rendering, store after, nothing else changes.
final class PageCache: Sendable {
    /// Entries live in `<directory>/pages-v1/ab/abcdef….page`; `root` is the `--cache` folder.
    let directory: URL?
    private let root: URL?
    /// What every entry of this run must hold (`CacheEntry.verify`).
    private let expectation: CacheEntry.Expectation
    private let settings: String
    private let emoji: EmojiGlyphSource?
    /// The page grid, for the sprite rects an entry records.
    private let grid: GridSpec
    /// Digests computed so far, shared by the page workers.
    private let digests = Mutex(Digests())
    /// What the last finished run into this output folder left there (`OutputIndex`).
    private let previous: OutputIndex?

    private struct Digests {
        var files: [URL: String] = [:]
        var font: String?
        /// Each file digested this run, with its identity just before it was read (for the note).
        var sources: [String: OutputIndex.Source] = [:]
    }

    init(options: GeneratorOptions, emoji: EmojiGlyphSource?) {
        root = options.publishing.cache
        directory = options.publishing.cache?.appendingPathComponent("pages-v1")
        expectation = CacheEntry.Expectation(grid: options.grid, widths: options.sheetWidths, scales: options.scales)
        self.emoji = emoji
        grid = options.grid
        settings = "emokit \(options.publishing.cacheVersion ?? EmokitResources.version)\n" + CanonicalText.of(PixelSettings(options))
        previous = root.flatMap { OutputIndex.load(cache: $0, destination: OutputFolder(destination: options.output).destination) }
    }

    /// The settings a page's pixels are drawn from (`PageRenderer.render` reads no other): where
    /// each cell sits (the grid, per width) and how each sheet is encoded. Widths and scales are
    /// sorted as an entry stores its sheets, so their order on the command line does not matter.
    /// Any-width sheets are keyed by `AnyWidthSheet.width` alone (`sheetWidths`): the screen
    /// widths do not change their pixels, so adding a width reuses every page.
    struct PixelSettings {
        let grid: GridSpec
        let widths: [Int]
        let scales: [Int]
        let encoder: PNGEncoder

        init(_ options: GeneratorOptions) {
            grid = options.grid
            widths = options.sheetWidths.sorted()
            scales = options.scales.sorted()
            encoder = options.encoder
        }
    }

    /// Whether the run has a cache (pages are then looked up and stored).
    var isOn: Bool { directory != nil && root != nil }

    /// The page from the cache when an intact entry exists; else `render()`'s page, stored.
    func page(
        _ job: Generator.PageJob, pack: EmoticonPack, sources: [SpriteSource], deleteIcons: [Int: RGBAImage],
        output: OutputFolder, render: () throws(GenerationError) -> Generator.RenderedPage
    ) throws(GenerationError) -> Generator.RenderedPage {
        guard let directory, let root else { return try render() }
        let key = self.key(sources: sources, deleteIcons: deleteIcons)
        // The previous output's own sheets for this key, untouched since the last run: linked.
        if var page = previous?.reuse(key: key, expectation: expectation, tab: pack.id, page: job.page, output: output) {
            page.cacheKey = key
            return page
        }
        let relative = "pages-v1/\(key.prefix(2))/\(key).page"
        var damaged = false
        // Read through no symbolic link and capped at the largest entry these sheets can make;
        // used only once it is what its key implies (`CacheEntry.verify`).
        switch Result(catching: { () throws(UntrustedFolder.Problem) in try UntrustedFolder.readAll(relative, in: root, maxBytes: expectation.maxBytes) }) {
        case .success(let data):
            if let stored = CacheEntry(data), stored.verify(expectation) == nil,
                var page = try CachedPage.restore(stored, tab: pack.id, page: job.page, into: output)
            {
                page.cacheKey = key
                return page
            }
            damaged = true
        case .failure(let problem):
            damaged = problem != .missing
        }
        var page = try render()
        page.cache = damaged ? .repaired : .rendered
        page.cacheKey = key
        if let stored = CachedPage.entry(page, tab: pack.id, page: job.page, grid: grid, staging: output) {
            CachedPage.save(stored, to: directory.appendingPathComponent(String(key.prefix(2))).appendingPathComponent(key + ".page"), below: root)
        }
        page.encoded = []
        return page
    }

    /// Notes the finished output's sheets for the next run (`OutputIndex`): call after the swap.
    /// `swapStarted`: `OutputIndex.now()` just before the swap; a sheet modified since is not noted.
    func recordOutput(
        _ pages: [Generator.PageKey: Generator.RenderedPage], packs: [EmoticonPack], options: GeneratorOptions, swapStarted: Int64
    ) {
        guard let root = options.publishing.cache else { return }
        let destination = OutputFolder(destination: options.output).destination
        var noted: [String: OutputIndex.Page] = [:]
        for (at, page) in pages {
            guard let key = page.cacheKey else { continue }
            var recorded = OutputIndex.Page()
            for record in page.sheets.sorted(by: { ($0.key.width, $0.key.scale) < ($1.key.width, $1.key.scale) }) {
                let path = Generator.sheetPath(tab: packs[at.tab].id, width: record.key.width, page: at.page, scale: record.key.scale)
                guard !path.contains("\n"), let file = OutputIndex.identity(of: path, in: destination, modifiedBefore: swapStarted) else { break }
                recorded.sheets.append(
                    OutputIndex.Sheet(width: record.key.width, scale: record.key.scale, bytes: record.bytes, sha256: record.sha256.hex, file: file, path: path))
            }
            for scale in options.scales.sorted() {
                for cell in 0..<options.grid.cellsPerPage {
                    if let size = page.iconSize(cell: cell, scale: scale) { recorded.icons.append([scale, cell, size.width, size.height]) }
                }
            }
            if recorded.sheets.count == page.sheets.count { noted[key] = recorded }
        }
        OutputIndex.save(noted, sources: digests.withLock { $0.sources }, cache: root, destination: destination)
    }

    /// SHA-256 over the settings, the cells' sources and the delete icon's pixels.
    func key(sources: [SpriteSource], deleteIcons: [Int: RGBAImage]) -> String {
        var text = settings + "\ncells \(sources.count)\n"
        for source in sources {
            switch source {
            case .image(let byScale):
                for (scale, variant) in byScale.pairs { text += "image @\(scale) \(digest(of: variant.url))\n" }
            case .emoji(let emojiText):
                text += "emoji \(EmojiText.codePoints(emojiText)) \(emojiDigest(emojiText))\n"
            case .gifFrame(let gif):
                text += "gif frame \(digest(of: gif.variant.url))\n"
            case .missing:
                text += "missing\n"
            case .systemGlyph(let emojiText):
                text += "system \(EmojiText.codePoints(emojiText))\n"
            }
        }
        var hash = SHA256()
        hash.update(Array(text.utf8))
        for scale in deleteIcons.keys.sorted() {
            let icon = deleteIcons[scale]!
            hash.update(Array("delete @\(scale) \(icon.width)x\(icon.height)\n".utf8))
            icon.pixels.withUnsafeBytes { hash.update(buffer: $0) }
        }
        return hash.finalize().hexString
    }

    /// The content digest of a file, read once per run; not read at all when the previous run's
    /// note has it with the very identity the file has now (`OutputIndex.Source`).
    func digest(of url: URL) -> String {
        if let known = digests.withLock({ $0.files[url] }) { return known }
        let identity = OutputIndex.Source.identity(of: url.path)
        if let identity, let noted = previous?.sources[url.path], noted.file == identity {
            digests.withLock {
                $0.files[url] = noted.sha256; $0.sources[url.path] = noted
            }
            return noted.sha256
        }
        let digest = (try? ChecksumList.digest(of: url)) ?? "unreadable \(UUID().uuidString)"
        digests.withLock { digests in
            digests.files[url] = digest
            if let identity, !digest.hasPrefix("unreadable"), OutputIndex.Source.settled(identity) {
                digests.sources[url.path] = OutputIndex.Source(sha256: digest, file: identity)
            }
        }
        return digest
    }

    /// An emoji's picture: its own file in an image folder, else the whole font's content.
    func emojiDigest(_ text: String) -> String {
        if let folder = emoji as? EmojiImageFolder, let file = folder.file(for: text) { return digest(of: file) }
        if let font = emoji as? ColorEmojiFont {
            return digests.withLock { digests in
                if digests.font == nil { digests.font = (try? ChecksumList.digest(of: URL(fileURLWithPath: font.path))) ?? "unreadable \(UUID().uuidString)" }
                return digests.font!
            }
        }
        return emoji.map { "source \($0.summary)" } ?? "none"
    }
}

/// How many pages a run rendered and how many it reused from the page cache; `repaired` counts
/// the rendered pages whose cache entry was damaged and has been replaced.
public struct PageCounts: Sendable, Equatable, Codable {
    public var rendered = 0
    public var reused = 0
    public var repaired = 0

    public init() {}

    init(_ uses: [Generator.RenderedPage.CacheUse]) {
        for use in uses {
            switch use {
            case .rendered: rendered += 1
            case .reused: reused += 1
            case .repaired: rendered += 1; repaired += 1
            }
        }
    }
}

/// The default page cache folder of the command line: `$XDG_CACHE_HOME/emokit`, else
/// `~/Library/Caches/emokit` on macOS and `~/.cache/emokit` elsewhere.
public enum PageCacheLocation {
    public static func userDefault(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg).appendingPathComponent("emokit") }
        #if os(macOS)
            return URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Library/Caches/emokit")
        #else
            return URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".cache/emokit")
        #endif
    }
}
