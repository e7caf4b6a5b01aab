import EmoticonPacks
import Foundation
import Testing

@testable import Pipeline

/// Shard fingerprints and page cache keys are hashes of `CanonicalText`, which names the types of
/// enum values. The modules split from `Generator` keep naming them `Generator`, so the hashes
/// (and shards and cache entries made before the split) do not change with where a type lives.
struct CanonicalTextTests {
    @Test func typesOfTheSplitModulesAreNamedInGenerator() {
        var options = GeneratorOptions(inputs: [], output: URL(fileURLWithPath: "/"))
        options.publishing.shard = ShardSpec(index: 1, count: 2)
        let text = CanonicalText.of(options)
        for module in CanonicalText.generatorModules { #expect(!text.contains("\(module).")) }
        #expect(CanonicalText.of(RunStep.sealing) == "Generator.RunStep.sealing")
        // The pack value types moved to EmoticonPackModel and keep the name EmoticonPacks.
        for module in CanonicalText.packModules { #expect(!text.contains("\(module).")) }
        #expect(CanonicalText.of(TitleLocale.tw) == "EmoticonPacks.TitleLocale.tw")
    }
}
