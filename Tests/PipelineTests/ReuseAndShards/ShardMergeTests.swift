import Foundation
import KeyboardLayout
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// `generate --shard K/N` + `merge` give the single run's site byte for byte (with any-width
/// sheets, the default, and with per-width sheets), and refuse a missing, repeated, foreign or
/// damaged shard by name.
struct ShardMergeTests {
    /// A packs root of 12 packs made from the samples: 5 image packs of 2 pages, 5 of 1 page and
    /// 2 emoji packs of 4 pages (23 pages), named so that sorting mixes them.
    static let packsRoot: URL = {
        let root = Fixtures.temporaryDirectory("shardPacks").appendingPathComponent("Packs")
        let sources = [
            "faces", "com.emokit.animals", "faces", "com.emokit.animals", "emoji", "faces",
            "com.emokit.animals", "faces", "com.emokit.animals", "emoji", "faces", "com.emokit.animals",
        ]
        for (index, source) in sources.enumerated() {
            let name = String(format: "pack-%02d-%@", (index * 7) % 12, source == "emoji" ? "emoji" : "images")
            try! FileTree.copy(
                Fixtures.samplePacks.appendingPathComponent(source), to: root.appendingPathComponent(name),
                reverse: false, mtime: Date(timeIntervalSince1970: 1_600_000_000))
        }
        return root
    }()

    static func options(out: URL, shard: ShardSpec? = nil, inputs: [URL] = [packsRoot], sheets: SheetLayout = .anyWidth) -> GeneratorOptions {
        var options = PipelineRun.options(inputs, out: out, widths: [375, 414])
        options.publishing.shard = shard
        options.sheetLayout = sheets
        return options
    }

    /// Runs every shard of `count` over `inputs` into `root/<name>-1` ... `root/<name>-count`.
    static func shards(_ count: Int, in root: URL, named name: String = "shard", inputs: [URL] = [packsRoot], sheets: SheetLayout = .anyWidth) throws -> [URL] {
        try (1...count).map { index in
            let folder = root.appendingPathComponent("\(name)-\(index)")
            _ = try Generator(options: options(out: folder, shard: ShardSpec(index: index, count: count), inputs: inputs, sheets: sheets)).run()
            return folder
        }
    }

    /// The single runs everything is compared with, by sheet layout.
    static let singleAnyWidth = singleRun(.anyWidth)
    static let singlePerWidth = singleRun(.perWidth)

    static func singleRun(_ sheets: SheetLayout) -> URL {
        let out = Fixtures.temporaryDirectory("shardSingle-\(sheets.rawValue)").appendingPathComponent("single")
        _ = try! Generator(options: options(out: out, sheets: sheets)).run()
        return out
    }

    @Test(arguments: zip([1, 2, 3, 7, 2, 3], [SheetLayout.anyWidth, .anyWidth, .anyWidth, .anyWidth, .perWidth, .perWidth]))
    func shardsMergeToTheSingleRun(count: Int, sheets: SheetLayout) throws {
        let root = Fixtures.temporaryDirectory("shards\(count)-\(sheets.rawValue)")
        let folders = try Self.shards(count, in: root, sheets: sheets)
        // Merge in reverse order: the order of the folders does not matter.
        let merged = root.appendingPathComponent("site")
        let report = try ShardMerge(output: merged, shards: folders.reversed()).run()
        #expect(report.shards == count && report.tabs == 12)
        #expect(FileTree.differences(sheets == .anyWidth ? Self.singleAnyWidth : Self.singlePerWidth, merged) == [], "\(count) shards")
        // Any-width: one sheet per page for both widths; per-width: one per page and width.
        #expect(FileTree.files(merged).filter { $0.contains("/page-") }.count == (sheets == .anyWidth ? 23 : 46), "page sheets")
        // A shard holds only its own tabs' page sheets (strips drawn for every tab, such as tab
        // icons and emoji variants, are in every shard, identical, and merge once).
        let sheetFolders = folders.map { Set(FileTree.files($0).filter { $0.hasPrefix("sheets/") && $0.contains("/page-") }.map { $0.split(separator: "/")[1] }) }
        #expect(sheetFolders.reduce(0) { $0 + $1.count } == 12)
        #expect(Set(sheetFolders.flatMap { $0 }).count == 12)
    }

    /// More shards than tabs: the extra shards are empty and merge like any other. The Xcode asset
    /// catalog (written from the manifests and sheets) merges too, with either sheet layout.
    @Test(arguments: [SheetLayout.anyWidth, .perWidth])
    func emptyShardsMergeFine(sheets: SheetLayout) throws {
        let root = Fixtures.temporaryDirectory()
        let packs = [Fixtures.samplePacks.appendingPathComponent("faces"), Fixtures.samplePacks.appendingPathComponent("com.emokit.animals")]
        let single = root.appendingPathComponent("single")
        var whole = Self.options(out: single, inputs: packs, sheets: sheets)
        whole.assetCatalog = "Emoticons"
        _ = try Generator(options: whole).run()
        #expect(FileTree.files(single).contains { $0.hasPrefix("Emoticons.xcassets/") })
        var folders: [URL] = []
        for index in 1...4 {
            let folder = root.appendingPathComponent("s\(index)")
            var options = Self.options(out: folder, shard: ShardSpec(index: index, count: 4), inputs: packs, sheets: sheets)
            options.assetCatalog = "Emoticons"
            _ = try Generator(options: options).run()
            folders.append(folder)
        }
        // An empty shard: no tab of its own, only the (content-addressed, identical) tab icon strip.
        #expect(FileTree.files(folders[3]) == [".emokit-output", "SHA256SUMS", "emokit-shard.json", "sheets/tab-icons@2x.png"])
        let merged = root.appendingPathComponent("merged")
        _ = try ShardMerge(output: merged, shards: folders).run()
        #expect(FileTree.differences(single, merged) == [])
        let imageSets = FileTree.files(merged).filter { $0.hasPrefix("Emoticons.xcassets/faces/") && $0.hasSuffix(".imageset/Contents.json") }
        #expect(imageSets.count == (sheets == .anyWidth ? 2 : 4) + 1, "faces: 2 pages (at 2 widths with per-width sheets) and the tab icon")
    }

    /// `--size-budget` is the whole keyboard's: a budget every shard's share is within, but the
    /// merged sheets are over, is refused by `merge` before anything is written (the previous
    /// output stays); one they are within merges.
    @Test(arguments: [SheetLayout.anyWidth, .perWidth])
    func mergeChecksTheSizeBudgetOfTheWholeKeyboard(sheets: SheetLayout) throws {
        let root = Fixtures.temporaryDirectory()
        let packs = [Fixtures.samplePacks.appendingPathComponent("faces"), Fixtures.samplePacks.appendingPathComponent("com.emokit.animals")]
        let single = root.appendingPathComponent("single")
        let whole = try Generator(options: Self.options(out: single, inputs: packs, sheets: sheets)).run()
        let worst = try #require(whole.sizes.shipments.max { $0.bytes < $1.bytes })
        func shards(budget: Int, named name: String) throws -> [URL] {
            try (1...2).map { index in
                let folder = root.appendingPathComponent("\(name)-\(index)")
                var options = Self.options(out: folder, shard: ShardSpec(index: index, count: 2), inputs: packs, sheets: sheets)
                options.publishing.sizeBudget = budget
                _ = try Generator(options: options).run()
                return folder
            }
        }
        let merged = root.appendingPathComponent("merged")
        _ = try ShardMerge(output: merged, shards: try shards(budget: worst.bytes, named: "within")).run()
        #expect(FileTree.differences(single, merged).allSatisfy { $0.hasSuffix("emokit-shard.json") || $0 == "SHA256SUMS" })
        let before = FileTree.tree(merged)
        let over = try shards(budget: worst.bytes - 1, named: "over")
        do {
            _ = try ShardMerge(output: merged, shards: over).run()
            Issue.record("the merged keyboard is over its size budget")
        } catch {
            #expect(error.description.contains("over size-budget \(worst.bytes - 1) bytes"), "\(error.description)")
        }
        #expect(FileTree.tree(merged) == before, "the previous output changed")
    }

    /// A merge stopped midway (Ctrl-C, a kill) leaves its staging folder beside the output: the
    /// next merge removes it and says so, as `generate` does, and holds the output's lock meanwhile.
    @Test func aStoppedMergesLeftoversAreRemoved() throws {
        let root = Fixtures.temporaryDirectory()
        let packs = [Fixtures.samplePacks.appendingPathComponent("faces")]
        let folders = try Self.shards(2, in: root, named: "s", inputs: packs)
        let leftover = root.appendingPathComponent(".site.emokit-staging-999999")
        try FileManager.default.createDirectory(at: leftover.appendingPathComponent("sheets"), withIntermediateDirectories: true)
        let report = try ShardMerge(output: root.appendingPathComponent("site"), shards: folders).run()
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(report.notes.count == 1 && Printed.text(report.notes[0]).contains("removed what an interrupted run left"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".site.emokit-lock").path))
    }

    @Test func missingDuplicatedForeignAndDamagedShardsAreRefused() throws {
        let root = Fixtures.temporaryDirectory()
        let packs = [Fixtures.samplePacks.appendingPathComponent("faces"), Fixtures.samplePacks.appendingPathComponent("com.emokit.animals")]
        let folders = try Self.shards(3, in: root, inputs: packs)
        let out = root.appendingPathComponent("site")
        _ = try ShardMerge(output: out, shards: folders).run()
        let before = FileTree.tree(out)

        func refusal(_ shards: [URL]) -> String {
            do { _ = try ShardMerge(output: out, shards: shards).run(); return "merged" } catch { return error.diagnostics.map(Printed.text).joined(separator: "\n") }
        }
        #expect(refusal([folders[0], folders[2]]) == "shard 2/3 is missing (given: 1/3, 3/3)")
        #expect(refusal([folders[0], folders[1], folders[1], folders[2]]) == "shard 2/3 is given twice: \(folders[1].path) and \(folders[1].path)")
        #expect(refusal([folders[0], root]) == "\(root.path): not an emokit shard (no emokit-shard.json); pass the folders written by 'emokit generate --shard K/N'")

        // Other flags.
        let foreign = root.appendingPathComponent("foreign-2")
        var other = Self.options(out: foreign, shard: ShardSpec(index: 2, count: 3), inputs: packs)
        other.encoder.compressionLevel = 9
        _ = try Generator(options: other).run()
        #expect(refusal([folders[0], foreign, folders[2]]).hasPrefix("\(foreign.path): shard 2/3 comes from another run than \(folders[0].path)"))

        // Another emokit version.
        let old = root.appendingPathComponent("old-3")
        try FileManager.default.copyItem(at: folders[2], to: old)
        let record = old.appendingPathComponent("emokit-shard.json")
        let text = try String(contentsOf: record, encoding: .utf8).replacingOccurrences(of: "\"emokit\" : \"\(EmokitResources.version)\"", with: "\"emokit\" : \"0.0.1\"")
        try Data(text.utf8).write(to: record)
        #expect(refusal([folders[0], folders[1], old]).hasPrefix("\(old.path): shard 3/3 was made by emokit 0.0.1, this is emokit \(EmokitResources.version)"))

        // A damaged download.
        let damaged = root.appendingPathComponent("damaged-1")
        try FileManager.default.copyItem(at: folders[0], to: damaged)
        let sheet = try #require(FileTree.files(damaged).first { $0.hasPrefix("sheets/") })
        try Data("not a png".utf8).write(to: damaged.appendingPathComponent(sheet))
        #expect(refusal([damaged, folders[1], folders[2]]) == "\(damaged.path)/\(sheet): does not match its SHA256SUMS (damaged download?)")

        // Every refusal left the previous output as it was, and nothing beside it.
        #expect(FileTree.tree(out) == before)
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: root.path)).contains { $0.contains("staging") })
    }

    @Test func assignmentIsBalancedByPagesNotTabs() {
        // One big tab and four small ones: the big one alone in the first share.
        #expect(ShardSpec.assign(pageCounts: [4, 1, 1, 1, 1], shards: 2) == [1, 2, 2, 2, 2])
        #expect(ShardSpec.assign(pageCounts: [1, 1, 1], shards: 5) == [1, 2, 3])
        #expect(ShardSpec.assign(pageCounts: [], shards: 3) == [])
        let counts = [2, 1, 2, 1, 4, 2, 1, 2, 1, 4, 2, 1]
        for shards in [2, 3, 7] {
            let owners = ShardSpec.assign(pageCounts: counts, shards: shards)
            let loads = (1...shards).map { shard in counts.indices.filter { owners[$0] == shard }.reduce(0) { $0 + counts[$1] } }
            #expect(loads.max()! - loads.min()! <= counts.max()!, "\(loads)")
        }
        #expect(ShardSpec("2/7") == ShardSpec(index: 2, count: 7))
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "1/1001", "-1/2", "1/2/3"] { #expect(ShardSpec(bad) == nil, "\(bad)") }
    }
}
