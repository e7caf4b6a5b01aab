import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// A large pack's entries are read in `--jobs` threads, and its file names split without
/// `NSString` where that is safe: neither may change what a pack reads as.
struct ConcurrentReadingTests {
    /// A pack of 600 entries with every kind of finding spread through it (files missing, a name
    /// with a path, repeated texts, unknown keys, an emoji), read leniently in one thread and in
    /// several: the same packs, warnings and notes, in the same order.
    @Test func threadsReadAPackAsOneThreadDoes() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("big")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let png = try Data(contentsOf: Fixtures.samplePacks.appendingPathComponent("com.emokit.animals/a_cat.png"))
        var entries: [[String: Any]] = []
        for i in 0..<600 {
            let name = "icon\(i).png"
            if i % 7 != 3 { try png.write(to: folder.appendingPathComponent(i % 11 == 0 ? "icon\(i)@2x.png" : name)) }
            var entry: [String: Any] = ["chs": "[e\(i % 97 == 5 ? 4 : i)]", "png": i % 50 == 9 ? "sub/\(name)" : name, "type": "0"]
            if i % 13 == 0 { entry["extra\(i % 3)"] = "x" }
            if i % 101 == 7 { entry = ["type": "1", "code": "0x1f60\(i % 10)", "chs": "[emoji\(i)]"] }
            entries.append(entry)
        }
        let plist = try PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0)
        try plist.write(to: folder.appendingPathComponent("info.plist"))
        func read(_ threads: Int) throws -> PackReader.Result {
            var reader = PackReader(lenient: true)
            reader.concurrency = threads
            return try reader.read([folder])
        }
        let one = try read(1)
        #expect(one.packs[0].entries.count > 400 && one.warnings.count > 50)
        for threads in [2, 3, 8] {
            let many = try read(threads)
            #expect(many.packs.map(\.entries) == one.packs.map(\.entries), "\(threads) threads")
            #expect(many.warnings.map(\.description) == one.warnings.map(\.description), "\(threads) threads")
            #expect(many.notes.map(\.description) == one.notes.map(\.description), "\(threads) threads")
        }
    }

    /// `FileNameParts` gives `NSString`'s base and extension for every name, simple or not.
    @Test func fileNamePartsAreNSStrings() {
        let names = [
            "a.png", "glyph0001.png", "x@2x.png", "a.b.png", "a..png", ".png", ".x.png", "a.", "a", "a b.png", "a.PNG", "a.p ng", "ä.png",
            "a.png ", "-.gif", "a.tar.gz", "a..", "..png", "~a.png", "a.1", "@2x.png", "a.b c", "a.jpeg", "表情.png", "x/y.png", "x.png/",
            "😀.gif", "a.🙂", "",
        ]
        for name in names {
            let parts = FileNameParts.split(name)
            #expect(parts.base == (name as NSString).deletingPathExtension, "\(name)")
            #expect(parts.ext == (name as NSString).pathExtension, "\(name)")
        }
    }
}
