import Archive
import Foundation
import TestSupport
import Testing

/// The deterministic tar.gz: outside tools read it, and its bytes hold no mtimes or owners.
struct TarArchiveTests {
    /// A folder with a long path (pax header), a non-ASCII name, an empty file and nested folders.
    static func makeFolder() throws -> URL {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("tree")
        let long = String(repeating: "deep-folder/", count: 9) + "file-with-a-rather-long-name.json"
        let files: [(String, String)] = [("b.txt", "bee\n"), ("a/z.txt", "zed"), ("a/表情.txt", "中文"), ("empty", ""), (long, "{}")]
        for (path, text) in files.reversed() {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    @Test func tarAndPythonReadTheArchiveWithFixedMetadata() throws {
        let folder = try Self.makeFolder()
        let archive = folder.deletingLastPathComponent().appendingPathComponent("tree.tar.gz")
        try TarArchive.write(folder: folder, to: archive)
        let bytes = [UInt8](try Data(contentsOf: archive))
        // gzip header: deflate, no flags (no name), mtime 0.
        #expect(Array(bytes.prefix(8)) == [0x1f, 0x8b, 8, 0, 0, 0, 0, 0])

        let listing = try Subprocess.tool("tar", ["-tzf", archive.path])
        #expect(listing.status == 0, "\(listing.stderr)")
        let expected = TarArchive.sortedMembersForTest(folder)
        #expect(listing.stdout.split(separator: "\n").map(String.init) == expected)
        #expect(expected.contains { $0.hasSuffix("file-with-a-rather-long-name.json") && $0.utf8.count > 100 })

        let script = """
            import json, sys, tarfile
            out = []
            with tarfile.open(sys.argv[1], "r:gz") as t:
                for m in t.getmembers():
                    data = t.extractfile(m).read().decode() if m.isfile() else None
                    out.append([m.name, m.mode, m.uid, m.gid, m.uname, m.gname, m.mtime, m.isdir(), data])
            print(json.dumps(out))
            """
        let python = try Subprocess.tool("python3", ["-c", script, archive.path])
        #expect(python.status == 0, "\(python.stderr)")
        let members = try #require(try JSONSerialization.jsonObject(with: Data(python.stdout.utf8)) as? [[Any]])
        #expect(members.map { $0[0] as? String ?? "" } == expected.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
        for member in members {
            let isDirectory = member[7] as? Bool ?? false
            #expect(member[1] as? Int == (isDirectory ? 0o755 : 0o644))
            #expect(member[2] as? Int == 0 && member[3] as? Int == 0 && member[4] as? String == "" && member[5] as? String == "" && member[6] as? Int == 0)
            if !isDirectory {
                let name = member[0] as? String ?? ""
                #expect(member[8] as? String == (try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)))
            }
        }
    }

    @Test func sameTreeGivesSameBytesWhateverTheMtimes() throws {
        let folder = try Self.makeFolder()
        let first = folder.deletingLastPathComponent().appendingPathComponent("1.tar.gz")
        let second = folder.deletingLastPathComponent().appendingPathComponent("2.tar.gz")
        try TarArchive.write(folder: folder, to: first)
        for path in FileTree.files(folder) {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 12345), .posixPermissions: 0o600],
                ofItemAtPath: folder.appendingPathComponent(path).path)
        }
        try TarArchive.write(folder: folder, to: second)
        #expect(try Data(contentsOf: first) == Data(contentsOf: second))
    }
}

extension TarArchive {
    /// What `tar -t` prints for `folder`: folders with a trailing slash, sorted bytewise.
    static func sortedMembersForTest(_ folder: URL) -> [String] {
        ((try? members(of: folder)) ?? []).map { $0.isDirectory ? $0.path + "/" : $0.path }
    }
}
