import Foundation
import Imaging
import Pipeline
import RunSteps
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
        #expect(
            plan.warnings.map(\.description) == [
                "emoji/Emoji.plist: entry 0 (\"😀\"): 1f600.png is 72 px, enlarged 1.33x to 96 px at @3x (it will look soft; add a larger @3x image)"
            ])
        options.strict = true
        #expect(throws: GenerationError.self) { try Generator(options: options).plan() }
    }

    /// `generate` names the first ten enlarged images of a pack and counts the rest in one line;
    /// `validate` (the lint) names every one.
    @Test func manyEnlargedImagesAreCountedNotListed() throws {
        let dir = Fixtures.temporaryDirectory()
        let pack = dir.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        var dot = RGBAImage(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { dot.setPixel(x: x, y: y, (200, 0, 0, 255)) } }
        try Data(PNGEncoder().encode(dot)).write(to: pack.appendingPathComponent("dot.png"))
        let entries = (0..<25).map { ["chs": "[\($0)]", "png": "dot.png"] }
        try PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0).write(to: pack.appendingPathComponent("info.plist"))
        let options = GeneratorOptions(inputs: [pack], output: dir.appendingPathComponent("out"))
        let warnings = try Generator(options: options).plan().warnings.map(\.description)
        #expect(warnings.count == 11)
        #expect(warnings.prefix(10).allSatisfy { $0.contains("dot.png is 8 px, enlarged") })
        #expect(warnings.last == "small/info.plist: 15 more emoticons are enlarged the same way ('emokit validate' lists each)")
        let lint = try Generator(options: options).lint()
        #expect(lint.warnings.filter { $0.code == "upscaled" }.count == 25)
    }
}
