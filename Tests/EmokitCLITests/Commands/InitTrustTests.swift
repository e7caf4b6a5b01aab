import Foundation
import PipelineTestSupport
import TestSupport
import Testing

@testable import EmokitCLI

/// `emokit init` and `init --update` against a pack someone else could write to: links planted
/// beside or instead of its files, files that are no files, files beyond the size limits, and
/// plists the text editor cannot follow or write in their own shape. Nothing outside the pack is
/// read or written, the user's plist is never replaced by a link, and a plist emokit cannot edit
/// exactly is left byte for byte as it was.
struct InitTrustTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    /// A pack `init` wrote: `d_hi` and `d_ok`, each at 1x.
    static func pack(_ root: URL, name: String = "faces") throws -> URL {
        let folder = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try InitCommandTests.image(folder, "d_hi", scales: [1], index: 0)
        try InitCommandTests.image(folder, "d_ok", scales: [1], index: 1)
        #expect(CLIRun.invoke(["init", folder.path, "-q"]).status == 0)
        return folder
    }

    static func isLink(_ url: URL) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
    }

    static func bytes(_ url: URL) -> Data? { try? Data(contentsOf: url) }

    // MARK: Writes: temporary files are new files, never a link's target

    /// Links planted at every name an earlier version wrote its temporary files under (this
    /// process's pid) are neither followed nor removed: the files they point to keep their
    /// bytes, and `info.plist` and `emokit.json` are files of their own.
    @Test func linksAtTheTemporaryNamesAreNotFollowed() throws {
        let root = Fixtures.temporaryDirectory()
        let victim = root.appendingPathComponent("victim.txt")
        try Data("precious".utf8).write(to: victim)
        let folder = root.appendingPathComponent("faces")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try InitCommandTests.image(folder, "d_hi", scales: [1], index: 0)
        let planted = ["info.plist.emokit-init", "emokit.json.emokit-init", "info.plist.emokit-update"].map {
            folder.appendingPathComponent(".\($0)-\(getpid())")
        }
        for link in planted { try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim) }
        #expect(run(["init", folder.path, "-q"]).status == 0)
        try InitCommandTests.image(folder, "d_ok", scales: [1], index: 1)
        #expect(run(["init", "--update", folder.path, "-q"]).status == 0)
        #expect(run(["init", "--force", folder.path, "-q"]).status == 0)
        #expect(Self.bytes(victim) == Data("precious".utf8))
        for file in ["info.plist", "emokit.json"] {
            let type = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(file).path)[.type] as? FileAttributeType
            #expect(type == .typeRegular, "\(file)")
        }
        // What someone else put in the folder is theirs: left where it was, untouched.
        for link in planted { #expect(Self.isLink(link), "\(link.lastPathComponent)") }
        #expect(try InitUpdateTests.entries(folder.appendingPathComponent("info.plist")).map { $0["chs"] } == ["[d_hi]", "[d_ok]"])
        // Nothing else of emokit's is left beside the pack's files.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(Set(names) == Set(planted.map(\.lastPathComponent)))
    }

    // MARK: Reads: the pack's files under generate's rules

    /// An `info.plist` that links outside the pack is refused as `validate` refuses it; its
    /// target is not read into the pack, and the link stays as it was.
    @Test func anInfoPlistLinkingOutsideIsNotRead() throws {
        let root = Fixtures.temporaryDirectory()
        let folder = try Self.pack(root)
        let outside = root.appendingPathComponent("elsewhere.plist")
        let plist = folder.appendingPathComponent("info.plist")
        try FileManager.default.moveItem(at: plist, to: outside)
        let secret = try String(contentsOf: outside, encoding: .utf8).replacingOccurrences(of: "[d_ok]", with: "[secret]")
        try Data(secret.utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(at: plist, withDestinationURL: outside)
        try InitCommandTests.image(folder, "d_new", scales: [1], index: 2)
        let result = run(["init", "--update", folder.path])
        #expect(result.status == 1)
        #expect(result.err.contains("\(folder.path)/info.plist"), "\(result.err)")
        #expect(result.err.contains("links outside"), "\(result.err)")
        #expect(Self.isLink(plist))
        #expect(try String(contentsOf: outside, encoding: .utf8) == secret)
        #expect(run(["validate", folder.path]).status != 0)
    }

    /// A `names.tsv` that links outside the pack is refused by `init` and `init --update`.
    @Test func aNamesFileLinkingOutsideIsNotRead() throws {
        let root = Fixtures.temporaryDirectory()
        let outside = root.appendingPathComponent("secret.tsv")
        try Data("d_hi\t[secret]\n".utf8).write(to: outside)
        let folder = root.appendingPathComponent("faces")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try InitCommandTests.image(folder, "d_hi", scales: [1], index: 0)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("names.tsv"), withDestinationURL: outside)
        let result = run(["init", folder.path])
        #expect(result.status == 1)
        #expect(result.err.contains("\(folder.path)/names.tsv"), "\(result.err)")
        #expect(result.err.contains("links outside"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("info.plist").path))
    }

    /// A named pipe or a folder where `names.tsv` or (with `--update`) `info.plist` should be is
    /// named for what it is, never as a folder that cannot be listed; and nothing hangs.
    @Test func aPipeOrFolderIsNamedForWhatItIs() throws {
        let root = Fixtures.temporaryDirectory()
        let folder = try Self.pack(root)
        let names = folder.appendingPathComponent("names.tsv")
        #expect(mkfifo(names.path, 0o644) == 0)
        let pipe = run(["init", "--update", folder.path])
        #expect(pipe.status == 1)
        #expect(pipe.err == "error: \(names.path): is a named pipe (FIFO), not a regular file\n", "\(pipe.err)")
        try FileManager.default.removeItem(at: names)
        try FileManager.default.createDirectory(at: names, withIntermediateDirectories: false)
        let isFolder = run(["init", "--update", folder.path])
        #expect(isFolder.err == "error: \(names.path): is a folder, not a regular file\n", "\(isFolder.err)")
        try FileManager.default.removeItem(at: names)

        let plist = folder.appendingPathComponent("info.plist")
        try FileManager.default.removeItem(at: plist)
        #expect(mkfifo(plist.path, 0o644) == 0)
        let plistPipe = run(["init", "--update", folder.path])
        #expect(plistPipe.status == 1)
        #expect(plistPipe.err == "error: \(plist.path): is a named pipe (FIFO), not a regular file\n", "\(plistPipe.err)")
        #expect(!plistPipe.err.contains("cannot list"))
    }

    /// `info.plist` and `names.tsv` larger than generate's plist limit (10 MB) are refused before
    /// they are read, naming the file and the limit.
    @Test func filesAboveTheLimitAreRefused() throws {
        let root = Fixtures.temporaryDirectory()
        let folder = try Self.pack(root)
        let plist = folder.appendingPathComponent("info.plist")
        let original = try String(contentsOf: plist, encoding: .utf8)
        // A valid plist: one entry's text padded past 10 MB.
        let padded = original.replacingOccurrences(of: "<array>", with: "<array>\n<!--" + String(repeating: " ", count: 10 * 1024 * 1024) + "-->")
        try Data(padded.utf8).write(to: plist)
        try InitCommandTests.image(folder, "d_new", scales: [1], index: 2)
        let big = run(["init", "--update", folder.path])
        #expect(big.status == 1)
        #expect(big.err.contains("\(plist.path)") && big.err.contains("the limit is 10 MB"), "\(big.err)")
        #expect(Self.bytes(plist) == Data(padded.utf8))

        try Data(original.utf8).write(to: plist)
        let names = folder.appendingPathComponent("names.tsv")
        try Data(("# " + String(repeating: "x", count: 10 * 1024 * 1024) + "\nd_new\t[new]\n").utf8).write(to: names)
        let bigNames = run(["init", "--update", folder.path])
        #expect(bigNames.status == 1)
        #expect(bigNames.err.contains("\(names.path)") && bigNames.err.contains("the limit is 10 MB"), "\(bigNames.err)")
        #expect(Self.bytes(plist) == Data(original.utf8))
    }

    // MARK: The text editor: exactly what the parser read, or nothing

    /// `<!-->` opens a comment (XML: `<!--` then content starting with `>`): the editor must not
    /// take it for a whole comment. Here the real entries are A, B (files gone) and C; a comment
    /// opened with `<!-->` wraps what looks like a `<dict>` around A and B, another holds a
    /// `</array>`. Removing B removes B, and the new entry lands after C, outside every comment.
    @Test func aCommentOpeningWithAnAngleBracketIsFollowed() throws {
        let root = Fixtures.temporaryDirectory()
        let folder = try Self.pack(root)
        for name in ["d_a", "d_c", "d_new"] { try InitCommandTests.image(folder, name, scales: [1], index: 3) }
        func dict(_ name: String) -> String {
            "\t<dict>\n\t\t<key>chs</key>\n\t\t<string>[\(name)]</string>\n\t\t<key>png</key>\n\t\t<string>\(name).png</string>\n\t</dict>\n"
        }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <array>
            \t<!--> <dict> -->
            \(dict("d_a"))\(dict("d_b"))\t<!--> </dict> -->
            \t<!--> <dict/> -->
            \(dict("d_c"))\t<!--> </array> -->
            </array>
            </plist>

            """
        let plist = folder.appendingPathComponent("info.plist")
        try Data(text.utf8).write(to: plist)
        // d_hi and d_ok are no entries of this plist: they are added too.
        let result = run(["init", "--update", "--remove-missing", folder.path])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("entry 1 (\"[d_b]\"): d_b.png not found at any scale; removed"), "\(result.err)")
        let after = try String(contentsOf: plist, encoding: .utf8)
        #expect(try InitUpdateTests.entries(plist).map { $0["chs"] } == ["[d_a]", "[d_c]", "[d_hi]", "[d_new]", "[d_ok]"])
        #expect(after.hasPrefix(text.components(separatedBy: dict("d_b"))[0]))
        #expect(after.contains(dict("d_c") + "\t<!--> </array> -->\n"))
    }

    /// XML only Foundation reads (here CDATA) cannot be edited as text with positions the parser
    /// gave: refused in the editor's words, the file untouched.
    @Test func xmlTheEditorCannotFollowIsRefused() throws {
        let root = Fixtures.temporaryDirectory()
        let folder = try Self.pack(root)
        let plist = folder.appendingPathComponent("info.plist")
        let text = try String(contentsOf: plist, encoding: .utf8).replacingOccurrences(of: "<string>[d_hi]</string>", with: "<string><![CDATA[[d_hi]]]></string>")
        try Data(text.utf8).write(to: plist)
        try InitCommandTests.image(folder, "d_new", scales: [1], index: 2)
        let result = run(["init", "--update", folder.path])
        #expect(result.status == 1)
        #expect(result.err.hasPrefix("error: \(plist.path): cannot edit this plist safely: "), "\(result.err)")
        #expect(Self.bytes(plist) == Data(text.utf8))
    }

    // MARK: Only layouts it can write in their own shape and encoding

    /// A QQ/WeChat icon map is no Weibo plist: appending Weibo dictionaries would break it.
    @Test func anIconMapIsRefusedNamingTheLayout() throws {
        let root = Fixtures.temporaryDirectory()
        let folder = try Self.pack(root)
        let plist = folder.appendingPathComponent("info.plist")
        let map = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <array>
            \t<dict><key>/微笑</key><string>d_hi</string></dict>
            \t<dict><key>/OK</key><string>d_ok</string></dict>
            </array>
            </plist>

            """
        try Data(map.utf8).write(to: plist)
        #expect(run(["validate", folder.path]).status == 0)
        try InitCommandTests.image(folder, "d_new", scales: [1], index: 2)
        let result = run(["init", "--update", folder.path])
        #expect(result.status == 1)
        #expect(result.err.contains("\(plist.path): cannot update: it is a QQ/WeChat icon map"), "\(result.err)")
        #expect(Self.bytes(plist) == Data(map.utf8))
        #expect(run(["validate", folder.path]).status == 0)
        // A binary one too.
        let binary = try PropertyListSerialization.data(fromPropertyList: [["/微笑": "d_hi"]], format: .binary, options: 0)
        try binary.write(to: plist)
        let binaryResult = run(["init", "--update", folder.path])
        #expect(binaryResult.err.contains("it is a QQ/WeChat icon map"), "\(binaryResult.err)")
        #expect(Self.bytes(plist) == binary)
    }

    /// A plist declared in another encoding than UTF-8 (or saved as UTF-16) cannot take the new
    /// entries' UTF-8 bytes: refused naming the encoding, untouched.
    @Test func anotherEncodingIsRefusedNamingIt() throws {
        let root = Fixtures.temporaryDirectory()
        let folder = try Self.pack(root)
        let plist = folder.appendingPathComponent("info.plist")
        let latin = try String(contentsOf: plist, encoding: .utf8)
            .replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"ISO-8859-1\"")
            .replacingOccurrences(of: "[d_hi]", with: "[caf\u{E9}]")
        let bytes = try #require(latin.data(using: .isoLatin1))
        try bytes.write(to: plist)
        try Data("d_new\t[新]\n".utf8).write(to: folder.appendingPathComponent("names.tsv"))
        try InitCommandTests.image(folder, "d_new", scales: [1], index: 2)
        let result = run(["init", "--update", folder.path])
        #expect(result.status == 1)
        #expect(result.err.contains("\(plist.path): cannot update: it is declared ISO-8859-1"), "\(result.err)")
        #expect(Self.bytes(plist) == bytes)

        let wide = try #require(latin.replacingOccurrences(of: "ISO-8859-1", with: "UTF-16").data(using: .utf16))
        try wide.write(to: plist)
        let wideResult = run(["init", "--update", folder.path])
        #expect(wideResult.status == 1)
        #expect(wideResult.err.contains("it is UTF-16"), "\(wideResult.err)")
        #expect(Self.bytes(plist) == wide)
    }
}

extension InitTrustTests {
    /// `init --update` replaces the `info.plist` it read: one that is a link, even to a file in
    /// the pack, is refused (the rename would leave the link's target behind), untouched.
    @Test func aLinkedInfoPlistInsideThePackIsNotEdited() throws {
        let root = Fixtures.temporaryDirectory()
        let folder = try Self.pack(root)
        let plist = folder.appendingPathComponent("info.plist"), real = folder.appendingPathComponent("real.plist")
        try FileManager.default.moveItem(at: plist, to: real)
        try FileManager.default.createSymbolicLink(at: plist, withDestinationURL: real)
        let before = Self.bytes(real)
        try InitCommandTests.image(folder, "d_new", scales: [1], index: 2)
        let result = run(["init", "--update", folder.path])
        #expect(result.status == 1)
        #expect(result.err == "error: \(plist.path): is a symbolic link; init --update edits the file itself, never through a link (put the file in its place)\n")
        #expect(Self.isLink(plist) && Self.bytes(real) == before)
    }
}

extension InitTrustTests {
    /// A names file listing many images the folder does not hold gives a note for each of the
    /// first 20 and one line for the rest, not a line per name.
    @Test func unusedNamesAreCountedNotListedWithoutEnd() throws {
        let root = Fixtures.temporaryDirectory()
        let folder = root.appendingPathComponent("faces")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try InitCommandTests.image(folder, "d_hi", scales: [1], index: 0)
        let lines = (0..<5000).map { "n\($0)\t[t\($0)]" }.joined(separator: "\n")
        try Data(lines.utf8).write(to: folder.appendingPathComponent("names.tsv"))
        let result = run(["init", folder.path])
        #expect(result.status == 0, "\(result.err)")
        let notes = result.err.split(separator: "\n").filter { $0.contains("names.tsv") }
        #expect(notes.count == 21)
        #expect(notes.last == "note: \(folder.path)/names.tsv: 4980 more lines name no image in the folder; not used")
    }
}
