import EmoticonPacks
import Foundation
import PipelineTestSupport
import TestSupport
import Testing

@testable import EmokitCLI

/// `emokit init --update`: new images become new entries at the end, gone ones are reported (and
/// removed only when asked), and every byte a person wrote stays; `names.tsv` gives the texts.
struct InitUpdateTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    static func entries(_ url: URL) throws -> [[String: String]] {
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        return try #require(plist as? [[String: String]])
    }

    /// A pack made by init, then edited by hand: Chinese texts (chs and cht) and a comment.
    static func editedPack(_ root: URL) throws -> (folder: URL, plist: URL, edited: String) {
        let folder = root.appendingPathComponent("小喵")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try InitCommandTests.image(folder, "d_hi", scales: [1, 2, 3], index: 0)
        try InitCommandTests.image(folder, "d_ok", scales: [1, 2, 3], index: 1)
        #expect(CLIRun.invoke(["init", folder.path, "-q"]).status == 0)
        let plist = folder.appendingPathComponent("info.plist")
        var text = try String(contentsOf: plist, encoding: .utf8)
        text = text.replacingOccurrences(of: "<string>[d_hi]</string>", with: "<string>[你好]</string>\n\t\t<key>cht</key>\n\t\t<string>[妳好]</string>")
        text = text.replacingOccurrences(of: "<array>\n", with: "<array>\n\t<!-- the team's pack -->\n")
        try Data(text.utf8).write(to: plist)
        return (folder, plist, text)
    }

    @Test func newImagesAreAppendedAndEverythingElseKeptByteForByte() throws {
        let root = Fixtures.temporaryDirectory()
        let (folder, plist, before) = try Self.editedPack(root)
        // A new image with all its scales and its animation, and a name for it.
        try InitCommandTests.image(folder, "d_666", scales: [1, 2, 3], index: 2)
        try PackFixtures.write(InitCommandTests.gif(0, 1), to: folder.appendingPathComponent("d_666.gif"))
        try Data("# file\tchs\tcht\nd_666.png\t[六六六]\t[陸陸陸]\n".utf8).write(to: folder.appendingPathComponent("names.tsv"))
        let result = run(["init", "--update", folder.path])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "emokit: updated \(folder.path)/info.plist: added 1 entry ([六六六]), kept 2 as they were\n")
        #expect(result.err == "")
        let after = try String(contentsOf: plist, encoding: .utf8)
        // The old text up to the closing </array>, then the new entry, then the old ending.
        let close = try #require(before.range(of: "</array>"))
        let added =
            "\t<dict>\n\t\t<key>chs</key>\n\t\t<string>[六六六]</string>\n\t\t<key>cht</key>\n\t\t<string>[陸陸陸]</string>\n"
            + "\t\t<key>gif</key>\n\t\t<string>d_666.gif</string>\n\t\t<key>png</key>\n\t\t<string>d_666.png</string>\n"
            + "\t\t<key>type</key>\n\t\t<string>0</string>\n\t</dict>\n"
        #expect(after == String(before[..<close.lowerBound]) + added + String(before[close.lowerBound...]))
        let entries = try Self.entries(plist)
        #expect(entries.map { $0["chs"] } == ["[你好]", "[d_ok]", "[六六六]"])
        #expect(entries[0]["cht"] == "[妳好]")
        // Nothing new: nothing written, and it says so.
        let again = run(["init", "--update", folder.path])
        #expect(again.status == 0 && again.out == "emokit: \(folder.path)/info.plist is up to date (3 entries)\n")
        #expect(try String(contentsOf: plist, encoding: .utf8) == after)
    }

    @Test func goneImagesAreReportedAndRemovedOnlyWhenAsked() throws {
        let root = Fixtures.temporaryDirectory()
        let (folder, plist, before) = try Self.editedPack(root)
        for suffix in ["", "@2x", "@3x"] { try FileManager.default.removeItem(at: folder.appendingPathComponent("d_ok\(suffix).png")) }
        let reported = run(["init", "--update", folder.path])
        #expect(reported.status == 0)
        #expect(reported.err == "warning: \(folder.path)/info.plist: entry 1 (\"[d_ok]\"): d_ok.png not found at any scale; kept (--remove-missing removes it)\n")
        #expect(try String(contentsOf: plist, encoding: .utf8) == before)
        let removed = run(["init", "--update", "--remove-missing", folder.path])
        #expect(removed.status == 0 && removed.out.hasSuffix("added 0 entries, removed 1 entry, kept 1 as it was\n"), "\(removed.out)")
        let dict = "\t<dict>\n\t\t<key>chs</key>\n\t\t<string>[d_ok]</string>\n\t\t<key>png</key>\n\t\t<string>d_ok.png</string>\n\t\t<key>type</key>\n\t\t<string>0</string>\n\t</dict>\n"
        #expect(before.contains(dict))
        #expect(try String(contentsOf: plist, encoding: .utf8) == before.replacingOccurrences(of: dict, with: ""))
        #expect(run(["init", "--remove-missing", folder.path]).status == 2)
    }

    @Test func aBinaryPlistStaysBinary() throws {
        let root = Fixtures.temporaryDirectory()
        let (folder, plist, _) = try Self.editedPack(root)
        let values = try PropertyListSerialization.propertyList(from: Data(contentsOf: plist), format: nil)
        try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0).write(to: plist)
        try InitCommandTests.image(folder, "d_new", scales: [2], index: 3, base: 48)
        let result = run(["init", "--update", folder.path])
        #expect(result.status == 0 && result.out.contains("(binary): added 1 entry ([d_new])"), "\(result.out)\(result.err)")
        #expect(try Data(contentsOf: plist).starts(with: Array("bplist00".utf8)))
        let entries = try Self.entries(plist)
        #expect(entries.map { $0["chs"] } == ["[你好]", "[d_ok]", "[d_new]"] && entries[0]["cht"] == "[妳好]")
        #expect(entries[2] == ["chs": "[d_new]", "png": "d_new.png", "type": "0"])
    }

    @Test func initReadsNamesAndRefusesBadLines() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("pack")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try InitCommandTests.image(folder, "smile", scales: [1, 2], index: 0)
        try InitCommandTests.image(folder, "cry", scales: [1, 2], index: 1)
        try Data("smile\t[微笑]\t[微笑]\ncry@2x.png\t[哭]\ngone\t[走]\n".utf8).write(to: folder.appendingPathComponent("names.tsv"))
        let made = run(["init", folder.path])
        #expect(made.status == 0, "\(made.err)")
        #expect(made.err == "note: \(folder.path)/names.tsv:3: no image gone in the folder; the line is not used\n")
        let entries = try Self.entries(folder.appendingPathComponent("info.plist"))
        #expect(entries.map { $0["chs"] } == ["[哭]", "[微笑]"] && entries[1]["cht"] == "[微笑]" && entries[0]["cht"] == nil)
        // A line without a text, a second line for one image, and two images with one text.
        let other = Fixtures.temporaryDirectory().appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try InitCommandTests.image(other, "a", scales: [1], index: 0)
        try Data("a\n".utf8).write(to: other.appendingPathComponent("names.tsv"))
        let bad = run(["init", other.path])
        #expect(bad.status == 1 && bad.err.hasPrefix("error: \(other.path)/names.tsv:1: expected an image name, a tab, its chs text"), "\(bad.err)")
        try Data("a\t[x\u{7}]\n".utf8).write(to: other.appendingPathComponent("names.tsv"))
        #expect(run(["init", other.path]).err.hasPrefix("error: \(other.path)/names.tsv:1: U+0007 is not a character a plist text can hold"))
        try InitCommandTests.image(other, "b", scales: [1], index: 1)
        try Data("a\t[x]\nb\t[x]\n".utf8).write(to: other.appendingPathComponent("names.tsv"))
        let clash = run(["init", other.path])
        #expect(clash.status == 1 && clash.err.contains("names.tsv:2: b would have the text \"[x]\" of a"), "\(clash.err)")
        #expect(!FileManager.default.fileExists(atPath: other.appendingPathComponent("info.plist").path))
    }

    /// An image dropped into a pack and not in its plist: generate says so in one line (it said
    /// nothing), validate lists each file, and after `init --update` both are quiet.
    @Test func generateCountsImagesNoEntryUses() throws {
        let root = Fixtures.temporaryDirectory()
        let (folder, _, _) = try Self.editedPack(root)
        try InitCommandTests.image(folder, "d_666", scales: [1, 2, 3], index: 2)
        let out = root.appendingPathComponent("out").path
        let generate = run(["generate", folder.path, "--out", out, "--widths", "375", "-q"])
        #expect(generate.status == 0)
        #expect(
            generate.err == "warning: \(folder.path)/info.plist: 1 image (3 files) in the pack folder is not named by any entry "
                + "(first: \(folder.path)/d_666.png); validating lists each\n")
        let validate = run(["validate", folder.path, "-q"])
        // One line for the image and its scales (it was three).
        #expect(validate.err == "warning: \(folder.path)/info.plist: \(folder.path)/d_666.png (and d_666@2x.png, d_666@3x.png) is not named by any entry; unused\n")
        #expect(run(["init", "--update", folder.path, "-q"]).status == 0)
        let after = run(["generate", folder.path, "--out", out, "--widths", "375", "-q"])
        #expect(after.status == 0 && after.err == "", "\(after.err)")
    }
}
