import Foundation
import PipelineTestSupport
import TestSupport
import Testing

@testable import EmokitCLI

/// What a hostile pass found in `init` after its hardening: a private plist made readable, a
/// plist written past the size emokit reads, a names file from Windows refused line by line,
/// problems printed without end, and a message sending the user to the wrong fix.
struct InitHostileTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    @Test func anUpdateKeepsThePlistsPermissions() throws {
        let folder = try InitTrustTests.pack(Fixtures.temporaryDirectory())
        let plist = folder.appendingPathComponent("info.plist")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: plist.path)
        try InitCommandTests.image(folder, "d_new", scales: [1], index: 2)
        #expect(run(["init", "--update", folder.path, "-q"]).status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: plist.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try InitUpdateTests.entries(plist).count == 3)
    }

    /// An update that would take the plist past the 10 MB emokit reads writes nothing.
    @Test func anUpdateNeverWritesAPlistOverTheLimit() throws {
        let folder = try InitTrustTests.pack(Fixtures.temporaryDirectory())
        let plist = folder.appendingPathComponent("info.plist")
        var text = try String(contentsOf: plist, encoding: .utf8)
        // Padding a reader skips (a comment), to just under the limit.
        let padding = "<!--" + String(repeating: "x", count: 10 * 1024 * 1024 - text.utf8.count - 64) + "-->\n"
        text = text.replacingOccurrences(of: "<array>", with: "<array>\n" + padding)
        try Data(text.utf8).write(to: plist)
        let before = try Data(contentsOf: plist)
        try InitCommandTests.image(folder, "d_new", scales: [1], index: 2)
        let result = run(["init", "--update", folder.path])
        #expect(result.status != 0)
        #expect(result.err.contains("over the 10485760-byte limit emokit reads; nothing written"), "\(result.err)")
        #expect(try Data(contentsOf: plist) == before)
    }

    /// Lines ending CRLF (Excel, Notepad) are lines, not one line holding U+000D.
    @Test func aNamesFileWithWindowsLineEndsIsRead() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("faces")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try InitCommandTests.image(folder, "d_hi", scales: [1], index: 0)
        try InitCommandTests.image(folder, "d_ok", scales: [1], index: 1)
        try Data("d_hi\t[嗨]\r\nd_ok\t[好]\r\n".utf8).write(to: folder.appendingPathComponent("names.tsv"))
        let result = run(["init", folder.path, "-q"])
        #expect(result.status == 0, "\(result.err)")
        #expect(try InitUpdateTests.entries(folder.appendingPathComponent("info.plist")).map { $0["chs"] } == ["[嗨]", "[好]"])
    }

    /// A names file of many bad lines lists the first 100 and counts the rest, and says to edit
    /// its lines, not to rename files.
    @Test func manyBadLinesAreCappedAndTheFixIsNamed() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("faces")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try InitCommandTests.image(folder, "d_hi", scales: [1], index: 0)
        try Data(String(repeating: "bad line\n", count: 150).utf8).write(to: folder.appendingPathComponent("names.tsv"))
        let result = run(["init", folder.path])
        #expect(result.status != 0)
        let lines = result.err.split(separator: "\n")
        #expect(lines.filter { $0.contains("names.tsv:") && $0.contains("expected an image name") }.count == 100)
        #expect(lines.contains { $0.contains("and 50 more problems, not listed (the first 100 are)") })
        #expect(lines.last?.hasSuffix("nothing written: edit the lines above and run init again") == true, "\(lines.last ?? "")")
    }
}
