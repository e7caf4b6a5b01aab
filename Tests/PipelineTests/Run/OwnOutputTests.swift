import EmoticonPacks
import Foundation
import OutputTransaction
import Pipeline
import TestSupport
import Testing

/// emokit's own output inside the folder of packs it reads (`--out packs/build`) is no candidate
/// pack: it was a warning on every run, and with `--strict` the second run failed.
struct OwnOutputTests {
    @Test func theReaderKnowsTheMarkTheOutputCarries() {
        #expect(PackReader.outputMarker == OutputFolder.markerName)
    }

    @Test func aSecondStrictRunIntoAFolderOfPacksSucceedsWithoutAWord() throws {
        let packs = Fixtures.temporaryDirectory().appendingPathComponent("packs")
        _ = try WeiboPackFixtures.onePack(packs, "faces")
        var options = GeneratorOptions(inputs: [packs], output: packs.appendingPathComponent("build"))
        options.widths = [375]
        options.scales = [1, 2]  // the sample image is 64 px: drawn at @3x it would be enlarged (a warning)
        options.strict = true
        for run in 1...2 {
            let result = try Generator(options: options).run()
            #expect(result.warnings.isEmpty, "run \(run): \(result.warnings)")
        }
        #expect(FileManager.default.fileExists(atPath: packs.appendingPathComponent("build/\(OutputFolder.markerName)").path))
    }
}
