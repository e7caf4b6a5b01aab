import Foundation
import PipelineTestSupport
import TestSupport
import Testing

@testable import Pipeline

/// A rebuild into the same output: the sheets the previous run left there, untouched since, are
/// linked into the new output (`OutputIndex`), never read or written again; anything touched, or
/// a note that does not match, falls back to the page cache's checked entries, and the output is
/// always what an uncached run writes.
struct RebuildTests {
    static func inode(_ url: URL) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? UInt64)
    }

    static let sheet = "sheets/faces/page-000@2x.png"

    /// An uncached run's output, to compare with.
    static func reference(_ packs: URL, root: URL) throws -> URL {
        let out = root.appendingPathComponent("reference")
        _ = try PageCacheTests.run(packs, out: out, cache: nil)
        return out
    }

    /// A first run with a cache, and the note it left: (root, packs, cache, out, note's URL, note).
    static func runWithNote(_ name: String = #function) throws -> (URL, URL, URL, URL, URL, String) {
        let root = Fixtures.temporaryDirectory(name)
        let packs = try PageCacheTests.packs(in: root)
        let cache = root.appendingPathComponent("cache"), out = root.appendingPathComponent("out")
        _ = try PageCacheTests.run(packs, out: out, cache: cache)
        let noteURL = cache.appendingPathComponent(OutputIndex.relativePath(destination: out))
        return (root, packs, cache, out, noteURL, try String(contentsOf: noteURL, encoding: .utf8))
    }

    @Test func untouchedSheetsAreLinkedNotWritten() throws {
        let root = Fixtures.temporaryDirectory()
        let packs = try PageCacheTests.packs(in: root)
        let cache = root.appendingPathComponent("cache"), out = root.appendingPathComponent("out")
        #expect(try PageCacheTests.run(packs, out: out, cache: cache) == PageCacheTests.counts(rendered: 3, reused: 0))
        let before = try Self.inode(out.appendingPathComponent(Self.sheet))
        #expect(try PageCacheTests.run(packs, out: out, cache: cache) == PageCacheTests.counts(rendered: 0, reused: 3))
        // The very file of the previous output, now the new output's (and nothing else's).
        #expect(try Self.inode(out.appendingPathComponent(Self.sheet)) == before)
        let links = try #require(FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(Self.sheet).path)[.referenceCount] as? Int)
        #expect(links == 1)
        #expect(FileTree.differences(out, try Self.reference(packs, root: root)) == [])
        // And again: the note written after the second run holds too.
        #expect(try PageCacheTests.run(packs, out: out, cache: cache) == PageCacheTests.counts(rendered: 0, reused: 3))
        #expect(try Self.inode(out.appendingPathComponent(Self.sheet)) == before)
    }

    /// A note made before the machine restarted is not used (a crash can keep a file's identity
    /// and lose its data, and emokit does not fsync): the sheets come from checked cache entries.
    @Test func aNoteFromAnotherBootIsNotUsed() throws {
        let bootID = try #require(OutputIndex.bootID, "this system has a boot id")
        #expect(OutputIndex.header.hasSuffix(" boot " + bootID))
        let (root, packs, cache, out, noteURL, note) = try Self.runWithNote()
        #expect(OutputIndex(text: note) != nil)
        let otherBoot = note.replacingOccurrences(of: " boot " + bootID, with: " boot 00000000-0000-0000-0000-000000000000")
        #expect(OutputIndex(text: otherBoot) == nil)
        #expect(OutputIndex.load(cache: cache, destination: out) != nil)
        try otherBoot.write(to: noteURL, atomically: false, encoding: .utf8)
        #expect(OutputIndex.load(cache: cache, destination: out) == nil)
        #expect(try PageCacheTests.run(packs, out: out, cache: cache) == PageCacheTests.counts(rendered: 0, reused: 3))
        #expect(FileTree.differences(out, try Self.reference(packs, root: root)) == [])
        // That run's own note is of this boot again.
        #expect(OutputIndex.load(cache: cache, destination: out) != nil)
    }

    /// A sheet changed in the output after the run (an optimiser, a stray edit) is not linked: the
    /// page comes from its checked cache entry, and the output is right again.
    @Test func aSheetChangedInTheOutputIsNotReused() throws {
        let root = Fixtures.temporaryDirectory()
        let packs = try PageCacheTests.packs(in: root)
        let cache = root.appendingPathComponent("cache"), out = root.appendingPathComponent("out")
        _ = try PageCacheTests.run(packs, out: out, cache: cache)
        let sheet = out.appendingPathComponent(Self.sheet)
        var bytes = try Data(contentsOf: sheet)
        bytes[bytes.count - 20] ^= 0xFF
        try bytes.write(to: sheet)  // same size, same inode: only the change time tells
        #expect(try PageCacheTests.run(packs, out: out, cache: cache) == PageCacheTests.counts(rendered: 0, reused: 3))
        #expect(FileTree.differences(out, try Self.reference(packs, root: root)) == [])
    }

    /// The note lives in the cache, which may come from elsewhere: a note from another machine
    /// (other inodes and times), one that another user could have written, or garbage, changes
    /// nothing in the output.
    @Test func aForeignOrUnsafeNoteChangesNothing() throws {
        let (root, packs, cache, out, noteURL, note) = try Self.runWithNote()
        let reference = try Self.reference(packs, root: root)

        // Another machine's note for the same paths: every page listed under every other page's
        // key, with identities that are not this machine's (the inode moved by one).
        var index = try #require(OutputIndex(text: note))
        let keys = index.pages.keys.sorted()
        index.pages = Dictionary(
            uniqueKeysWithValues: keys.enumerated().map { offset, key in
                var page = index.pages[keys[(offset + 1) % keys.count]]!
                for i in page.sheets.indices { page.sheets[i].file.inode += 1 }
                return (key, page)
            })
        for forged in [index.text, "emokit output index 1\npage \(String(repeating: "a", count: 64))\nsheet x\n", String(repeating: "\u{0}", count: 100)] {
            try forged.write(to: noteURL, atomically: true, encoding: .utf8)
            _ = try PageCacheTests.run(packs, out: out, cache: cache)
            #expect(FileTree.differences(out, reference) == [])
        }

        // The note of this very output with its pages shifted (identities right) is believed
        // only when no one but this user can have written it: the note, its folder and the
        // cache folder must not be writable by others.
        let safe = [(noteURL.path, 0o644), (noteURL.deletingLastPathComponent().path, 0o755), (cache.path, 0o755)]
        for unsafe in [nil, (noteURL.path, 0o666), (noteURL.deletingLastPathComponent().path, 0o777), (cache.path, 0o775)] {
            _ = try PageCacheTests.run(packs, out: out, cache: cache)
            var shifted = try #require(OutputIndex(text: try String(contentsOf: noteURL, encoding: .utf8)))
            let pages = shifted.pages, keys = pages.keys.sorted()
            shifted.pages = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, pages[keys[($0 + 1) % keys.count]]!) })
            try shifted.text.write(to: noteURL, atomically: false, encoding: .utf8)
            if let (path, mode) = unsafe { try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path) }
            _ = try PageCacheTests.run(packs, out: out, cache: cache)
            if let (path, mode) = unsafe {
                #expect(FileTree.differences(out, reference) == [], "\(path) mode \(String(mode, radix: 8))")
            } else {
                // This user's own note is trusted like the output folder: it did move the sheets.
                #expect(FileTree.differences(out, reference) != [])
            }
            for (path, mode) in safe { try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path) }
            try FileManager.default.removeItem(at: noteURL)
        }
    }

    /// Source images the previous run digested, unchanged since (the same identity), are not
    /// read again; an image rewritten in place is (its size and change time moved).
    @Test func sourcesAreDigestedAgainOnlyWhenTheyChanged() throws {
        let root = Fixtures.temporaryDirectory()
        let packs = try PageCacheTests.packs(in: root)
        let cache = root.appendingPathComponent("cache"), out = root.appendingPathComponent("out")
        // A file changed in the last two seconds is not noted (its change time could hide a
        // second change in the same clock tick): let the copies settle.
        Thread.sleep(forTimeInterval: 2.5)
        _ = try PageCacheTests.run(packs, out: out, cache: cache)
        let noteURL = cache.appendingPathComponent(OutputIndex.relativePath(destination: out))
        let note = try #require(OutputIndex(text: try String(contentsOf: noteURL, encoding: .utf8)))
        // The @2x file: the one a run at @2x draws.
        let file = try #require(try PageCacheTests.imageFiles(ofFacesEntry: 40, in: packs).first { $0.lastPathComponent.contains("@2x") })
        #expect(note.sources[file.path] != nil)
        #expect(try PageCacheTests.run(packs, out: out, cache: cache) == PageCacheTests.counts(rendered: 0, reused: 3))

        // Rewritten in place (the same inode) with another picture: digested again.
        let bear = try Data(contentsOf: Fixtures.samplePacks.appendingPathComponent("com.emokit.animals/a_bear@2x.png"))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bear)
        try handle.close()
        #expect(try PageCacheTests.run(packs, out: out, cache: cache) == PageCacheTests.counts(rendered: 1, reused: 2))
        let uncached = root.appendingPathComponent("uncached")
        _ = try PageCacheTests.run(packs, out: uncached, cache: nil)
        #expect(FileTree.differences(out, uncached) == [])
    }

    /// Numbers in a note that no page can have (an icon's cell far out of range) are refused
    /// before any geometry is computed from them: the run neither traps nor uses the note.
    @Test func outOfRangeNumbersInANoteAreRefused() throws {
        let root = Fixtures.temporaryDirectory()
        let packs = try PageCacheTests.packs(in: root)
        let cache = root.appendingPathComponent("cache"), out = root.appendingPathComponent("out")
        _ = try PageCacheTests.run(packs, out: out, cache: cache)
        let noteURL = cache.appendingPathComponent(OutputIndex.relativePath(destination: out))
        var index = try #require(OutputIndex(text: try String(contentsOf: noteURL, encoding: .utf8)))
        for key in index.pages.keys { index.pages[key]!.icons = index.pages[key]!.icons.map { [$0[0], 1 << 19, $0[2], $0[3]] } }
        try index.text.write(to: noteURL, atomically: false, encoding: .utf8)
        #expect(try PageCacheTests.run(packs, out: out, cache: cache) == PageCacheTests.counts(rendered: 0, reused: 3))
        #expect(FileTree.differences(out, try Self.reference(packs, root: root)) == [])
        let huge = try String(contentsOf: noteURL, encoding: .utf8).replacingOccurrences(of: "\nicon 2 0 ", with: "\nicon 2 9223372036854775807 ")
        try huge.write(to: noteURL, atomically: false, encoding: .utf8)
        #expect(OutputIndex(text: huge) == nil)
        _ = try PageCacheTests.run(packs, out: out, cache: cache)
        #expect(FileTree.differences(out, try Self.reference(packs, root: root)) == [])
    }

    /// The note parses back to what was written, and anything out of shape is refused whole.
    @Test func noteRoundTripsAndRefusesBadLines() throws {
        let file = OutputIndex.FileIdentity(device: 2049, inode: 77, size: 1234, modified: 1_700_000_000_123_456_789, changed: 1_700_000_001_000_000_000)
        let sheet = OutputIndex.Sheet(width: 375, scale: 2, bytes: 1234, sha256: String(repeating: "b", count: 64), file: file, path: "sheets/a b/375/page-000@2x.png")
        let index = OutputIndex(pages: [String(repeating: "c", count: 64): OutputIndex.Page(icons: [[2, 0, 64, 60]], sheets: [sheet])])
        let parsed = try #require(OutputIndex(text: index.text))
        #expect(parsed.text == index.text)
        #expect(parsed.pages.first?.value.sheets.first?.path == "sheets/a b/375/page-000@2x.png")
        for bad in ["", "emokit output index 2\n", OutputIndex.header + "\nicon 2 0 64 60\n", OutputIndex.header + "\npage short\n", index.text + "what\n"] {
            #expect(OutputIndex(text: bad) == nil, "\(bad)")
        }
    }
}
