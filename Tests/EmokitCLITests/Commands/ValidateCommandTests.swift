import EmokitCLI
import Foundation
import Imaging
import PipelineTestSupport
import TestSupport
import Testing

/// `emokit validate`: every planted problem is found, the samples pass `--strict`, nothing is written.
struct ValidateCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    /// A square icon, or a `width`x`height` one.
    static func png(_ width: Int, _ height: Int? = nil, to url: URL) throws {
        var image = RGBAImage(width: width, height: height ?? width)
        image.setPixel(x: 0, y: 0, (200, 10, 10, 255))
        try PackFixtures.writePNG(image, to: url)
    }

    /// A Weibo pack with one clean entry and one of each warning `validate` finds.
    static func plantedPack(at folder: URL) throws {
        let entries: [[String: Any]] = [
            ["chs": "[ok]", "png": "ok.png", "type": "0"],
            ["chs": "[wide]", "png": "wide.png", "type": "0"],
            ["chs": "[tiny]", "png": "tiny.png", "type": "0"],
            ["chs": "[mismatch]", "png": "mm.png", "type": "0"],
            ["chs": "[ok]", "png": "ok.png", "type": "0"],
        ]
        try PackFixtures.writePlist(entries, to: folder.appendingPathComponent("info.plist"))
        try png(48, to: folder.appendingPathComponent("ok.png"))
        try png(96, to: folder.appendingPathComponent("ok@2x.png"))
        try png(200, 96, to: folder.appendingPathComponent("wide@2x.png"))
        try png(20, to: folder.appendingPathComponent("tiny@2x.png"))
        try png(48, to: folder.appendingPathComponent("mm.png"))
        try png(100, to: folder.appendingPathComponent("mm@2x.png"))
        try png(96, to: folder.appendingPathComponent("stray@2x.png"))
        // Files with their own meaning are not "unused".
        try png(96, to: folder.appendingPathComponent("delete@2x.png"))
        try png(96, to: folder.appendingPathComponent("icon.png"))
    }

    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
        for case let url as URL in enumerator { files[url.path] = try? Data(contentsOf: url) }
        return files
    }

    @Test func findsEveryPlantedWarning() throws {
        let dir = Fixtures.temporaryDirectory()
        let pack = dir.appendingPathComponent("faces")
        try Self.plantedPack(at: pack)
        let before = try Self.snapshot(dir)
        let result = run(["validate", pack.path])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.err.split(separator: "\n").map(String.init)
        // Files are named from the working folder (absolute: the temporary folder is outside it).
        let f = pack.path
        let expected = [
            "warning: \(f)/info.plist: \(f)/stray@2x.png is not named by any entry; unused",
            "warning: \(f)/info.plist: entry 1 (\"[wide]\"): png: \(f)/wide@2x.png is 200x96, far from square (2.1:1, more than 1.5:1)",
            "warning: \(f)/info.plist: entry 2 (\"[tiny]\"): \(f)/tiny@2x.png is 20 px, enlarged 4.8x to 96 px at @3x",
            "warning: \(f)/info.plist: entry 3 (\"[mismatch]\"): png: \(f)/mm@2x.png is 100x100, but \(f)/mm.png is 48x48: an @2x file should be 96x96",
            "warning: \(f)/info.plist: entry 4: chs \"[ok]\" repeats entry 0; keeping entry 0",
        ]
        for prefix in expected {
            #expect(lines.contains { $0.hasPrefix(prefix) }, "missing \(prefix) in:\n\(result.err)")
        }
        #expect(lines.count == expected.count, "\(result.err)")
        #expect(!result.err.contains("delete") && !result.err.contains("icon.png") && !result.err.contains("[ok]\"): png"))
        #expect(try Self.snapshot(dir) == before)

        let strict = run(["validate", pack.path, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.err.split(separator: "\n").filter { $0.hasPrefix("error: ") }.count == expected.count, "\(strict.err)")
        #expect(try Self.snapshot(dir) == before)
    }

    @Test func findsWhatGenerateRefuses() throws {
        let dir = Fixtures.temporaryDirectory()
        let pack = dir.appendingPathComponent("faces")
        try PackFixtures.writePlist(
            [["chs": "[ok]", "png": "ok.png", "type": "0"], ["chs": "[gone]", "png": "gone.png", "type": "0"]],
            to: pack.appendingPathComponent("info.plist"))
        try Self.png(96, to: pack.appendingPathComponent("ok@2x.png"))
        let before = try Self.snapshot(dir)
        let result = run(["validate", pack.path])
        #expect(result.status == 1)
        #expect(result.err.contains("error: \(pack.path)/info.plist: entry 1 (\"[gone]\"): png: file not found: \(pack.path)/gone.png"), "\(result.err)")
        let generate = run(["generate", pack.path, "--out", dir.appendingPathComponent("out").path, "-q"])
        #expect(generate.status == 1 && generate.err == result.err)
        #expect(try Self.snapshot(dir) == before)
        // A delete icon generate cannot read is refused by validate too, in the same words.
        try Self.png(48, to: pack.appendingPathComponent("gone.png"))
        let missing = dir.appendingPathComponent("nonexistent.png").path
        let icon = run(["validate", pack.path, "--delete-icon", missing])
        #expect(icon.status == 1 && icon.err.contains(missing), "\(icon.err)")
        let iconGenerate = run(["generate", pack.path, "--delete-icon", missing, "--out", dir.appendingPathComponent("out").path, "-q"])
        #expect(iconGenerate.status == 1 && iconGenerate.err == icon.err)
    }

    @Test func findsEmojiWithoutGlyphs() throws {
        let dir = Fixtures.temporaryDirectory()
        let pack = dir.appendingPathComponent("emoji")
        try PackFixtures.writePlist([["chs": "smile", "code": "1F604", "type": "1"]], to: pack.appendingPathComponent("info.plist"))
        let images = dir.appendingPathComponent("emoji-images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Self.png(96, to: images.appendingPathComponent("1f600.png"))
        let result = run(["validate", pack.path, "--emoji-images", images.path])
        #expect(result.status == 1)
        #expect(result.err.contains("error: ") && result.err.contains("emoji/info.plist: entry 0"), "\(result.err)")
    }

    @Test func samplePacksPassStrict() throws {
        let samples = Fixtures.samplePacks
        let before = try Self.snapshot(samples)
        let result = run(["validate", samples.path, "--strict"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.isEmpty && result.out == "emokit: 3 tabs, 159 emoticons checked with --strict: no errors, 0 warnings\n", "\(result.out)\(result.err)")
        #expect(try Self.snapshot(samples) == before)
    }

    /// A run that finds errors ends with a summary line too, saying how many and why warnings
    /// count (it used to end with the last error).
    @Test func aFailedValidationEndsWithASummaryLine() throws {
        let pack = Fixtures.conformance.appendingPathComponent("plists/weibo-valid").path
        let strict = run(["validate", pack, "--strict"])
        let errors = strict.err.split(separator: "\n").filter { $0.hasPrefix("error: ") }.count
        #expect(strict.status == 1 && errors > 0)
        #expect(strict.out == "emokit: checked: \(errors) errors, 0 warnings (--strict makes warnings errors)\n", "\(strict.out)")
        let missing = run(["validate", Fixtures.conformance.appendingPathComponent("plists/missing-png-key").path])
        #expect(missing.status == 1 && missing.out.hasPrefix("emokit: checked: 1 error, "), "\(missing.out)")
        #expect(run(["validate", pack, "--strict", "-q"]).out == "")
    }

    /// Images the kit draws itself (NIM's pressed delete key) and a delete-key image the note
    /// already named are never called unused.
    @Test func theKitsOwnImagesAreNeverCalledUnused() throws {
        let nim = Fixtures.packageRoot.appendingPathComponent("Tests/EmoticonPacksTests/Fixtures/Kits/NIM/NIMKitEmoticon.bundle/Emoji")
        let result = run(["validate", nim.path])
        #expect(result.status == 0 && !result.err.contains("emoji_del_pressed"), "\(result.err)")
        // A Pidgin theme's Icon is the theme's own image.
        let theme = Fixtures.temporaryDirectory().appendingPathComponent("default")
        try Fixtures.copy(Fixtures.packageRoot.appendingPathComponent("Tests/EmoticonPacksTests/Fixtures/Pidgin/emotes/default"), to: theme)
        let pidgin = run(["validate", theme.path])
        #expect(pidgin.status == 0 && !pidgin.err.contains("wink.png"), "\(pidgin.err)")
        let pack = Fixtures.temporaryDirectory().appendingPathComponent("faces")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        for name in ["smile.png", "delete.png", "Backspace@2x.png"] { try Self.png(48, to: pack.appendingPathComponent(name)) }
        let faces = run(["validate", pack.path])
        #expect(faces.status == 0 && !faces.err.contains("is not named by any entry"), "\(faces.err)")
        #expect(faces.err.contains("Backspace@2x.png also named like one, not used"), "\(faces.err)")
    }

    @Test func usageErrorsAndHelp() {
        #expect(run(["validate"]).status == 2)
        #expect(run(["validate", "x", "--widths", "abc"]).status == 2)
        #expect(run(["validate", "x", "--out", "y"]).status == 2)
        let help = run(["validate", "--help"])
        #expect(help.status == 0 && help.out.contains("USAGE: emokit validate <pack> ...") && help.out.contains("--strict"))
        #expect(run(["--help"]).out.contains("validate"))
    }
}
