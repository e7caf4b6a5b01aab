import EmokitCLI
import Foundation
import TestSupport
import Testing

/// Messages that used to point the wrong way (issue "a user's first hour", item 7). Each of
/// these printed something else before: a Cocoa error code, a character offset, an accepted
/// trailing comma, a widths example for scales, a replaced working folder.
struct MessageTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLITests.invoke(arguments) }

    @Test func inspectOnAFolderSaysSo() {
        let folder = Fixtures.packageRoot.appendingPathComponent("Assets").path
        let result = run(["inspect", folder])
        #expect(result.status == 1)
        #expect(result.err == "error: \(folder): is a folder; inspect reads PNG files (e.g. emokit inspect \(folder)/*.png)\n")
    }

    @Test func configSyntaxErrorsGiveLineAndColumn() throws {
        let dir = Fixtures.temporaryDirectory()
        let cases: [(String, String)] = [
            ("{\n  \"widths\": [375, 414],\n  \"scales\": [2, 3],\n}\n", ":3:19: not valid JSON: trailing comma before '}' (remove the last comma)"),
            ("{\n  \"widths\": [375, 414,]\n}", ":2:22: not valid JSON: trailing comma before ']' (remove the last comma)"),
            ("{\n  \"widths\": [375]\n  \"scales\": [2]\n}", ":3:3: not valid JSON: missing ',' between members"),
            ("{ 'widths': [375] }", ":1:3: not valid JSON: expected a key in double quotes, found '''"),
            ("{\n  // comment\n  \"widths\": [375]\n}", ":2:3: not valid JSON: comments are not allowed in JSON"),
            ("{ \"locale\": \"tw }", ":1:13: not valid JSON: a string that never ends (missing closing \")"),
            ("{ \"widths\": [375] } x", ":1:21: not valid JSON: unexpected 'x' after the end of the JSON value"),
        ]
        for (index, (json, expected)) in cases.enumerated() {
            let config = dir.appendingPathComponent("config-\(index).json")
            try Data(json.utf8).write(to: config)
            let result = run(["generate", "--config", config.path, "pack"])
            #expect(result.status == 1)
            #expect(result.err.hasPrefix("error: \(config.path)\(expected)"), "\(json): \(result.err)")
        }
    }

    @Test func fractionalScalesAreExplainedAsScales() {
        let result = run(["generate", "pack", "--scales", "1.5"])
        #expect(result.status == 2)
        #expect(result.err.contains("The value '1.5' is invalid for '--scales': expected whole numbers separated by commas, e.g. 2,3 (whole scales 1 to 4"))
        #expect(!result.err.contains("375"))
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
