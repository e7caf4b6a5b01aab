import EmokitCLI
import EmoticonManifest
import Foundation
import TestSupport
import Testing

/// `generate --emoji-keyboard`: no pack needed, a summary per group, data files named in errors.
struct EmojiKeyboardCLITests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let recorder = CLIRun.Recorder()
        let status = CLI.run(arguments, console: recorder.console)
        return (status, recorder.out, recorder.err)
    }

    static let fixture = Fixtures.emojiKeyboardData.path

    @Test func emojiKeyboardWithoutPacksPrintsItsSummary() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out").path
        let result = run(["generate", "--emoji-keyboard", "--emoji-data", Self.fixture, "--out", out, "--widths", "375", "--scales", "2", "--locale", "en", "--no-preview"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("Emoji keyboard (Emoji 15.0): 6 emoji and 5 skin-tone variants in 3 tabs"))
        #expect(result.out.contains("  emoji-people-body  People & Body: 1 emoji, 5 variants, 1 left out"))
        #expect(result.out.contains("  1 emoji left out: the emoji source has no glyph for them"))
        #expect(result.out.contains("  1 emoji named in English from emoji-test.txt: CLDR (en) has no name for them"))
        #expect(result.err == "")
    }

    @Test func badEmojiDataIsAnInputErrorNamingTheFile() {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out").path
        let result = run(["generate", "--emoji-keyboard", "--emoji-data", "/nonexistent/emoji-test.txt", "--out", out])
        #expect(result.status == 1)
        #expect(result.err == "error: /nonexistent/emoji-test.txt: cannot read (no such file)\n")
        let packs = Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks").path
        let notEmojiTest = run(["generate", packs, "--emoji-keyboard", "--emoji-data", packs + "/emoticons.plist", "--out", out])
        #expect(notEmojiTest.status == 1)
        #expect(notEmojiTest.err.hasPrefix("error: \(packs)/emoticons.plist: line "))
    }

    @Test func configKeysTurnOnTheEmojiKeyboard() throws {
        let dir = Fixtures.temporaryDirectory()
        let config = dir.appendingPathComponent("emokit.json")
        let data = dir.appendingPathComponent("data/emoji-test.txt")
        try FileManager.default.createDirectory(at: data.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: data.path)
        try Data(#"{"emojiKeyboard": true, "emojiData": "data/emoji-test.txt", "out": "out", "widths": [375], "scales": [2], "preview": false}"#.utf8)
            .write(to: config)
        let result = run(["generate", "--config", config.path])
        #expect(result.status == 0, "\(result.err)")
        let manifest = try Manifest.decode(try Data(contentsOf: dir.appendingPathComponent("out/manifests/375.json")))
        #expect(manifest.tabs.map(\.id) == ["emoji-smileys-emotion", "emoji-people-body", "emoji-flags"])
        let typo = dir.appendingPathComponent("typo.json")
        try Data(#"{"emojiKeybaord": true}"#.utf8).write(to: typo)
        let refused = run(["generate", "--config", typo.path])
        #expect(refused.status != 0)
        #expect(refused.err.contains("unknown key 'emojiKeybaord'") && refused.err.contains("emojiKeyboard"))
    }

    @Test func packsAreStillRequiredWithoutTheEmojiKeyboard() {
        let result = run(["generate", "--out", Fixtures.temporaryDirectory().path])
        #expect(result.status == 2)
        #expect(result.err.contains("Missing expected argument '<pack> ...'"))
    }
}
