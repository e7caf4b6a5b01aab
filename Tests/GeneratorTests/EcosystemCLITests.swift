import EmokitCLI
import EmoticonManifest
import Foundation
import TestSupport
import Testing

/// The ecosystem options on the command line: `--xcassets[=NAME]`.
struct EcosystemCLITests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLITests.invoke(arguments) }

    @Test func xcassetsTakesAnOptionalInlineName() throws {
        let dir = Fixtures.temporaryDirectory()
        let samples = GeneratorRunTests.samples.path
        let plain = run(["generate", samples, "--out", dir.appendingPathComponent("a").path, "--widths", "375", "--no-preview", "--xcassets", "-q"])
        #expect(plain.status == 0, "\(plain.err)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("a/Emoticons.xcassets/faces/375-page-000.imageset/Contents.json").path))
        let named = run(["generate", samples, "--out", dir.appendingPathComponent("b").path, "--widths", "375", "--no-preview", "--xcassets=Stickers", "-q"])
        #expect(named.status == 0, "\(named.err)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("b/Stickers.xcassets/Contents.json").path))
        #expect(run(["generate", "--help"]).out.contains("--xcassets[=<name>]"))
    }

    @Test func xcassetsRefusesBadNamesAndScaleFour() {
        let bad = run(["generate", "pack", "--xcassets=../Elsewhere"])
        #expect(bad.status == 2 && bad.err.contains("--xcassets takes a plain name such as Emoticons (the folder is NAME.xcassets), not '../Elsewhere'"))
        let scale = run(["generate", "pack", "--xcassets", "--scales", "2,4"])
        #expect(scale.status == 2 && scale.err.contains("asset catalogs hold 1x, 2x and 3x images"))
    }

    /// `inspect --json`: the same facts as the lines, as one array in argument order; a refused
    /// file carries its error and the exit status stays 1.
    @Test func inspectJSON() throws {
        let dir = Fixtures.temporaryDirectory()
        let good = GeneratorRunTests.samples.appendingPathComponent("faces/f_haha.png").path
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
}
