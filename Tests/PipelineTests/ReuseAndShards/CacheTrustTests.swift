import Checksum
import Foundation
import Imaging
import PipelineTestSupport
import TestSupport
import Testing

@testable import Pipeline

/// A page cache may be restored from elsewhere (`actions/cache`, other branches): an entry is
/// used only when it holds what its key implies. Each case rewrites one entry as a hostile user
/// would, with every SHA-256 in it made to match; the next run renders that page again and
/// replaces the entry, and its output is the one a run without the cache writes. Entries are
/// taken apart and put together by hand here (the documented layout), not by emokit's code.
struct CacheTrustTests {
    /// An entry's parts: the JSON sheet records and the PNG bytes.
    struct RawEntry {
        var sheets: [[String: Any]]
        var blobs: [Data]

        init(_ url: URL) throws {
            let bytes = [UInt8](try Data(contentsOf: url))
            let length = bytes[9..<13].reduce(0) { $0 << 8 | Int($1) }
            sheets = try #require(try JSONSerialization.jsonObject(with: Data(bytes[13..<13 + length])) as? [[String: Any]])
            var offset = 13 + length
            blobs = []
            for sheet in sheets {
                let count = sheet["bytes"] as! Int
                blobs.append(Data(bytes[offset..<offset + count]))
                offset += count
            }
        }

        /// Writes the entry with every count and SHA-256 made to match.
        func write(to url: URL) throws {
            var records = sheets
            for index in records.indices {
                records[index]["bytes"] = blobs[index].count
                records[index]["sha256"] = SHA256.hexDigest([UInt8](blobs[index]))
            }
            let json = try JSONSerialization.data(withJSONObject: records, options: [.sortedKeys])
            var data = Data("EMKPAGE1\n".utf8)
            data.append(contentsOf: [UInt8(json.count >> 24 & 0xff), UInt8(json.count >> 16 & 0xff), UInt8(json.count >> 8 & 0xff), UInt8(json.count & 0xff)])
            data.append(json)
            for blob in blobs { data.append(blob) }
            data.append(contentsOf: SHA256.hash([UInt8](data)))
            try data.write(to: url)
        }
    }

    /// A cold run into `first` with `cache`; the path of one of its entries.
    static func coldRun(_ root: URL) throws -> (packs: URL, first: URL, cache: URL, entry: URL) {
        let packs = try PageCacheTests.packs(in: root)
        let cache = root.appendingPathComponent("cache"), first = root.appendingPathComponent("first")
        _ = try PageCacheTests.run(packs, out: first, cache: cache)
        let entry = try #require(FileTree.files(cache).first { $0.hasSuffix(".page") })
        return (packs, first, cache, cache.appendingPathComponent(entry))
    }

    @Test(arguments: ["script bytes as a sheet", "an extra sheet for another width", "a cell index far out of range", "a pixel outside the sprites"])
    func aRewrittenEntryIsNotUsed(forgery: String) throws {
        let root = Fixtures.temporaryDirectory("rewrittenEntry-\(forgery.prefix(12))")
        let (packs, first, _, url) = try Self.coldRun(root)
        var entry = try RawEntry(url)
        switch forgery {
        case "script bytes as a sheet":
            entry.blobs[0] = Data("<script>alert(1)</script>".utf8)
        case "an extra sheet for another width":
            var extra = entry.sheets[0]
            extra["width"] = 999
            extra["path"] = "sheets/{tab}/999/page-{page}@2x.png"
            entry.sheets.append(extra)
            entry.blobs.append(entry.blobs[0])
        case "a cell index far out of range":
            var sprites = entry.sheets[0]["sprites"] as! [[Int]]
            sprites[0][0] = 1 << 40
            entry.sheets[0]["sprites"] = sprites
        default:
            var image = try PNGDecoder().decode(entry.blobs[0], path: "sheet").image
            image.pixels[0] = 255
            image.pixels[3] = 255
            entry.blobs[0] = Data(try PNGEncoder().encode(image, path: "sheet"))
        }
        try entry.write(to: url)
        let second = root.appendingPathComponent("second")
        #expect(try PageCacheTests.run(packs, out: second, cache: root.appendingPathComponent("cache")) == PageCacheTests.counts(rendered: 1, reused: 2, repaired: 1))
        #expect(FileTree.differences(first, second) == [])
        // Replaced by the page as rendered: the next run reuses it.
        #expect(try PageCacheTests.run(packs, out: root.appendingPathComponent("third"), cache: root.appendingPathComponent("cache")) == PageCacheTests.counts(rendered: 0, reused: 3))
    }

    /// An entry's file larger than any entry of these sheets is not read (its size is checked
    /// before reading), and a file that is not regular is never opened for reading.
    @Test func anOversizedEntryIsNotRead() throws {
        let root = Fixtures.temporaryDirectory()
        let (packs, first, cache, url) = try Self.coldRun(root)
        // 1 GiB, sparse: nothing is stored, but reading it whole would hold 1 GiB.
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let expectation = CacheEntry.Expectation(grid: GeneratorOptions(inputs: [], output: root).grid, widths: [375], scales: [2])
        #expect(throws: UntrustedFolder.Problem.tooLarge(bytes: 1 << 30, limit: expectation.maxBytes)) {
            _ = try UntrustedFolder.readAll(String(url.path.dropFirst(cache.path.count + 1)), in: cache, maxBytes: expectation.maxBytes)
        }
        let second = root.appendingPathComponent("second")
        #expect(try PageCacheTests.run(packs, out: second, cache: cache) == PageCacheTests.counts(rendered: 1, reused: 2, repaired: 1))
        #expect(FileTree.differences(first, second) == [])
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0 < 1 << 20)
    }

    /// A cache subfolder that is a symbolic link is neither read through nor written into: the
    /// folder it points to stays as it was (before, the next run wrote its entries there).
    @Test func aLinkedCacheFolderIsNotFollowed() throws {
        let root = Fixtures.temporaryDirectory()
        let (packs, first, cache, _) = try Self.coldRun(root)
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let pages = cache.appendingPathComponent("pages-v1")
        for name in try FileManager.default.contentsOfDirectory(atPath: pages.path) {
            try FileManager.default.removeItem(at: pages.appendingPathComponent(name))
            try FileManager.default.createDirectory(at: elsewhere.appendingPathComponent(name), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: pages.appendingPathComponent(name), withDestinationURL: elsewhere.appendingPathComponent(name))
        }
        let second = root.appendingPathComponent("second")
        let counts = try PageCacheTests.run(packs, out: second, cache: cache)
        #expect(counts.rendered == 3 && counts.reused == 0)
        #expect(FileTree.differences(first, second) == [])
        #expect(FileTree.files(elsewhere) == [])
    }
}
