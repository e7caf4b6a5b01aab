import EmoticonManifest
import Foundation
import Pipeline
import PipelineTestSupport
import RunSteps
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

/// `packFiles` and `tabTitles` from a config file, end to end: an ambiguous text-map pack is read
/// from the image folder the config names, and a Weibo array pack gets its English title.
struct PackChoicesRunTests {
    @Test func packFilesAndTabTitlesReachTheManifest() throws {
        let root = Fixtures.temporaryDirectory()
        let liuqs = root.appendingPathComponent("packs/Liuqs")
        try Fixtures.copy(Fixtures.packageRoot.appendingPathComponent("Tests/EmoticonPacksTests/Fixtures/TextMaps/Liuqs"), to: liuqs)
        try Fixtures.copy(liuqs.appendingPathComponent("经典表情"), to: liuqs.appendingPathComponent("备份"))
        try WeiboPackFixtures.onePack(root, "packs/小喵")
        let config = root.appendingPathComponent("emokit.json")
        let json = #"{"packs": ["packs"], "locale": "en", "packFiles": {"Liuqs": {"images": "备份"}}, "tabTitles": {"小喵": {"en": "Kitty"}, "Liuqs": {"en": "Classic"}}}"#
        try Data(json.utf8).write(to: config)
        var options = GeneratorOptions(inputs: [], output: root.appendingPathComponent("out"))
        try GeneratorConfig.load(config).apply(to: &options)
        options.widths = [375]
        options.scales = [2]
        options.writePreview = false
        _ = try Generator(options: options).run()
        let manifest = try Manifest.decode(try Data(contentsOf: root.appendingPathComponent("out/manifests/375.json")))
        #expect(manifest.tabs.map(\.title) == ["Classic", "Kitty"])
        #expect(manifest.tabs.first?.pages.first?.buttons.compactMap(\.text) == ["[呲牙]", "[调皮]", "[流汗]"])
        // Without the choice, the run stops naming both folders.
        var unchosen = options
        unchosen.packFiles = [:]
        #expect {
            _ = try Generator(options: unchosen).run()
        } throws: { error in
            String(describing: error).contains("images found as well for values in packs/Liuqs/备份/ as for values in packs/Liuqs/经典表情/")
        }
    }
}

/// `validate --strict` and `generate --strict` call a finding the same: when the packs fail for
/// another reason, lint's warnings were still printed as warnings.
struct StrictLintTests {
    @Test func strictLintMakesWarningsErrorsAlsoWhenThePacksFail() throws {
        let root = Fixtures.temporaryDirectory()
        try WeiboPackFixtures.onePack(root, "Packs/faces")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Packs/zzz"), withIntermediateDirectories: true)
        var options = PipelineRun.options([root.appendingPathComponent("Packs")], out: root.appendingPathComponent("out"))
        options.strict = true
        options.tabIDs = ["nope": "x"]
        for run in [{ _ = try Generator(options: options).lint() }, { _ = try Generator(options: options).plan() }] as [() throws -> Void] {
            #expect {
                try run()
            } throws: { error in
                guard case GenerationError.packs(let errors, let warnings) = error else { return false }
                return warnings.isEmpty && errors.map(\.description) == ["Packs/zzz: skipped, not a pack: the folder is empty", "tabIds 'nope': no pack has this folder name or plist id"]
            }
        }
    }
}
