import Foundation
import Pipeline
import TestSupport
import Testing

/// The config file read into the run's options.
struct GeneratorConfigTests {
    /// The config file's `tabIds` key reaches the run.
    @Test func configFileTabIDsKey() throws {
        let root = Fixtures.temporaryDirectory()
        try WeiboPackFixtures.onePack(root, "猫 咪")
        let config = root.appendingPathComponent("emokit.json")
        try Data(#"{"packs": ["猫 咪"], "tabIds": {"猫 咪": "cats"}}"#.utf8).write(to: config)
        var options = GeneratorOptions(inputs: [], output: root.appendingPathComponent("out"))
        try GeneratorConfig.load(config).apply(to: &options)
        #expect(options.tabIDs == ["猫 咪": "cats"])
    }
}
