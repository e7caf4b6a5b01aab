import Foundation
import PipelineTestSupport
import TestSupport
import Testing

@testable import Pipeline

/// `--cache`: pages are reused byte for byte when nothing they depend on changed, re-rendered
/// exactly when something did, and a damaged entry is noticed and replaced.
struct PageCacheTests {
    /// faces (44 entries: 2 pages) and animals (14: 1 page), copied so a test may change them.
    static func packs(in root: URL) throws -> URL {
        let packs = root.appendingPathComponent("packs")
        for name in ["faces", "com.emokit.animals"] {
            try FileTree.copy(Fixtures.samplePacks.appendingPathComponent(name), to: packs.appendingPathComponent(name), reverse: false, mtime: Date())
        }
        return packs
    }

    static func run(_ packs: URL, out: URL, cache: URL?, configure: (inout GeneratorOptions) -> Void = { _ in }) throws -> PageCounts {
        var options = PipelineRun.options([packs], out: out)
        options.publishing.cache = cache
        configure(&options)
        return try Generator(options: options).run().pages
    }

    static func counts(rendered: Int, reused: Int, repaired: Int = 0) -> PageCounts {
        var counts = PageCounts()
        counts.rendered = rendered
        counts.reused = reused
        counts.repaired = repaired
        return counts
    }

    /// The image files (all variants) of the faces entry at `index` in its info.plist.
    static func imageFiles(ofFacesEntry index: Int, in packs: URL) throws -> [URL] {
        let folder = packs.appendingPathComponent("faces")
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: folder.appendingPathComponent("info.plist")), format: nil)
        let entries = try #require(plist as? [[String: Any]])
        let png = try #require(entries[index]["png"] as? String)
        let stem = String(png.dropLast(4))
        return ["", "@2x", "@3x"].map { folder.appendingPathComponent("\(stem)\($0).png") }.filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    @Test func oneChangedImageReRendersOnlyItsPages() throws {
        let root = Fixtures.temporaryDirectory()
        let packs = try Self.packs(in: root)
        let cache = root.appendingPathComponent("cache")
        #expect(try Self.run(packs, out: root.appendingPathComponent("cold"), cache: cache) == Self.counts(rendered: 3, reused: 0))
        #expect(try Self.run(packs, out: root.appendingPathComponent("warm"), cache: cache) == Self.counts(rendered: 0, reused: 3))
        #expect(FileTree.differences(root.appendingPathComponent("cold"), root.appendingPathComponent("warm")) == [])

        // Entry 40 of faces is on its second page (31 emoticons a page): give it the bear's pixels.
        let bear = Fixtures.samplePacks.appendingPathComponent("com.emokit.animals/a_bear")
        for file in try Self.imageFiles(ofFacesEntry: 40, in: packs) {
            let suffix = file.lastPathComponent.contains("@3x") ? "@3x" : file.lastPathComponent.contains("@2x") ? "@2x" : ""
            try Data(contentsOf: URL(fileURLWithPath: bear.path + suffix + ".png")).write(to: file)
        }
        let changed = root.appendingPathComponent("changed")
        #expect(try Self.run(packs, out: changed, cache: cache) == Self.counts(rendered: 1, reused: 2))
        // Exactly that page's sheet changed, and the result is what an uncached run gives.
        #expect(FileTree.differences(root.appendingPathComponent("cold"), changed).filter { $0.hasPrefix("sheets/") } == ["sheets/faces/page-001@2x.png"])
        let uncached = root.appendingPathComponent("uncached")
        #expect(try Self.run(packs, out: uncached, cache: nil) == Self.counts(rendered: 3, reused: 0))
        #expect(FileTree.differences(changed, uncached) == [])
    }

    @Test func changedFlagsOrVersionInvalidateButColoursDoNot() throws {
        let root = Fixtures.temporaryDirectory()
        let packs = try Self.packs(in: root)
        let cache = root.appendingPathComponent("cache")
        let out = root.appendingPathComponent("out")
        #expect(try Self.run(packs, out: out, cache: cache) == Self.counts(rendered: 3, reused: 0))
        #expect(try Self.run(packs, out: out, cache: cache) { $0.encoder.compressionLevel = 9 } == Self.counts(rendered: 3, reused: 0))
        #expect(try Self.run(packs, out: out, cache: cache) { $0.grid.iconSize = 30 } == Self.counts(rendered: 3, reused: 0))
        #expect(try Self.run(packs, out: out, cache: cache) { $0.publishing.cacheVersion = "99.0.0" } == Self.counts(rendered: 3, reused: 0))
        // Sheets are transparent: the keyboard colours and tab titles do not touch them.
        #expect(
            try Self.run(packs, out: out, cache: cache) {
                $0.colors.background = "#000000"; $0.locale = .en
            } == Self.counts(rendered: 0, reused: 3))
        #expect(try Self.run(packs, out: out, cache: cache) { $0.encoder.compressionLevel = 9 } == Self.counts(rendered: 0, reused: 3))
        // Outputs written from the finished sheets, and waiting for the lock, leave the pages as they are.
        #expect(
            try Self.run(packs, out: out, cache: cache) {
                $0.encoder.compressionLevel = 9; $0.writeWeb = true; $0.assetCatalog = "Other"; $0.waitForLock = true
            } == Self.counts(rendered: 0, reused: 3))
    }

    /// Any-width sheets do not depend on the screen widths: adding or dropping a width reuses
    /// every page (and the output note's links); per-width sheets do, and the two kinds of sheet
    /// never share an entry.
    @Test func widthsChangeOnlyPerWidthPages() throws {
        let root = Fixtures.temporaryDirectory()
        let packs = try Self.packs(in: root)
        let cache = root.appendingPathComponent("cache")
        let out = root.appendingPathComponent("out")
        #expect(try Self.run(packs, out: out, cache: cache) == Self.counts(rendered: 3, reused: 0))
        #expect(try Self.run(packs, out: out, cache: cache) { $0.widths = [375, 414, 834] } == Self.counts(rendered: 0, reused: 3))
        let wide = root.appendingPathComponent("wide")
        #expect(try Self.run(packs, out: wide, cache: cache) { $0.widths = [1024] } == Self.counts(rendered: 0, reused: 3))
        #expect(FileTree.files(wide).filter { $0.hasPrefix("sheets/faces/") }.sorted() == ["sheets/faces/page-000@2x.png", "sheets/faces/page-001@2x.png"])
        let perWidth: (inout GeneratorOptions) -> Void = { $0.sheetLayout = .perWidth }
        #expect(try Self.run(packs, out: out, cache: cache, configure: perWidth) == Self.counts(rendered: 3, reused: 0))
        #expect(
            try Self.run(packs, out: out, cache: cache) {
                perWidth(&$0); $0.widths = [375, 414]
            } == Self.counts(rendered: 3, reused: 0))
        #expect(try Self.run(packs, out: out, cache: cache) == Self.counts(rendered: 0, reused: 3))
    }

    /// A page's key holds only what shapes its pixels: renaming a pack folder (its id kept by
    /// `tabIds`) or naming another tab differently reuses every page, the other tab's included.
    @Test func renamingAPackFolderReusesEveryPage() throws {
        let root = Fixtures.temporaryDirectory()
        let packs = try Self.packs(in: root)
        let cache = root.appendingPathComponent("cache")
        let before = root.appendingPathComponent("before")
        #expect(try Self.run(packs, out: before, cache: cache) { $0.tabIDs = ["faces": "faces"] } == Self.counts(rendered: 3, reused: 0))
        try FileManager.default.moveItem(at: packs.appendingPathComponent("faces"), to: packs.appendingPathComponent("smileys"))
        let after = root.appendingPathComponent("after")
        #expect(try Self.run(packs, out: after, cache: cache) { $0.tabIDs = ["smileys": "faces"] } == Self.counts(rendered: 0, reused: 3))
        let sheets = FileTree.files(before).filter { $0.hasPrefix("sheets/") && $0.contains("/page-") }
        #expect(sheets.count == 3)
        #expect(FileTree.differences(before, after).filter { $0.hasPrefix("sheets/") } == [])
        // Another tab's id is not part of this tab's pages, nor of its own (ids name folders only).
        let renamed = root.appendingPathComponent("renamed")
        #expect(try Self.run(packs, out: renamed, cache: cache) { $0.tabIDs = ["smileys": "faces", "com.emokit.animals": "animals"] } == Self.counts(rendered: 0, reused: 3))
    }

    @Test func damagedEntriesAreDetectedAndReplaced() throws {
        let root = Fixtures.temporaryDirectory()
        let packs = try Self.packs(in: root)
        let cache = root.appendingPathComponent("cache")
        let first = root.appendingPathComponent("first")
        _ = try Self.run(packs, out: first, cache: cache)
        let entries = FileTree.files(cache).filter { $0.hasSuffix(".page") }
        #expect(entries.count == 3)
        // One entry with a flipped byte in the middle, one cut short.
        let flipped = cache.appendingPathComponent(entries[0])
        var bytes = [UInt8](try Data(contentsOf: flipped))
        bytes[bytes.count / 2] ^= 0x40
        try Data(bytes).write(to: flipped)
        let truncated = cache.appendingPathComponent(entries[1])
        try Data(try Data(contentsOf: truncated).prefix(100)).write(to: truncated)

        let second = root.appendingPathComponent("second")
        #expect(try Self.run(packs, out: second, cache: cache) == Self.counts(rendered: 2, reused: 1, repaired: 2))
        #expect(FileTree.differences(first, second) == [])
        #expect(try Self.run(packs, out: root.appendingPathComponent("third"), cache: cache) == Self.counts(rendered: 0, reused: 3))
    }
}
