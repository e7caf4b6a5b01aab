import Foundation
import Testing

@testable import Settings

/// Every path a config file gives starts from the config file's folder, `@FILE` list items
/// (`emojiExclude`) included; on the command line they start from the working folder.
struct ConfigAtFileTests {
    @Test func anAtFileInAConfigIsReadFromTheConfigFilesFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emokit-atfile-\(UUID().uuidString)/project")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("emokit.json")
        try Data(#"{"emojiExclude": "1F603, @lists/flags.txt, @/abs/list.txt"}"#.utf8).write(to: url)
        let config = try GeneratorConfig.load(url)
        let options = try SettingsTable.options(GivenFlags(texts: [:], present: [], positionals: ["pack"]), config: config, cache: nil)
        #expect(options.emojiExclude == ["1F603", "@" + folder.appendingPathComponent("lists/flags.txt").path, "@/abs/list.txt"])
    }

    @Test func anAtFileOnTheCommandLineStaysAsGiven() throws {
        let options = try SettingsTable.options(GivenFlags(texts: ["emoji-exclude": "@lists/flags.txt"], present: [], positionals: ["pack"]), config: nil, cache: nil)
        #expect(options.emojiExclude == ["@lists/flags.txt"])
    }
}
