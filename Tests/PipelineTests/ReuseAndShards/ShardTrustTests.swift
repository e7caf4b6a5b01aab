import Checksum
import Foundation
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// A shard folder is untrusted input (a CI artifact): merge uses nothing of its record that emokit
/// would not have written, takes only the files the record implies, never writes outside its
/// output, and never replaces a shard. Each case rewrites a real shard as a hostile user would,
/// with a `SHA256SUMS` that matches the rewritten files.
struct ShardTrustTests {
    static let packs = [Fixtures.samplePacks.appendingPathComponent("faces"), Fixtures.samplePacks.appendingPathComponent("com.emokit.animals")]

    /// Two shards of the two sample packs in `root` (`s-1`, `s-2`; the first tab goes to shard 1).
    static func shards(in root: URL, assetCatalog: String? = nil, widths: [Int] = [375]) throws -> [URL] {
        try (1...2).map { index in
            let folder = root.appendingPathComponent("s-\(index)")
            var options = PipelineRun.options(packs, out: folder, widths: widths)
            options.publishing.shard = ShardSpec(index: index, count: 2)
            options.assetCatalog = assetCatalog
            _ = try Generator(options: options).run()
            return folder
        }
    }

    /// Rewrites the shard's record (as JSON) and its SHA256SUMS to match every file in it.
    static func editRecord(_ folder: URL, _ edit: (inout [String: Any]) -> Void) throws {
        let url = folder.appendingPathComponent("emokit-shard.json")
        var record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        edit(&record)
        try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]).write(to: url)
        try reseal(folder)
    }

    /// SHA256SUMS listing every regular file of the folder, as a forger would make it.
    static func reseal(_ folder: URL) throws {
        var text = ""
        for path in FileTree.files(folder) where path != "SHA256SUMS" {
            text += SHA256.hexDigest([UInt8](try Data(contentsOf: folder.appendingPathComponent(path)))) + "  " + path + "\n"
        }
        try Data(text.utf8).write(to: folder.appendingPathComponent("SHA256SUMS"))
    }

    /// The first page of the first tab, in every manifest of a record (as JSON).
    static func editFirstPage(_ record: inout [String: Any], _ edit: (inout [String: Any]) -> Void) {
        var manifests = record["manifests"] as! [[String: Any]]
        for m in manifests.indices {
            var tabs = manifests[m]["tabs"] as! [[String: Any]]
            var pages = tabs[0]["pages"] as! [[String: Any]]
            edit(&pages[0])
            tabs[0]["pages"] = pages
            manifests[m]["tabs"] = tabs
        }
        record["manifests"] = manifests
    }

    static func refusal(_ out: URL, _ shards: [URL]) -> String {
        do {
            _ = try ShardMerge(output: out, shards: shards).run()
            return "merged"
        } catch {
            return error.diagnostics.map(Printed.text).joined(separator: "\n")
        }
    }

    /// Names beside `out` that a merge could have written (anything but the shards and the output).
    static func strays(_ root: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix("s-") && $0 != "site" && $0 != "secret.png" }.sorted()
    }

    /// Paths in a record are checked, never used as they come: an asset catalog name, a sheet
    /// path or a tab id that leaves the output is refused before anything is written, and no file
    /// of the machine is copied into the site.
    @Test func pathsInTheRecordAreCheckedNotTrusted() throws {
        let root = Fixtures.temporaryDirectory()
        let folders = try Self.shards(in: root, assetCatalog: "Emoticons")
        let out = root.appendingPathComponent("site")
        try Data("secret".utf8).write(to: root.appendingPathComponent("secret.png"))
        let cases: [(String, (inout [String: Any]) -> Void)] = [
            (
                "xcassets '../escaped' is not one emokit writes",
                { record in
                    var site = record["site"] as! [String: Any]
                    site["outputs"] = ["xcassets": "../escaped"]
                    record["site"] = site
                }
            ),
            (
                "tab faces: sheet path '../../secret.png' is not one emokit writes",
                { record in
                    Self.editFirstPage(&record) { page in page["sheets"] = ["2": "../../secret.png"] }
                }
            ),
            (
                "tab faces: an asset catalog name that is not one emokit writes",
                { record in
                    Self.editFirstPage(&record) { page in page["imageSet"] = "../../../escaped" }
                }
            ),
            (
                // A per-width sheet's path where the manifest says any-width.
                "tab faces: sheet path 'sheets/faces/375/page-000@2x.png' is not one emokit writes",
                { record in
                    Self.editFirstPage(&record) { page in page["sheets"] = ["2": "sheets/faces/375/page-000@2x.png"] }
                }
            ),
            (
                "tab faces: an asset catalog name that is not one emokit writes",
                { record in
                    Self.editFirstPage(&record) { page in page["imageSet"] = "faces/375-page-000" }
                }
            ),
            (
                "tab id '../x' is not one emokit writes",
                { record in
                    var tabs = record["tabs"] as! [[String: Any]]
                    tabs[0]["id"] = "../x"
                    record["tabs"] = tabs
                }
            ),
        ]
        for (expected, edit) in cases {
            let forged = root.appendingPathComponent("s-forged")
            try? FileManager.default.removeItem(at: forged)
            try FileManager.default.copyItem(at: folders[0], to: forged)
            try Self.editRecord(forged, edit)
            let message = Self.refusal(out, [forged, folders[1]])
            #expect(message.hasPrefix("\(forged.path)/emokit-shard.json: ") && message.hasSuffix(expected), "\(message)")
            #expect(try Self.strays(root) == [], "nothing written beside the output")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    /// Any-width sheets are named alike in every manifest: a record whose manifests disagree on
    /// the sheet layout, or that calls any-width sheets per-width, is refused by name.
    @Test func theSheetLayoutIsCheckedToo() throws {
        let root = Fixtures.temporaryDirectory()
        let folders = try Self.shards(in: root, widths: [375, 414])
        let out = root.appendingPathComponent("site")
        let cases: [(String, (inout [String: Any]) -> Void)] = [
            (
                "its manifests mix any-width and per-width sheets",
                { record in
                    var manifests = record["manifests"] as! [[String: Any]]
                    manifests[1]["sheetLayout"] = nil
                    record["manifests"] = manifests
                }
            ),
            (
                "tab faces: sheet path 'sheets/faces/page-000@2x.png' is not one emokit writes",
                { record in
                    var manifests = record["manifests"] as! [[String: Any]]
                    for index in manifests.indices { manifests[index]["sheetLayout"] = nil }
                    record["manifests"] = manifests
                }
            ),
        ]
        for (expected, edit) in cases {
            let forged = root.appendingPathComponent("s-forged")
            try? FileManager.default.removeItem(at: forged)
            try FileManager.default.copyItem(at: folders[0], to: forged)
            try Self.editRecord(forged, edit)
            let message = Self.refusal(out, [forged, folders[1]])
            #expect(message.hasPrefix("\(forged.path)/emokit-shard.json: ") && message.hasSuffix(expected), "\(message)")
        }
        // Unedited, the two widths' shards merge.
        #expect(Self.refusal(out, folders) == "merged")
    }

    /// Counts out of range (a shard 0 of 0, a negative page count, no manifests) are refused by
    /// name; before, `1...0` stopped the process (SIGILL).
    @Test func countsOutOfRangeAreRefused() throws {
        let root = Fixtures.temporaryDirectory()
        let folders = try Self.shards(in: root)
        let out = root.appendingPathComponent("site")
        let cases: [(String, (inout [String: Any]) -> Void)] = [
            ("shard 0/0 is out of range (1 to 1000 shards)", { $0["shard"] = ["index": 0, "count": 0] }),
            ("shard 3/2 is out of range (1 to 1000 shards)", { $0["shard"] = ["index": 3, "count": 2] }),
            ("0 manifests; 1 to 64", { record in record["manifests"] = [] as [Any] }),
            (
                "tab faces: -1 pages is out of range",
                { record in
                    var tabs = record["tabs"] as! [[String: Any]]
                    tabs[0]["pages"] = -1
                    record["tabs"] = tabs
                }
            ),
            (
                "its tab assignment is not the one emokit makes for these page counts",
                { record in
                    var tabs = record["tabs"] as! [[String: Any]]
                    tabs[0]["shard"] = 2
                    record["tabs"] = tabs
                }
            ),
        ]
        for (expected, edit) in cases {
            let forged = root.appendingPathComponent("s-forged")
            try? FileManager.default.removeItem(at: forged)
            try FileManager.default.copyItem(at: folders[0], to: forged)
            try Self.editRecord(forged, edit)
            let message = Self.refusal(out, [forged, folders[1]])
            #expect(message.hasPrefix("\(forged.path)/emokit-shard.json: ") && message.hasSuffix(expected), "\(message)")
        }
    }

    /// Only the files a record implies are merged: a script or another manifest listed in the
    /// shard's SHA256SUMS is refused by name, and a file not listed is never read.
    @Test func onlyTheFilesTheRecordImpliesAreMerged() throws {
        let root = Fixtures.temporaryDirectory()
        let folders = try Self.shards(in: root)
        let out = root.appendingPathComponent("site")
        for extra in ["evil.html", "manifests/999.json"] {
            let forged = root.appendingPathComponent("s-forged")
            try? FileManager.default.removeItem(at: forged)
            try FileManager.default.copyItem(at: folders[0], to: forged)
            let url = forged.appendingPathComponent(extra)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("<script>alert(1)</script>".utf8).write(to: url)
            try Self.reseal(forged)
            #expect(
                Self.refusal(out, [forged, folders[1]])
                    == "\(forged.path)/\(extra): listed in SHA256SUMS, but not a file emokit writes for this shard's record; merge takes only those")
        }
        // Not listed: not part of the shard, not read, not published.
        let extra = root.appendingPathComponent("s-1/stray.html")
        try Data("<script>".utf8).write(to: extra)
        _ = try ShardMerge(output: out, shards: folders).run()
        #expect(!FileTree.files(out).contains("stray.html"))
    }

    /// `merge s-1 s-1 s-2` used to turn s-1 into the site: the output may be none of the shards
    /// and lie inside none.
    @Test func theOutputIsNeverAShard() throws {
        let root = Fixtures.temporaryDirectory()
        let folders = try Self.shards(in: root)
        let before = FileTree.tree(folders[0])
        for out in [folders[0], folders[0].appendingPathComponent("site")] {
            #expect(
                Self.refusal(out, folders)
                    == "\(out.path): is the shard \(folders[0].path) or inside it; write the merged site to a folder outside every shard")
        }
        #expect(FileTree.tree(folders[0]) == before)
    }

    /// A symbolic link inside a shard is the shard's fault (exit 1, named as a link), even when no
    /// archive is asked for; before, it was "cannot archive it" with exit 3.
    @Test func aSymbolicLinkInAShardIsRefusedAsALink() throws {
        let root = Fixtures.temporaryDirectory()
        let folders = try Self.shards(in: root)
        let sheet = try #require(FileTree.files(folders[0]).first { $0.hasPrefix("sheets/faces/") })
        let moved = root.appendingPathComponent("elsewhere.png")
        try FileManager.default.moveItem(at: folders[0].appendingPathComponent(sheet), to: moved)
        try FileManager.default.createSymbolicLink(at: folders[0].appendingPathComponent(sheet), withDestinationURL: moved)
        let out = root.appendingPathComponent("site")
        let result = try EmokitBinary.run(["merge", out.path, folders[0].path, folders[1].path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\(folders[0].path)/\(sheet): is a symbolic link"), "\(result.stderr)")
        // A linked folder on the way is refused the same way.
        let sheets = folders[1].appendingPathComponent("sheets")
        try FileManager.default.moveItem(at: sheets, to: root.appendingPathComponent("sheets-elsewhere"))
        try FileManager.default.createSymbolicLink(at: sheets, withDestinationURL: root.appendingPathComponent("sheets-elsewhere"))
        try FileManager.default.removeItem(at: folders[0].appendingPathComponent(sheet))
        try FileManager.default.moveItem(at: moved, to: folders[0].appendingPathComponent(sheet))
        let second = try EmokitBinary.run(["merge", out.path, folders[0].path, folders[1].path])
        #expect(second.status == 1 && second.stderr.contains("is a symbolic link (or lies behind one)"), "\(second.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// A shard's record depends on the settings and packs, not on where they sit: two checkouts
    /// in different folders write byte-identical records and SHA256SUMS (before, every image's
    /// absolute path was in the fingerprint).
    @Test func twoCheckoutsWriteTheSameShard() throws {
        let root = Fixtures.temporaryDirectory()
        var records: [Data] = []
        var sums: [Data] = []
        for checkout in ["one", "two/deeper"] {
            let folder = root.appendingPathComponent(checkout)
            for pack in Self.packs { try Fixtures.copy(pack, to: folder.appendingPathComponent("Packs/\(pack.lastPathComponent)")) }
            let result = try Subprocess.run(
                try EmokitBinary.locate(), ["generate", "Packs", "--out", "shard", "--shard", "1/2", "--no-cache", "--quiet"], currentDirectory: folder)
            #expect(result.status == 0, "\(result.stderr)")
            records.append(try Data(contentsOf: folder.appendingPathComponent("shard/emokit-shard.json")))
            sums.append(try Data(contentsOf: folder.appendingPathComponent("shard/SHA256SUMS")))
        }
        #expect(records[0] == records[1])
        #expect(sums[0] == sums[1])
    }
}
