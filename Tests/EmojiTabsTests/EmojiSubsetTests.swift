import EmoticonManifest
import Foundation
import Pipeline
import TestSupport
import Testing

/// `--emoji-max-version`, `--emoji-exclude`, `--emoji-groups`, `--skin-tones`: each leaves out
/// exactly what it names, counts it in the summary, and the manifest says what was applied.
struct EmojiSubsetTests {
    static func generate(name: String = #function, _ configure: (inout GeneratorOptions) -> Void) throws -> (report: Generator.Report, manifest: Manifest, out: URL) {
        let out = Fixtures.temporaryDirectory(name).appendingPathComponent("out")
        var options = GeneratorOptions(inputs: [], output: out)
        options.emojiKeyboard = true
        options.emojiData = Fixtures.emojiKeyboardData
        options.widths = [375]
        options.scales = [2]
        options.writePreview = false
        configure(&options)
        let report = try Generator(options: options).run()
        return (report, try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/375.json"))), out)
    }

    static func texts(_ manifest: Manifest) -> [String] {
        manifest.tabs.flatMap { $0.pages.flatMap(\.buttons) }.compactMap(\.text)
    }

    /// Without a subset: the fixture's drawable emoji (👨‍🦄 has no glyph) and no record.
    static let everything = ["😀", "😃", "🫨", "👍", "🏁", "🏳\u{FE0F}"]

    @Test func theWholeKeyboardHasNoSubsetRecord() throws {
        let run = try Self.generate { _ in }
        #expect(Self.texts(run.manifest) == Self.everything)
        #expect(run.manifest.emojiSubset == nil && run.report.emojiKeyboard?.subset == nil)
    }

    @Test func maxVersionLeavesOutNewerEmoji() throws {
        let run = try Self.generate { $0.emojiMaxVersion = "14.0" }
        #expect(Self.texts(run.manifest) == ["😀", "😃", "👍", "🏁", "🏳\u{FE0F}"])
        #expect(run.report.emojiKeyboard?.subset?.byVersion == 2)  // 🫨 15.0 and 👨‍🦄 99.0
        #expect(run.report.emojiKeyboard?.subset?.total == 2)
        #expect(run.manifest.emojiSubset == Manifest.EmojiSubset(maxVersion: "14.0", exclude: nil, groups: nil, skinTones: nil, leftOut: 2))
    }

    @Test func excludeLeavesOutTheNamedEmojiWithTheirSkinTones() throws {
        let run = try Self.generate { $0.emojiExclude = ["🏁", "1F603", "U+1F44D"] }
        #expect(Self.texts(run.manifest) == ["😀", "🫨", "🏳\u{FE0F}"])
        #expect(run.report.emojiKeyboard?.subset?.byList == 2 + 6)  // 👍 and its five tones
        #expect(run.manifest.emojiSubset?.exclude == ["1F3C1", "1F44D", "1F603"])
    }

    @Test func excludeReadsAListFile() throws {
        let folder = Fixtures.temporaryDirectory(#function)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let list = folder.appendingPathComponent("exclude.txt")
        try "# flags this region leaves out\n1F3C1\n\n🏳️ # white flag\n".write(to: list, atomically: true, encoding: .utf8)
        let run = try Self.generate { $0.emojiExclude = ["@" + list.path] }
        #expect(Self.texts(run.manifest) == ["😀", "😃", "🫨", "👍"])
        #expect(run.report.emojiKeyboard?.subset?.byList == 2)
        try "1F3C1\nflag\n".write(to: list, atomically: true, encoding: .utf8)
        let error = #expect(throws: GenerationError.self) { try Self.generate(name: "badList") { $0.emojiExclude = ["@" + list.path] } }
        guard case .emojiData(let reason)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason == .malformed(path: list.path, line: 2, reason: "\"flag\" is neither an emoji nor hex code points"))
    }

    @Test func groupsKeepOnlyTheNamedTabs() throws {
        let run = try Self.generate { $0.emojiGroups = ["flags", "Smileys & Emotion"] }
        #expect(run.manifest.tabs.map(\.id) == ["emoji-smileys-emotion", "emoji-flags"])
        #expect(Self.texts(run.manifest) == ["😀", "😃", "🫨", "🏁", "🏳\u{FE0F}"])
        #expect(run.report.emojiKeyboard?.subset?.byGroup == 7)  // 👍, its five tones, 👨‍🦄
        #expect(run.manifest.emojiSubset?.groups == ["Smileys & Emotion", "Flags"])
        let error = #expect(throws: GenerationError.self) { try Self.generate(name: "unknownGroup") { $0.emojiGroups = ["animals"] } }
        guard case .emojiData(let reason)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(reason == .unknownGroups(names: ["animals"], known: ["emoji-smileys-emotion", "emoji-people-body", "emoji-flags"]))
        #expect(reason.description == "emoji-groups: no emoji group \"animals\" (the groups: emoji-smileys-emotion, emoji-people-body, emoji-flags)")
    }

    @Test func noSkinTonesLeavesOutEveryTonedForm() throws {
        let run = try Self.generate { $0.skinTones = false }
        #expect(Self.texts(run.manifest) == Self.everything)
        let thumbs = run.manifest.tabs.flatMap { $0.pages.flatMap(\.buttons) }.first { $0.text == "👍" }
        #expect(thumbs?.variants == nil)
        #expect(run.manifest.tabs.allSatisfy { $0.variantSheets == nil })
        #expect(run.report.emojiKeyboard?.subset?.bySkinTone == 5)
        #expect(run.manifest.emojiSubset?.skinTones == false)
    }

    @Test func manifestsWithEverySubsetFieldValidateAgainstTheSchema() throws {
        let run = try Self.generate {
            $0.emojiMaxVersion = "14.0"
            $0.emojiExclude = ["🏁"]
            $0.emojiGroups = ["flags", "smileys-emotion"]
            $0.skinTones = false
        }
        #expect(run.manifest.emojiSubset == Manifest.EmojiSubset(maxVersion: "14.0", exclude: ["1F3C1"], groups: ["Smileys & Emotion", "Flags"], skinTones: false, leftOut: 9))
        let result = try JSONSchema.check(["--schemafile", JSONSchema.schema.path, run.out.appendingPathComponent("manifests/375.json").path])
        #expect(result.status == 0, "\(result.output)")
    }
}
