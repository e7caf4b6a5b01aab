import EmokitCLI
import EmoticonManifest
import Foundation
import Imaging
import Pipeline
import TestSupport
import Testing

/// Problems of the packs as the CLI reports them: every one in one run, in entry order (image
/// headers are checked before anything is drawn); `--lenient` skips bad images like other bad
/// entries; enlarged images are warned once each with the factor; `--strict` makes warnings errors.
struct ProblemReportingTests {
    static let badPNG = Fixtures.conformance.appendingPathComponent("bad-png")
    static let sample = Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks/faces")

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    /// Entries 0 and 5 are good; 1 is a JPEG named .png, 2 a missing file, 3 a PNG cut mid-IDAT,
    /// 4 another missing file.
    static func brokenPack() throws -> URL {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("broken")
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["f_smile", "f_haha"] {
            for suffix in ["", "@2x", "@3x"] {
                try fm.copyItem(at: sample.appendingPathComponent("\(name)\(suffix).png"), to: folder.appendingPathComponent("\(name)\(suffix).png"))
            }
        }
        try fm.copyItem(at: badPNG.appendingPathComponent("jpeg-renamed.png"), to: folder.appendingPathComponent("photo.png"))
        try fm.copyItem(at: badPNG.appendingPathComponent("truncated-mid-idat.png"), to: folder.appendingPathComponent("cut.png"))
        let entries: [[String: Any]] = [
            ["chs": "[微笑]", "png": "f_smile.png"], ["chs": "[照片]", "png": "photo.png"], ["chs": "[丢失]", "png": "gone.png"],
            ["chs": "[半截]", "png": "cut.png"], ["chs": "[没了]", "png": "nothing.png"], ["chs": "[哈哈]", "png": "f_haha.png"],
        ]
        try PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0).write(to: folder.appendingPathComponent("info.plist"))
        return folder
    }

    @Test func everyProblemOfThePacksInOneRunInEntryOrder() throws {
        let pack = try Self.brokenPack()
        let out = pack.deletingLastPathComponent().appendingPathComponent("out")
        let result = run(["generate", pack.path, "--out", out.path, "--widths", "375"])
        #expect(result.status == 1)
        let lines = result.err.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result.err)")
        // Files are named from the working folder: absolute, as the temporary folder is outside it.
        let at = pack.path
        #expect(
            lines.map { $0.components(separatedBy: ": ").prefix(3).joined(separator: ": ") } == [
                "error: \(at)/info.plist: entry 1 (\"[照片]\")",
                "error: \(at)/info.plist: entry 2 (\"[丢失]\")",
                "error: \(at)/info.plist: entry 3 (\"[半截]\")",
                "error: \(at)/info.plist: entry 4 (\"[没了]\")",
            ])
        #expect(lines[0].contains("\(at)/photo.png") && lines[0].contains("JPEG"))
        #expect(lines[1].contains("file not found: \(at)/gone.png"))
        #expect(lines[2].contains("\(at)/cut.png") && lines[2].contains("truncated"))
        #expect(lines[3].contains("file not found: \(at)/nothing.png"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// Headers are checked on several threads, a block of entries at a time: problems in
    /// different jobs and blocks still come out once each, in entry order, whatever the threads.
    @Test func problemsAcrossManyEntriesStayInEntryOrder() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("many")
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        try fm.copyItem(at: Self.sample.appendingPathComponent("f_smile.png"), to: folder.appendingPathComponent("ok.png"))
        try fm.copyItem(at: Self.badPNG.appendingPathComponent("jpeg-renamed.png"), to: folder.appendingPathComponent("photo.png"))
        let bad: Set<Int> = [0, 31, 32, 1023, 1024, 1025, 2047, 2100]
        let entries: [[String: Any]] = (0..<2101).map { ["chs": "[e\($0)]", "png": bad.contains($0) ? "photo.png" : "ok.png"] }
        try PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0).write(to: folder.appendingPathComponent("info.plist"))
        let result = run(["validate", folder.path])
        #expect(result.status == 1)
        let lines = result.err.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(
            lines.map { $0.components(separatedBy: ": ").prefix(3).joined(separator: ": ") } == bad.sorted().map { "error: \(folder.path)/info.plist: entry \($0) (\"[e\($0)]\")" }, "\(result.err)")
    }

    @Test func lenientSkipsBadImagesLikeOtherBadEntries() throws {
        let pack = try Self.brokenPack()
        let out = pack.deletingLastPathComponent().appendingPathComponent("out")
        let result = run(["generate", pack.path, "--out", out.path, "--widths", "375", "--lenient", "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.err.split(separator: "\n").map(String.init)
        let prefix = "warning: \(pack.path)/info.plist: entry "
        #expect(lines.count == 4 && lines.allSatisfy { $0.hasPrefix(prefix) })
        #expect(lines.map { $0.dropFirst(prefix.count).prefix(1) } == ["1", "2", "3", "4"])
        let manifest = try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        #expect(manifest.tabs[0].pages[0].buttons.compactMap(\.text) == ["[微笑]", "[哈哈]"])
    }

    /// A 64 px image drawn in a 96 px box at @3x (and 64 at @2x, which is fine) is enlarged 1.5x:
    /// one warning for the image, with the factor, and the same finding in the plan's data.
    @Test func upscalingIsWarnedOncePerImageWithTheFactor() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("small")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.sample.appendingPathComponent("f_smile@2x.png"), to: folder.appendingPathComponent("smile@2x.png"))
        try FileManager.default.copyItem(at: Self.sample.appendingPathComponent("f_haha@3x.png"), to: folder.appendingPathComponent("haha.png"))
        let entries: [[String: Any]] = [["chs": "[微笑]", "png": "smile.png"], ["chs": "[哈哈]", "png": "haha.png"]]
        try PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0).write(to: folder.appendingPathComponent("info.plist"))
        let options = GeneratorOptions(inputs: [folder], output: folder.appendingPathComponent("out"))
        let plan = try Generator(options: options).plan()
        #expect(plan.warnings == [.upscaled(path: "small/info.plist", index: 0, text: "[微笑]", file: "small/smile@2x.png", pixels: 64, drawnAt: 96, scale: 3)])
        #expect(
            plan.warnings.map(\.description) == [
                "small/info.plist: entry 0 (\"[微笑]\"): small/smile@2x.png is 64 px, enlarged 1.5x to 96 px at @3x (it will look soft; add a larger @3x image)"
            ])
        let out = folder.appendingPathComponent("out")
        let result = run(["generate", folder.path, "--out", out.path, "--widths", "375", "--quiet"])
        #expect(result.status == 0 && result.err.split(separator: "\n").count == 1 && result.err.contains("enlarged 1.5x"))
        // --strict: the same finding stops the run.
        let strict = run(["generate", folder.path, "--out", out.path, "--widths", "375", "--strict"])
        #expect(strict.status == 1 && strict.err.hasPrefix("error: \(folder.path)/info.plist: entry 0 (\"[微笑]\"): \(folder.path)/smile@2x.png is 64 px, enlarged 1.5x"))
    }

    @Test func notesAndStrictFromTheCommandLine() throws {
        let root = Fixtures.temporaryDirectory().appendingPathComponent("Packs")
        try WeiboPackFixtures.makePack(root.appendingPathComponent("cats"), plistName: "Info.plist", entries: [WeiboPackFixtures.entry("[猫]", "cat.png")], images: ["cat.png"])
        try FileManager.default.createDirectory(at: root.appendingPathComponent("drafts"), withIntermediateDirectories: true)
        let out = root.deletingLastPathComponent().appendingPathComponent("out")
        let result = run(["generate", root.path, "--out", out.path, "--widths", "375"])
        #expect(result.status == 0)
        #expect(result.err.contains("warning: \(root.path)/drafts: skipped, not a pack: the folder is empty\n"))
        #expect(result.err.contains("note: \(root.path)/cats/Info.plist: read as the pack's info.plist\n"))
        let strict = run(["generate", root.path, "--out", out.path, "--widths", "375", "--strict"])
        #expect(strict.status == 1 && strict.err == "error: \(root.path)/drafts: skipped, not a pack: the folder is empty\n")
        let both = run(["generate", root.path, "--strict", "--lenient"])
        #expect(both.status == 2 && both.err.contains("'--strict' and '--lenient' cannot be used together"))
        // The same contradiction in a config file is named by its keys, not by flags.
        let config = root.deletingLastPathComponent().appendingPathComponent("both.json")
        try Data(#"{"strict": true, "lenient": true}"#.utf8).write(to: config)
        let configured = run(["generate", root.path, "--config", config.path, "--out", out.path])
        #expect(configured.status == 2 && configured.err == "error: \(config.path): keys 'strict' and 'lenient' cannot both be set\n", "\(configured.err)")
    }
}
