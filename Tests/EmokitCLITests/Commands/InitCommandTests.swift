import EmoticonManifest
import EmoticonPacks
import Foundation
import Pipeline
import PipelineTestSupport
import Settings
import TestSupport
import Testing

@testable import EmokitCLI

/// `emokit init DIR`: the plist lists the images as `generate` reads the plain folder (same
/// keyboard before and after), passes `validate` and `generate --config`, refuses to overwrite,
/// and refuses bad names all at once with nothing written.
struct InitCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    /// A square icon at each scale asked for, coloured by `index`: `base` pixels at 1x (48 makes
    /// an @2x-only image large enough for @3x, so validate has nothing to warn about).
    static func image(_ folder: URL, _ stem: String, scales: [Int], index: Int, base: Int = 32) throws {
        for scale in scales {
            let suffix = scale == 1 ? "" : "@\(scale)x"
            try PackFixtures.writePNG(PackFixtures.icon(size: base * scale, PackFixtures.colour(index)), to: folder.appendingPathComponent("\(stem)\(suffix).png"))
        }
    }

    /// A 96x96 two-frame animation.
    static func gif(_ first: UInt8, _ second: UInt8) -> [UInt8] {
        GIFWriter.encode(
            width: 96, height: 96, palette: GIFWriter.fourColours, loopCount: 0,
            frames: [.solid(width: 96, height: 96, index: first, delayCentiseconds: 20), .solid(width: 96, height: 96, index: second, delayCentiseconds: 30)])
    }

    /// A folder of images as people keep them: scales grouped or missing, a GIF beside its PNG
    /// and one alone, the pack's own delete and tab icons, a note and a drafts folder.
    static func stickers(at folder: URL) throws {
        try image(folder, "wave", scales: [1, 2, 3], index: 0)
        try image(folder, "a b", scales: [2], index: 1, base: 48)
        try image(folder, "a", scales: [2, 3], index: 2)
        try image(folder, "猫", scales: [1, 3], index: 3)
        try image(folder, "a&b<c>", scales: [2], index: 4, base: 48)
        try image(folder, "jump", scales: [2], index: 5, base: 48)
        try PackFixtures.write(gif(0, 1), to: folder.appendingPathComponent("jump.gif"))
        try PackFixtures.write(gif(2, 1), to: folder.appendingPathComponent("spin.gif"))
        try image(folder, "delete", scales: [2], index: 6, base: 48)
        try image(folder, "icon", scales: [2], index: 7, base: 48)
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("drafts"), withIntermediateDirectories: true)
        try image(folder.appendingPathComponent("drafts"), "old", scales: [2], index: 8)
    }

    static let expectedPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <array>
        \t<dict>
        \t\t<key>chs</key>
        \t\t<string>[a]</string>
        \t\t<key>png</key>
        \t\t<string>a.png</string>
        \t\t<key>type</key>
        \t\t<string>0</string>
        \t</dict>
        \t<dict>
        \t\t<key>chs</key>
        \t\t<string>[a b]</string>
        \t\t<key>png</key>
        \t\t<string>a b.png</string>
        \t\t<key>type</key>
        \t\t<string>0</string>
        \t</dict>
        \t<dict>
        \t\t<key>chs</key>
        \t\t<string>[a&amp;b&lt;c&gt;]</string>
        \t\t<key>png</key>
        \t\t<string>a&amp;b&lt;c&gt;.png</string>
        \t\t<key>type</key>
        \t\t<string>0</string>
        \t</dict>
        \t<dict>
        \t\t<key>chs</key>
        \t\t<string>[jump]</string>
        \t\t<key>gif</key>
        \t\t<string>jump.gif</string>
        \t\t<key>png</key>
        \t\t<string>jump.png</string>
        \t\t<key>type</key>
        \t\t<string>0</string>
        \t</dict>
        \t<dict>
        \t\t<key>chs</key>
        \t\t<string>[spin]</string>
        \t\t<key>gif</key>
        \t\t<string>spin.gif</string>
        \t\t<key>type</key>
        \t\t<string>0</string>
        \t</dict>
        \t<dict>
        \t\t<key>chs</key>
        \t\t<string>[wave]</string>
        \t\t<key>png</key>
        \t\t<string>wave.png</string>
        \t\t<key>type</key>
        \t\t<string>0</string>
        \t</dict>
        \t<dict>
        \t\t<key>chs</key>
        \t\t<string>[猫]</string>
        \t\t<key>png</key>
        \t\t<string>猫.png</string>
        \t\t<key>type</key>
        \t\t<string>0</string>
        \t</dict>
        </array>
        </plist>

        """

    static func manifest(_ out: URL) throws -> Manifest { try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifests/375.json"))) }

    @Test func writesThePlistTheFolderIsReadAsAndAStarterConfig() throws {
        let dir = Fixtures.temporaryDirectory()
        let folder = dir.appendingPathComponent("stickers")
        try Self.stickers(at: folder)
        let common = ["--widths", "375", "--no-preview", "-q"]
        let before = run(["generate", folder.path, "--out", dir.appendingPathComponent("before").path] + common)
        #expect(before.status == 0, "\(before.err)")

        let result = run(["init", folder.path])
        #expect(result.status == 0, "\(result.err)")
        #expect(
            result.out
                == "emokit: wrote \(folder.path)/info.plist (7 emoticons) and \(folder.path)/emokit.json\nNext: emokit validate \(folder.path), then emokit generate --config \(folder.path)/emokit.json\n"
        )
        let notes = result.err.split(separator: "\n").map(String.init)
        #expect(
            notes == [
                "note: \(folder.path): skipped 1 folder (drafts/): init lists the images directly in the folder",
                "note: \(folder.path): skipped 1 file (notes.txt) that is not an image emokit reads (PNG, JPEG, WebP, BMP or GIF)",
                "note: \(folder.path)/delete@2x.png: the tab's delete button, not an emoticon; not listed",
                "note: \(folder.path)/icon@2x.png: the tab's icon, not an emoticon; not listed",
                "note: \(folder.path)/spin.gif: no PNG beside it; the entry shows the animation's first frame (add spin.png for apps that need one)",
            ], "\(result.err)")
        #expect(try String(contentsOf: folder.appendingPathComponent("info.plist"), encoding: .utf8) == Self.expectedPlist)
        #expect(try Data(contentsOf: folder.appendingPathComponent("emokit.json")) == Data(ProjectStarter.configJSON.utf8))
        // No temporary files are left behind.
        #expect(try !FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.contains("emokit-init") })

        // validate passes without a warning; generate gives the keyboard the plain folder gave.
        let validate = run(["validate", folder.path, "--strict"])
        #expect(validate.status == 0 && validate.err == "", "\(validate.err)")
        let after = run(["generate", folder.path, "--out", dir.appendingPathComponent("after").path] + common)
        #expect(after.status == 0, "\(after.err)")
        let (plain, pack) = (try Self.manifest(dir.appendingPathComponent("before")), try Self.manifest(dir.appendingPathComponent("after")))
        #expect(pack.tabs.map(\.id) == plain.tabs.map(\.id) && pack.tabs.map(\.title) == plain.tabs.map(\.title))
        #expect(pack.tabs.flatMap(\.pages) == plain.tabs.flatMap(\.pages))
        #expect(pack.tabs[0].pages[0].buttons.compactMap(\.text).prefix(3) == ["[a]", "[a b]", "[a&b<c>]"])

        // The starter config generates every default width into the folder's emokit-output.
        let configured = run(["generate", "--config", folder.appendingPathComponent("emokit.json").path, "-q"])
        #expect(configured.status == 0, "\(configured.err)")
        let widths = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("emokit-output/manifests").path).sorted()
        #expect(widths == ["375.json", "390.json", "393.json", "402.json", "414.json", "420.json", "428.json", "430.json", "440.json"])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("emokit-output/index.html").path))
    }

    @Test func starterConfigHoldsGeneratesDefaultsAndLoads() throws {
        #expect(
            ProjectStarter.configJSON == """
                {
                  "packs": ["."],
                  "out": "emokit-output",
                  "widths": [375, 390, 393, 402, 414, 420, 428, 430, 440],
                  "sheets": "any-width",
                  "scales": [2, 3],
                  "layout": "classic",
                  "locale": "cn",
                  "compression": 3,
                  "preview": true,
                  "xcassets": false,
                  "web": false,
                  "android": false
                }

                """)
        let url = Fixtures.temporaryDirectory().appendingPathComponent("emokit.json")
        try Data(ProjectStarter.configJSON.utf8).write(to: url)
        var options = GeneratorOptions(inputs: [], output: URL(fileURLWithPath: "elsewhere"))
        try GeneratorConfig.load(url).apply(to: &options)
        #expect(options.inputs.map(\.standardizedFileURL.path) == [url.deletingLastPathComponent().standardizedFileURL.path])
        #expect(options.output.standardizedFileURL.path == url.deletingLastPathComponent().appendingPathComponent("emokit-output").standardizedFileURL.path)
    }

    /// Every key of the starter config is described in the README's Config file table.
    @Test func readmeDescribesEveryStarterKey() throws {
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### Config file").dropFirst().first?.components(separatedBy: "\n### ").first)
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(ProjectStarter.configJSON.utf8)) as? [String: Any]).keys
        for key in keys { #expect(section.contains("| `\(key)`"), "\(key)") }
    }

    @Test func refusesToOverwriteAndWritesBothOrNeither() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("pack")
        try Self.image(folder, "wave", scales: [2], index: 0)
        try Data("{}".utf8).write(to: folder.appendingPathComponent("emokit.json"))
        let config = run(["init", folder.path])
        #expect(config.status == 1)
        #expect(config.err == "error: \(folder.path)/emokit.json already exists; nothing written (--force replaces info.plist and emokit.json)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("info.plist").path))
        #expect(try String(contentsOf: folder.appendingPathComponent("emokit.json"), encoding: .utf8) == "{}")

        try FileManager.default.removeItem(at: folder.appendingPathComponent("emokit.json"))
        #expect(run(["init", folder.path, "-q"]).status == 0)
        let plist = try Data(contentsOf: folder.appendingPathComponent("info.plist"))
        let again = run(["init", folder.path])
        #expect(again.status == 1 && again.err.hasPrefix("error: \(folder.path)/info.plist already exists; nothing written"))

        // --force replaces both, with the images as they are now.
        try Self.image(folder, "zoom", scales: [2], index: 1)
        try Data("edited".utf8).write(to: folder.appendingPathComponent("emokit.json"))
        let forced = run(["init", folder.path, "--force"])
        #expect(forced.status == 0, "\(forced.err)")
        #expect(forced.out.contains("(2 emoticons)") && forced.err == "")
        #expect(try Data(contentsOf: folder.appendingPathComponent("info.plist")) != plist)
        #expect(try String(contentsOf: folder.appendingPathComponent("emokit.json"), encoding: .utf8) == ProjectStarter.configJSON)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["emokit.json", "info.plist", "wave@2x.png", "zoom@2x.png"])
    }

    @Test func otherPackFilesAreNeverReplaced() throws {
        for name in ["Info.plist", "info.json", "Emoji.plist", "EMOKIT.json"] {
            let folder = Fixtures.temporaryDirectory().appendingPathComponent("pack")
            try Self.image(folder, "wave", scales: [2], index: 0)
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
            let result = run(["init", folder.path, "--force"])
            #expect(result.status == 1, "\(name)")
            #expect(result.err.hasPrefix("error: \(folder.path)/\(name): ") || result.err.hasPrefix("error: \(folder.path)/\(name) already exists"), "\(result.err)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [name, "wave@2x.png"].sorted(), "\(name)")
        }
    }

    @Test func badNamesAreAllRefusedAndNothingIsWritten() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("pack")
        try Self.image(folder, "ok", scales: [2], index: 0)
        for stem in ["[smile]", "a@2x", "tab\there", "~home", "e\u{301}"] { try Self.image(folder, stem, scales: [2], index: 1) }
        try Self.image(folder, "\u{e9}", scales: [2], index: 2)
        try PackFixtures.writePNG(PackFixtures.icon(size: 64, (1, 2, 3)), to: folder.appendingPathComponent("@2x.png"))
        try PackFixtures.writePNG(PackFixtures.icon(size: 64, (1, 2, 3)), to: folder.appendingPathComponent("dup.png"))
        try PackFixtures.writePNG(PackFixtures.icon(size: 64, (1, 2, 3)), to: folder.appendingPathComponent("dup.PNG"))
        try PackFixtures.writePNG(PackFixtures.icon(size: 32, (1, 2, 3)), to: folder.appendingPathComponent("mixed.png"))
        try PackFixtures.writePNG(PackFixtures.icon(size: 64, (1, 2, 3)), to: folder.appendingPathComponent("mixed@2x.PNG"))
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let result = run(["init", folder.path])
        #expect(result.status == 1)
        let p = folder.path
        let expected = [
            "error: \(p)/@2x.png: no name before the scale or extension",
            "error: \(p)/[smile]@2x.png: brackets cannot be part of a name: chs is the name in brackets ([name]); rename it (e.g. \"smile\")",
            "error: \(p)/a@2x@2x.png: two scale suffixes; name it name@2x or name@3x",
            "error: \(p)/dup.png: the same image as dup.PNG (one name, one scale); keep one",
            "error: \(p)/mixed@2x.PNG: spell the extension as mixed.png does (.png): the @2x/@3x files are found from the base name",
            "error: \(p)/tab\\there@2x.png: the reader refuses this file name (control characters are not allowed); rename it",
            "error: \(p)/~home@2x.png: the reader refuses this file name (a file name may not start with '~'); rename it",
            "error: \(p)/\u{e9}@2x.png: spells the name of e\u{301}@2x.png with other Unicode code points (another normal form); rename one so they match",
            "error: nothing written: rename the files above and run init again",
        ]
        #expect(result.err.split(separator: "\n").map(String.init) == expected, "\(result.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
    }

    @Test func foldersWithoutImagesAndUsageErrors() throws {
        let dir = Fixtures.temporaryDirectory()
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: empty.appendingPathComponent("readme.txt"))
        let none = run(["init", empty.path])
        #expect(none.status == 1 && none.err == "error: \(empty.path): no PNG, JPEG, WebP, BMP or GIF images in the folder; init lists the images directly in it\n", "\(none.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path) == ["readme.txt"])
        let missing = run(["init", dir.appendingPathComponent("nope").path])
        #expect(missing.status == 1 && missing.err == "error: \(dir.path)/nope: no such folder\n")
        let file = run(["init", empty.appendingPathComponent("readme.txt").path])
        #expect(file.status == 1 && file.err.contains("readme.txt: not a folder"))
        let two = run(["init", empty.path, dir.path])
        #expect(two.status == 2 && two.err.contains("Unexpected argument '\(dir.path)' (one <folder> at a time)"), "\(two.err)")
        #expect(run(["init"]).status == 2)
        let help = run(["help", "init"])
        #expect(help.status == 0 && help.out.contains("USAGE: emokit init <folder> [--force] [--update] [--remove-missing] [--quiet]"))
        #expect(run(["--help"]).out.contains("  init "))
        #expect(run(["completions", "bash"]).out.contains("init) opts=\"--force --update --remove-missing --quiet -q --help -h\""))
    }

    @Test func suggestedCommandsQuoteFolderNames() {
        #expect(InitCommand.shellWord("Packs/猫_1") == "Packs/猫_1")
        #expect(InitCommand.shellWord("My Stickers") == "'My Stickers'")
        #expect(InitCommand.shellWord("it's") == #"'it'\''s'"#)
    }
}
