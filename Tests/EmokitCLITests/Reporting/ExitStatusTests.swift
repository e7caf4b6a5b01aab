import Foundation
import TestSupport
import Testing

/// Exit statuses: 1 for input errors, 3 for output failures, each naming what failed.
struct ExitStatusTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    @Test func inputErrorsExitOneNamingFileAndEntry() {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out").path
        let result = run(["generate", Fixtures.conformance.appendingPathComponent("plists/missing-png-key").path, "--out", out])
        #expect(result.status == 1)
        // The other entries' 64 px images are enlarged at @3x: warnings, printed before the error.
        let lines = result.err.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(lines.count == 1)
        #expect(lines[0] == "error: \(Fixtures.conformance.path)/plists/missing-png-key/info.plist: entry 1 (\"[嘻嘻]\"): png: missing: an image entry (type 0) needs png")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// Output failures have their own status (3), distinct from refused inputs (1), so a build
    /// script can tell "fix your pack" from "fix your disk or --out".
    @Test func outputFailuresExitThree() throws {
        let dir = Fixtures.temporaryDirectory()
        try Data("keep me".utf8).write(to: dir.appendingPathComponent("precious.txt"))
        let foreign = run(["generate", Fixtures.conformance.appendingPathComponent("plists/weibo-valid").path, "--out", dir.path, "--quiet"])
        #expect(foreign.status == 3)
        #expect(foreign.err.split(separator: "\n").count == 1 && foreign.err.contains("was not written by emokit"))
        let file = dir.appendingPathComponent("precious.txt").path
        let notAFolder = run(["generate", Fixtures.conformance.appendingPathComponent("plists/weibo-valid").path, "--out", file, "--quiet"])
        #expect(notAFolder.status == 3 && notAFolder.err.contains("exists and is not a folder"))
        #expect(run(["generate", "--help"]).out.contains("3 the output could not be written"))
        #expect(run(["--help"]).out.contains("3 the output could not be written"))
    }

    @Test func outputThatIsOrHoldsTheWorkingFolderOrAnInputIsRefused() throws {
        let samples = Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks").path
        let cwd = FileManager.default.currentDirectoryPath
        let here = run(["generate", samples, "--out", cwd])
        #expect(here.status == 3 && here.err.contains("is the current folder or holds it"), "\(here.err)")
        let parent = run(["generate", samples, "--out", URL(fileURLWithPath: cwd).deletingLastPathComponent().path])
        #expect(parent.status == 3 && parent.err.contains("is the current folder or holds it"))
        // An emokit output folder that holds the packs would delete them on the next run.
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("Packs"), withIntermediateDirectories: true)
        try Data().write(to: out.appendingPathComponent(".emokit-output"))
        try WeiboPackFixtures.makePack(out.appendingPathComponent("Packs/cats"), entries: [WeiboPackFixtures.entry("[猫]", "cat.png")], images: ["cat.png"])
        let inside = run(["generate", out.appendingPathComponent("Packs").path, "--out", out.path])
        #expect(inside.status == 3 && inside.err.contains("holds the input"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("Packs/cats/info.plist").path))
    }
}
