import EmoticonManifest
import Foundation
import TestSupport
import Testing

/// `emokit inspect`: one line per file, JSON, and folders.
struct InspectCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

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

    /// `inspect --json`: the same facts as the lines, as one array in argument order; a refused
    /// file carries its error and the exit status stays 1.
    @Test func inspectJSON() throws {
        let dir = Fixtures.temporaryDirectory()
        let good = Fixtures.samplePacks.appendingPathComponent("faces/f_haha.png").path
        let bad = dir.appendingPathComponent("bad.png")
        try Data("not a png".utf8).write(to: bad)
        let lines = run(["inspect", good])
        let fields = lines.out.split(separator: "\n")[0].split(separator: "\t").map(String.init)
        let result = run(["inspect", "--json", good, bad.path])
        #expect(result.status == 1 && result.err.contains("error: "))
        let records = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
        #expect(records.count == 2)
        #expect(records[0]["path"] as? String == good && records[0]["error"] == nil)
        #expect("\(records[0]["width"]!)x\(records[0]["height"]!)" == fields[1])
        #expect(records[0]["format"] as? String == fields[2] && records[0]["rgbaSHA256"] as? String == fields[3])
        #expect(records[1]["path"] as? String == bad.path && (records[1]["error"] as? String)?.contains("bad.png") == true && records[1]["width"] == nil)
    }

    @Test func inspectOnAFolderSaysSo() {
        let folder = Fixtures.packageRoot.appendingPathComponent("Assets").path
        let result = run(["inspect", folder])
        #expect(result.status == 1)
        #expect(result.err == "error: \(folder): is a folder; inspect reads PNG files (e.g. emokit inspect \(folder)/*.png)\n")
    }
}
