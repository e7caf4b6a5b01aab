import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import EmokitCLI

/// Every command names a pack's files from the working folder (absolute outside it), however the
/// pack was given: `generate --config emokit.json` and `validate Emoticons` print the same path.
struct FilePathsTests {
    /// A project: `Emoticons/小喵` with a broken info.plist, a config beside it and one in a subfolder.
    static func project() throws -> URL {
        let root = Fixtures.temporaryDirectory().appendingPathComponent("proj")
        let pack = root.appendingPathComponent("Emoticons/小喵")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try Data("<plist><array><dict>".utf8).write(to: pack.appendingPathComponent("info.plist"))
        try Data(#"{"packs": ["Emoticons"], "out": "out"}"#.utf8).write(to: root.appendingPathComponent("emokit.json"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("config"), withIntermediateDirectories: true)
        try Data(#"{"packs": ["../Emoticons/小喵"], "out": "../out"}"#.utf8).write(to: root.appendingPathComponent("config/emokit.json"))
        return root
    }

    static func firstError(_ arguments: [String], in folder: URL) throws -> String {
        let result = try Subprocess.run(try EmokitBinary.locate(), arguments, currentDirectory: folder)
        #expect(result.status == 1, "\(result.stderr)")
        return String(result.stderr.split(separator: "\n").first { $0.hasPrefix("error: ") } ?? "")
    }

    @Test func everyCommandNamesTheFileFromTheWorkingFolder() throws {
        let root = try Self.project()
        let runs = [
            ["generate", "--config", "emokit.json", "-q"], ["generate", "--config", "config/emokit.json", "-q"], ["validate", "Emoticons"],
            ["validate", "Emoticons/小喵"], ["validate", root.appendingPathComponent("Emoticons").path], ["generate", "Emoticons", "--json"],
        ]
        for arguments in runs {
            let line = try Self.firstError(arguments, in: root)
            #expect(line.hasPrefix("error: Emoticons/小喵/info.plist: "), "\(arguments): \(line)")
        }
        // From inside the packs folder, and from outside the project (absolute).
        #expect(try Self.firstError(["validate", "."], in: root.appendingPathComponent("Emoticons")).hasPrefix("error: 小喵/info.plist: "))
        let elsewhere = root.deletingLastPathComponent().appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let outside = try Self.firstError(["validate", "../proj/Emoticons"], in: elsewhere)
        #expect(outside.hasPrefix("error: \(root.path)/Emoticons/小喵/info.plist: "), "\(outside)")
    }

    /// validate's unused images are named like the plist (they were `cats/dog.png` beside
    /// `Emoticons/cats/info.plist`).
    @Test func unusedImagesAreNamedLikeTheirPack() throws {
        let root = Fixtures.temporaryDirectory().appendingPathComponent("app")
        try WeiboPackFixtures.makePack(root.appendingPathComponent("Emoticons/cats"), entries: [WeiboPackFixtures.entry("[猫]", "cat.png")], images: ["cat.png", "dog.png"])
        let result = try Subprocess.run(try EmokitBinary.locate(), ["validate", "Emoticons", "-q"], currentDirectory: root)
        #expect(result.stderr.contains("warning: Emoticons/cats/info.plist: Emoticons/cats/dog.png is not named by any entry; unused\n"), "\(result.stderr)")
    }

    /// Only the paths a message carries as paths are named anew, never words that look like one
    /// (a quoted entry text, a config key naming a pack).
    @Test func onlyPathPartsAreNamedAnew() {
        let paths = FilePaths(inputs: [URL(fileURLWithPath: "/work/app/Emoticons"), URL(fileURLWithPath: "/other/faces")], workingFolder: "/work/app")
        #expect(paths.name("Emoticons/a/info.plist") == "Emoticons/a/info.plist")
        #expect(paths.name("faces/info.plist") == "/other/faces/info.plist")
        #expect(paths.name("myfaces/x.png") == "myfaces/x.png")
        let message: Diagnostic.Message = "\(path: "faces/info.plist"): (first: \(path: "faces/x.png")); not faces/y.png \(quoted: "faces/z.png")"
        #expect(message.text(namingSettings: { $0 }, namingPaths: paths.name) == "/other/faces/info.plist: (first: /other/faces/x.png); not faces/y.png \"faces/z.png\"")
        #expect(Diagnostic.Message("tabIds 'faces': no pack").text(namingSettings: { $0 }, namingPaths: paths.name) == "tabIds 'faces': no pack")
        // The working folder itself: names start inside it.
        #expect(FilePaths(inputs: [URL(fileURLWithPath: "/work/app")], workingFolder: "/work/app").name("app/小喵/info.plist") == "小喵/info.plist")
        // Two inputs of one name cannot be told apart: left as the reader names them.
        #expect(FilePaths(inputs: [URL(fileURLWithPath: "/a/packs"), URL(fileURLWithPath: "/b/packs")], workingFolder: "/").name("packs/x") == "packs/x")
    }
}
