import EmoticonManifest
import Foundation
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// KDE themes whose map names images they lack: the emoticons KDE leaves out are left out, said
/// once per pack by `generate` and one by one by `validate`; `--strict` refuses them.
struct KDEThemeRunTests {
    static let fixture = PackRun.fixtures.appendingPathComponent("KDE/misspelt/Breeze")

    /// A theme of six emoticons of which only the first has its image (`face-angel.png`).
    static func themeMissingFive(_ name: String = #function) throws -> URL {
        let folder = Fixtures.temporaryDirectory(name).appendingPathComponent("Lost")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture.appendingPathComponent("face-angel.png"), to: folder.appendingPathComponent("face-angel.png"))
        let emoticons = ["face-angel": "O:)", "a": ":a", "b": ":b", "c": ":c", "d": ":d", "e.png": ":e"]
        let body = emoticons.sorted { $0.value < $1.value }.map { "<emoticon file=\"\($0.key)\"><string>\($0.value)</string></emoticon>" }
        try Data("<messaging-emoticon-map>\(body.joined())</messaging-emoticon-map>".utf8).write(to: folder.appendingPathComponent("emoticons.xml"))
        return folder
    }

    @Test func generateSaysTheMissingImagesOnceAPackAndValidateListsEach() throws {
        let theme = try Self.themeMissingFive()
        let options = GeneratorOptions(inputs: [theme], output: theme.deletingLastPathComponent().appendingPathComponent("out"))
        let plan = try Generator(options: options).plan()
        #expect(plan.packs.first?.entries.map(\.text) == ["O:)"])
        #expect(
            plan.warnings.filter { $0.code == "missing-image" }.map(\.description) == [
                "Lost/emoticons.xml: 5 emoticons skipped, no image in the pack (KDE leaves such emoticons out too): "
                    + "entry 0 \":a\" (Lost/a), entry 1 \":b\" (Lost/b), entry 2 \":c\" (Lost/c) and 2 more; validating lists each"
            ])
        let lint = try Generator(options: options).lint()
        #expect(
            lint.warnings.filter { $0.code == "missing-image" }.map(\.description)
                == [":a", ":b", ":c", ":d", ":e"].enumerated().map { index, text in
                    let file = text == ":e" ? "Lost/e.png" : "Lost/\(text.dropFirst())"
                    return "Lost/emoticons.xml: entry \(index) (\"\(text)\"): skipped: no image \(file) in the pack (KDE leaves such an emoticon out too)"
                })
        var strict = options
        strict.strict = true
        #expect(throws: GenerationError.self) { try Generator(options: strict).plan() }
        #expect(throws: GenerationError.self) { try Generator(options: strict).lint() }
    }

    /// The theme is drawn without the emoticon it lacks: one button fewer, the rest in order.
    @Test func theThemeIsDrawnWithoutTheEmoticonItLacks() throws {
        let manifest = try PackRun.generate([Self.fixture]).manifest
        #expect(manifest.tabs.map { $0.pages.flatMap(\.buttons).compactMap(\.text) } == [["O:)", "-o-o-"]])
    }
}
