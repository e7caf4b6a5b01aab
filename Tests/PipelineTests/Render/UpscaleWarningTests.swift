import Foundation
import Imaging
import Pipeline
import PipelineSteps
import TestSupport
import Testing

/// Images drawn larger than they are: warned with the factor, errors under `--strict`.
struct UpscaleWarningTests {
    /// A 72 px emoji picture (Twemoji's size) drawn at 96 px is enlarged too, and said.
    @Test func enlargedEmojiImagesAreWarnedToo() throws {
        let dir = Fixtures.temporaryDirectory()
        let images = dir.appendingPathComponent("twemoji")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        var picture = RGBAImage(width: 72, height: 72)
        for y in 0..<72 { for x in 0..<72 { picture.setPixel(x: x, y: y, (250, 200, 0, 255)) } }
        try Data(PNGEncoder().encode(picture)).write(to: images.appendingPathComponent("1f600.png"))
        let pack = dir.appendingPathComponent("emoji")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: ["😀"], format: .xml, options: 0).write(to: pack.appendingPathComponent("Emoji.plist"))
        var options = GeneratorOptions(inputs: [pack], output: dir.appendingPathComponent("out"))
        options.emojiSource = .images(path: images.path)
        let plan = try Generator(options: options).plan()
        #expect(plan.upscaled == [.upscaled(path: "emoji/Emoji.plist", index: 0, text: "😀", file: "1f600.png", pixels: 72, drawnAt: 96, scale: 3)])
        #expect(
            plan.warnings.map(\.description) == [
                "emoji/Emoji.plist: entry 0 (\"😀\"): 1f600.png is 72 px, enlarged 1.33x to 96 px at @3x (it will look soft; add a larger @3x image)"
            ])
        options.strict = true
        #expect(throws: GenerationError.self) { try Generator(options: options).plan() }
    }
}
