import EmokitCLI
import Foundation
import Testing
import TestSupport

/// The command line driven in-process: exit codes, help and the one-line errors users see.
struct CLITests {
    final class Recorder: @unchecked Sendable {
        var out = "", err = ""
        lazy var console = Console(out: { [unowned self] in self.out += $0 }, error: { [unowned self] in self.err += $0 })
    }

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let recorder = Recorder()
        let status = CLI.run(arguments, console: recorder.console)
        return (status, recorder.out, recorder.err)
    }

    @Test func helpAndVersion() {
        let help = run(["--help"])
        #expect(help.status == 0 && help.out.contains("SUBCOMMANDS:") && help.out.contains("generate") && help.out.contains("inspect"))
        let generateHelp = run(["generate", "--help"])
        #expect(generateHelp.status == 0 && generateHelp.out.contains("--widths <list>") && generateHelp.out.contains("USAGE: emokit generate <pack> ..."))
        #expect(run(["help", "inspect"]).out.contains("USAGE: emokit inspect"))
        let version = run(["--version"])
        #expect(version.status == 0 && version.out.hasPrefix("emokit 0.1.0 (libpng 1.6"))
    }

    @Test func usageMistakesExitTwoWithTheUsageLine() {
        let typo = run(["generate", "pack", "--widht", "375"])
        #expect(typo.status == 2)
        #expect(typo.err.contains("Error: Unknown option '--widht'") && typo.err.contains("Did you mean '--width")
                && typo.err.contains("Usage: emokit generate"))
        let missingValue = run(["generate", "pack", "--out"])
        #expect(missingValue.status == 2 && missingValue.err.contains("Missing value for '--out <dir>'"))
        let badList = run(["generate", "pack", "--widths", "375,abc"])
        #expect(badList.status == 2 && badList.err.contains("'--widths'"))
        let noPack = run(["generate"])
        #expect(noPack.status == 2 && noPack.err.contains("Missing expected argument '<pack> ...'"))
        let unknown = run(["generat"])
        #expect(unknown.status == 2 && unknown.err.contains("Did you mean 'generate'?"))
    }

    @Test func inputErrorsExitOneNamingFileAndEntry() {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out").path
        let result = run(["generate", Fixtures.conformance.appendingPathComponent("plists/missing-png-key").path, "--out", out])
        #expect(result.status == 1)
        let lines = result.err.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines[0] == "error: missing-png-key/info.plist: entry 1 (\"[嘻嘻]\"): png: missing: an image entry (type 0) needs png")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func inspectPrintsOneLinePerFile() {
        let good = Fixtures.conformance.appendingPathComponent("bad-png/control-good-64x64.png").path
        let bad = Fixtures.conformance.appendingPathComponent("bad-png/jpeg-renamed.png").path
        let result = run(["inspect", good, bad])
        #expect(result.status == 1)
        #expect(result.out == "\(good)\t64x64\trgba 8-bit\t4d287501a2e1275a7d335f55baecf69a364b72fe4582a9314f9f2fa6594f6cc9\n")
        #expect(result.err == "error: \(bad): not a PNG file (looks like JPEG)\n")
        let palette = Fixtures.conformance.appendingPathComponent("pngsuite/libpng-pngsuite/basn3p04.png").path
        #expect(run(["inspect", palette]).out.contains("\tpalette 4-bit\t"))
        let interlaced = Fixtures.conformance.appendingPathComponent("pngsuite/libpng-pngsuite/ibasn6a16.png").path
        #expect(run(["inspect", interlaced]).out.contains("\trgba 16-bit interlaced\t"))
    }

    @Test func generateReportsWhatItWrote() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out").path
        let result = run(["generate", Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks").path, "--out", out, "--widths", "320", "--scales", "2"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("3 tabs, 7 pages, 7 sheets"))
        #expect(FileManager.default.fileExists(atPath: out + "/preview/320.html"))
        #expect(FileManager.default.fileExists(atPath: out + "/index.html"))
    }
}
