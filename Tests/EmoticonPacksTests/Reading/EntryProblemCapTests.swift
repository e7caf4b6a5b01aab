import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// A pack file's entry problems are kept up to a cap and counted past it: a 9.9 MB plist of empty
/// `<dict/>` entries (within the 10 MB limit) kept a message for each, 626 MiB and 34 s.
struct EntryProblemCapTests {
    static func pack(entries: Int, entry: String) throws -> URL {
        let pack = Fixtures.temporaryDirectory().appendingPathComponent("faces")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        let xml = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array>"# + String(repeating: entry, count: entries) + "</array></plist>"
        try Data(xml.utf8).write(to: pack.appendingPathComponent("info.plist"))
        return pack
    }

    @Test func errorsPastTheCapAreCountedInOneLine() throws {
        let pack = try Self.pack(entries: 5_000, entry: "<dict/>")
        let survey = PackReader().survey([pack])
        let cap = PackReader.maxEntryProblems
        #expect(survey.errors.count == cap + 1)
        #expect(survey.errors.first?.description.hasPrefix("faces/info.plist: entry 0") == true, "\(survey.errors.first!)")
        #expect(survey.errors[cap - 1].description.hasPrefix("faces/info.plist: entry \(cap - 1)"))
        #expect(survey.errors.last?.description == "faces/info.plist: and \(5_000 - cap) more entry errors in this file, not listed (the first \(cap) are)")
        #expect(survey.errors.last?.diagnostic.severity == .error)
        // Lenient, the same entries are warnings, capped the same way; with not one emoticon
        // left, the pack is still an error (never an empty tab), saying what the file held.
        let lenient = PackReader(lenient: true).survey([pack])
        #expect(lenient.warnings.count == cap + 1)
        #expect(
            lenient.errors.map(\.description) == [
                "faces/info.plist: no emoticons to show: the file holds an array of 5000 items, the first an empty dictionary; none of its 5000 items is "
                    + "an emoticon of the layout it was read as, Weibo array (the warnings above say why); an empty tab is not written"
            ])
        #expect(lenient.warnings.last?.description == "faces/info.plist: and \(5_000 - cap) more entry warnings in this file, not listed (the first \(cap) are)")
    }

    @Test func warningsPastTheCapAreCountedAndStrictKeepsTheCount() throws {
        var entries = ""
        for index in 0..<3_000 {
            entries += "<dict><key>chs</key><string>[e\(index)]</string><key>png</key><string>a.png</string><key>type</key><string>0</string><key>chx</key><string>x</string></dict>"
        }
        let pack = try Self.pack(entries: 1, entry: entries)
        try FileManager.default.copyItem(at: WeiboPackFixtures.sampleImage, to: pack.appendingPathComponent("a.png"))
        let survey = PackReader().survey([pack])
        #expect(survey.errors.isEmpty, "\(survey.errors.prefix(3))")
        #expect(survey.packs.first?.entries.count == 3_000)
        #expect(survey.warnings.count == PackReader.maxEntryProblems + 1)
        #expect(survey.warnings.last?.description.hasPrefix("faces/info.plist: and 2900 more entry warnings") == true, "\(survey.warnings.last!)")
        // Strict: the warnings are errors, the count last.
        let strict = PackReader(strict: true).survey([pack])
        #expect(strict.errors.count == PackReader.maxEntryProblems + 1 && strict.errors.last?.description.hasPrefix("faces/info.plist: and 2900 more") == true)
    }
}
