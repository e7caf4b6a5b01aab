import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// Misskey emoji exports: `meta.json`'s `emojis`, a tab per category, aliases as keywords.
struct MisskeyExportLayoutTests {
    @Test func readsEachCategoryAsATabAndTheUncategorisedLast() throws {
        let result = try LayoutFixtures.read("Misskey/export")
        #expect(result.packs.map(\.id) == ["export-Animals", "export-Blobs", "export"])
        #expect(result.packs.map { $0.title(locale: .cn) } == ["Animals", "Blobs", "export"])
        #expect(result.packs.map { $0.entries.map(\.text) } == [[":awoo:"], [":blob_wave:", ":blobcat:"], [":misskey:"]])
        #expect(result.packs.map { $0.entries.map(\.imageFiles) } == [[["awoo.png"]], [["blob_wave.gif"], ["blobcat.png"]], [["misskey.png"]]])
        // Aliases are search keywords (an empty one is none).
        #expect(result.packs.map { $0.entries.map(\.keywords) } == [[["wolf"]], [["wave", "hello"], ["cat", "blob"]], [[]]])
        #expect(result.packs[1].entries[0].isGIF)
        #expect(result.packs.map(\.displayOnly) == [false, false, false])
        #expect(
            result.notes.map(\.description) == [
                "export/meta.json: read as a Misskey emoji export: 4 emoticons in name order; a tab for each of 2 categories and one of emoji without a category"
            ])
        #expect(result.warnings.isEmpty)
    }

    @Test func theConfigFileNamesACategorysTabByFolderAndCategory() throws {
        let choices = PackChoices(tabIDs: ["export-Blobs": "blobs"], tabTitles: ["export-Blobs": [.cn: "团子"], "export": [.en: "Misc"]])
        let result = try LayoutFixtures.read("Misskey/export", choices: choices)
        #expect(result.packs.map(\.id) == ["export-Animals", "blobs", "export"])
        #expect(result.packs.map { $0.title(locale: .cn) } == ["Animals", "团子", "Misc"])
        #expect(result.packs.map { $0.title(locale: .en) } == ["Animals", "Blobs", "Misc"])
    }

    @Test func anExportWithoutCategoriesIsOneTab() throws {
        let folder = try LayoutFixtures.copy("Misskey/export")
        let meta = folder.appendingPathComponent("meta.json")
        let text = try String(contentsOf: meta, encoding: .utf8).replacingOccurrences(of: #""category":"Blobs""#, with: #""category":"""#)
            .replacingOccurrences(of: #""category":"Animals""#, with: #""category":null"#)
        try Data(text.utf8).write(to: meta)
        let result = try LayoutFixtures.read(folder.path)
        #expect(result.packs.map(\.id) == ["export"])
        #expect(result.packs.first?.entries.map(\.text) == [":awoo:", ":blob_wave:", ":blobcat:", ":misskey:"])
        #expect(result.notes.map(\.description) == ["export/meta.json: read as a Misskey emoji export: 4 emoticons in name order"])
    }

    @Test func recordsMisskeyCannotImportAreNamed() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Fixtures.copy(LayoutFixtures.url("Misskey/export/blobcat.png"), to: folder.appendingPathComponent("blobcat.png"))
        let meta = folder.appendingPathComponent("meta.json")
        try Data(
            #"""
            {"emojis": [
              {"downloaded": true, "fileName": "blobcat.png", "emoji": {"name": "blobcat", "category": "Blobs", "aliases": []}},
              {"downloaded": false, "fileName": "lost.png", "emoji": {"name": "lost", "category": "Blobs", "aliases": []}},
              {"downloaded": true, "fileName": "gone.png", "emoji": {"name": "gone", "category": "Blobs"}},
              {"downloaded": true, "fileName": "x.png", "emoji": {"name": "a:b"}},
              {"downloaded": true, "fileName": "../up.png", "emoji": {"name": "up"}},
              {"downloaded": true, "fileName": "blobcat.png"},
              7
            ]}
            """#.utf8
        ).write(to: meta)
        let errors = LayoutFixtures.errors(folder.path)
        // Categories first (Blobs), then the rest, each in name order: records are entries in that order.
        #expect(
            errors == [
                "export/meta.json: entry 1 (\":gone:\"): fileName: file not found: export/gone.png (nor an @2x or @3x variant)",
                "export/meta.json: entry 3: emoji: missing",
                "export/meta.json: entry 4: emojis[6]: expected a dictionary, found number",
                "export/meta.json: entry 5 (\":a:b:\"): emoji.name: \"a:b\" is no shortcode: \":\" cannot be in one (letters, digits, _, - and +)",
                "export/meta.json: entry 6 (\":up:\"): fileName: unsafe path \"../up.png\": only a plain file name in the pack folder is allowed, not a path",
            ])
        // --lenient: the rest is read; the record Misskey skips is a warning either way.
        let lenient = try LayoutFixtures.read(folder.path, lenient: true)
        #expect(lenient.packs.map { $0.entries.map(\.text) } == [[":blobcat:"]])
        let skipped = "export/meta.json: entry 2 (\":lost:\"): skipped: \"downloaded\" is not true (the export has no image of it); Misskey's import skips it too"
        #expect(lenient.warnings.map(\.description).contains(skipped))
        // A category is a tab's title: over the title cap, its emoji are refused naming it.
        let category = String(repeating: "c", count: 201)
        try Data(#"{"emojis": [{"downloaded": true, "fileName": "blobcat.png", "emoji": {"name": "blobcat", "category": "\#(category)"}}]}"#.utf8).write(to: meta)
        let long = LayoutFixtures.errors(folder.path)
        #expect(long == ["export/meta.json: entry 0 (\":blobcat:\"): emoji.category: the category is 201 characters long; the limit is 200"], "\(long)")
        try Data("{\"emoji\": []}".utf8).write(to: meta)
        #expect(LayoutFixtures.errors(folder.path) == ["export/meta.json: emojis: missing: a Misskey export's meta.json lists its emoji under \"emojis\""])
    }
}
