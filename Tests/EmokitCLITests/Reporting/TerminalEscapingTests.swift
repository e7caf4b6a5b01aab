import Foundation
import TestSupport
import Testing

/// Everything from a pack reaches the terminal escaped (issue 26): tab titles, folder and file
/// names, not only the entry texts. An escape sequence, CR or LF in a pack must not repaint,
/// clear or forge a line of what a user reads.
struct TerminalEscapingTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    /// No ESC, CR, BEL, bidi override or stray line break from the pack is printed.
    static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0 == "\u{1b}" || $0 == "\r" || $0 == "\u{7}" || $0 == "\u{202e}" }
    }

    @Test func tabTitlesAndFolderNamesAreEscaped() throws {
        let root = Fixtures.temporaryDirectory()
        let title = "Evil\u{1b}[2J\u{1b}[31m\r\nemokit: 0 errors\u{7}\u{202e}"
        let folderName = "f\u{1b}]0;owned\u{7}x"
        let pack = root.appendingPathComponent(folderName)
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: WeiboPackFixtures.sampleImage, to: pack.appendingPathComponent("a.png"))
        let group: [String: Any] = [
            "id": "evil", "group_name_cn": title,
            "emoticons": [["chs": "[a]", "png": "a.png", "type": "0"], ["chs": "[b]", "png": "b.png", "type": "0", "chx": "typo"]],
        ]
        try PropertyListSerialization.data(fromPropertyList: group, format: .xml, options: 0).write(to: pack.appendingPathComponent("info.plist"))

        // A title holding an escape is refused (no emoticon text holds one), its message naming the
        // folder and quoting the title: escaped, on one line.
        let validate = run(["validate", pack.path])
        #expect(validate.status == 1)
        #expect(Self.isClean(validate.err) && Self.isClean(validate.out), "\(validate.err.debugDescription)")
        #expect(
            validate.err.contains(#"f\u{1b}]0;owned\u{7}x/info.plist: group_name_cn: "Evil\u{1b}[2J\u{1b}[31m\r\nemokit: 0 errors\u{7}\u{202e}" holds U+001B"#),
            "\(validate.err)")
        #expect(validate.err.split(separator: "\n").count == 1, "\(validate.err)")

        // Without the title, warnings and the summary name the tab by its folder: escaped.
        let group2: [String: Any] = [
            "id": "evil", "emoticons": [["chs": "[a]", "png": "a.png", "type": "0"], ["chs": "[b]", "png": "b.png", "type": "0", "chx": "typo"]],
        ]
        try PropertyListSerialization.data(fromPropertyList: group2, format: .xml, options: 0).write(to: pack.appendingPathComponent("info.plist"))
        let checked = run(["validate", pack.path])
        #expect(Self.isClean(checked.err) && Self.isClean(checked.out), "\(checked.err.debugDescription)")
        #expect(checked.err.contains(#"f\u{1b}]0;owned\u{7}x/info.plist: entry 1 ("[b]")"#), "\(checked.err)")
        #expect(checked.err.split(separator: "\n").count == 2, "\(checked.err)")  // two findings, one line each
        let group3: [String: Any] = ["id": "evil", "emoticons": [["chs": "[a]", "png": "a.png", "type": "0"]]]
        try PropertyListSerialization.data(fromPropertyList: group3, format: .xml, options: 0).write(to: pack.appendingPathComponent("info.plist"))
        let out = root.appendingPathComponent("out")
        let generate = run(["generate", pack.path, "--out", out.path, "--widths", "375", "--scales", "2", "--no-cache"])
        #expect(generate.status == 0, "\(generate.err)")
        #expect(Self.isClean(generate.out) && Self.isClean(generate.err), "\(generate.out.debugDescription)")
        #expect(generate.out.contains(#"  evil  f\u{1b}]0;owned\u{7}x: 1 emoticon, 1 page"#), "\(generate.out)")
    }

    /// `init` names the folder it wrote into: escaped too.
    @Test func initNamesTheFolderEscaped() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("in\u{1b}[31mit")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: WeiboPackFixtures.sampleImage, to: folder.appendingPathComponent("a.png"))
        try FileManager.default.copyItem(at: WeiboPackFixtures.sampleImage, to: folder.appendingPathComponent("notes\r.txt"))
        let result = run(["init", folder.path])
        #expect(result.status == 0, "\(result.err)")
        #expect(Self.isClean(result.out) && Self.isClean(result.err), "\(result.out.debugDescription) \(result.err.debugDescription)")
        #expect(result.out.contains(#"in\u{1b}[31mit/info.plist"#), "\(result.out)")
    }
}
