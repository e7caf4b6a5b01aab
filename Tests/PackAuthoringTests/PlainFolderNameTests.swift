import EmoticonPacks
import Foundation
import PackAuthoring
import TestSupport
import Testing

/// A plain folder of images is read by `emokit init`'s rule (issue 26): every image file becomes
/// an entry or an error naming it, never dropped silently; only regular files are images.
struct PlainFolderNameTests {
    static func folder(_ names: [String]) throws -> URL {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("plain")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in names { try FileManager.default.copyItem(at: WeiboPackFixtures.sampleImage, to: folder.appendingPathComponent(name)) }
        return folder
    }

    /// `é.png` in NFC and in NFD made one emoticon and dropped the other silently, while `init`
    /// refused the same folder.
    @Test func twoNormalFormsOfOneNameAreAnErrorAsInInit() throws {
        let folder = try Self.folder(["a.png", "\u{e9}.png", "e\u{301}.png"])
        let survey = PackReader().survey([folder])
        let message = "plain/\u{e9}.png: spells the name of e\u{301}.png with other Unicode code points (another normal form); rename one so they match"
        #expect(survey.errors.map(\.description) == [#"plain/: entry 1 ("[e\#u{301}]"): [e\#u{301}]: "# + message])
        #expect(survey.packs.first?.entries.map(\.text) == ["[a]"])
        // init says the same of the same file.
        let refused = #expect(throws: PackStarterError.self) { _ = try PackStarter.scan(folder, display: "plain") }
        #expect(refused?.lines.first == message)
    }

    /// `a.png` and `a.PNG`: the second was ignored by the reader.
    @Test func oneImageTwiceIsAnError() throws {
        let folder = try Self.folder(["a.PNG", "a.png", "b.png"])
        let errors = PackReader().survey([folder]).errors.map(\.description)
        #expect(errors == [#"plain/: entry 0 ("[a]"): [a]: plain/a.png: the same image as a.PNG (one name, one scale); keep one"#])
    }

    /// `init` wrote a FIFO named `pipe.png` into `info.plist`.
    @Test func initListsOnlyRegularFiles() throws {
        let folder = try Self.folder(["a.png"])
        #expect(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o600) == 0)
        let refused = #expect(throws: PackStarterError.self) { _ = try PackStarter.scan(folder, display: "plain") }
        #expect(refused?.lines == ["plain/pipe.png: not a regular file (a FIFO); only regular files become entries", "nothing written: rename the files above and run init again"])
    }
}
