import Foundation
import Pipeline
import RunSteps
import TestSupport
import Testing

/// GIF-only entries are warned for enlargement like PNGs, measured by their canvas.
struct GIFUpscaleWarningTests {
    @Test func aSmallGIFDrawnLargeIsWarnedWithItsCanvasSize() throws {
        // The Xhs set: three 8 px GIFs, each the entry's only image.
        let set = Fixtures.packageRoot.appendingPathComponent("Tests/EmoticonPacksTests/Fixtures/Xhs")
        var options = GeneratorOptions(inputs: [set], output: Fixtures.temporaryDirectory().appendingPathComponent("out"))
        options.scales = [2, 3]
        let plan = try Generator(options: options).plan()
        #expect(
            plan.warnings.filter { $0.code == "upscaled" }.map(\.description) == [
                "Xhs/kaomoji/kaomoji.xml: entry 0 (\"我来了\"): Xhs/kaomoji/1807378345340.gif is 8 px, enlarged 12x to 96 px at @3x (it will look soft; add a larger @3x image)",
                "Xhs/kaomoji/kaomoji.xml: entry 1 (\"好的\"): Xhs/kaomoji/1807378345299.gif is 8 px, enlarged 12x to 96 px at @3x (it will look soft; add a larger @3x image)",
                "Xhs/kaomoji/kaomoji.xml: entry 2 (\"晚安\"): Xhs/kaomoji/1807378345301.gif is 8 px, enlarged 12x to 96 px at @3x (it will look soft; add a larger @3x image)",
            ])
        options.strict = true
        #expect(throws: GenerationError.self) { try Generator(options: options).plan() }
    }
}
