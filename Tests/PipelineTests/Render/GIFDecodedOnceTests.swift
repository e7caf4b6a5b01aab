import EmoticonManifest
import Foundation
import Imaging
import TestSupport
import Testing

@testable import Pipeline

/// Each GIF is decoded once per run, however many entries name it (issue 26: a 9.5 MB GIF took
/// 10 s, plus 5 s for each further entry naming it). Shown by the plan holding one decoded frame
/// for every use of the file, and by the run's output: every use draws the same pixels.
struct GIFDecodedOnceTests {
    static func gif(size: Int) -> [UInt8] {
        GIFWriter.encode(
            width: size, height: size, palette: GIFWriter.fourColours, loopCount: 0,
            frames: [.solid(width: size, height: size, index: 0, delayCentiseconds: 20), .solid(width: size, height: size, index: 1, delayCentiseconds: 30)])
    }

    @Test func oneDecodePerFileWhateverNamesIt() throws {
        let dir = Fixtures.temporaryDirectory()
        let pack = dir.appendingPathComponent("anim")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try Data(Self.gif(size: 120)).write(to: pack.appendingPathComponent("a.gif"))
        try FileManager.default.copyItem(at: WeiboPackFixtures.sampleImage, to: pack.appendingPathComponent("p.png"))
        // Three entries showing only the GIF, two more playing it on long press.
        let entries: [[String: Any]] =
            (0..<3).map { ["chs": "[g\($0)]", "gif": "a.gif", "type": "0"] } + (0..<2).map { ["chs": "[p\($0)]", "png": "p.png", "gif": "a.gif", "type": "0"] }
        try PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0).write(to: pack.appendingPathComponent("info.plist"))
        let options = GeneratorOptions(inputs: [pack], output: dir.appendingPathComponent("out"))

        let plan = try Generator(options: options).plan()
        var frames: [GIFFrame] = []
        for source in plan.sprites[0] { if case .gifFrame(let frame) = source { frames.append(frame) } }
        frames += plan.animations[0].compactMap { $0 }
        #expect(frames.count == 8)  // a GIF-only entry also plays it on long press
        #expect(frames.allSatisfy { $0 === frames[0] })
        // Fitted to each page box and each tab icon square, never kept whole.
        #expect(frames[0].fitted.values.allSatisfy { $0.width <= 120 && $0.height <= 120 })
        #expect(frames[0].fitted.values.map(\.width).max()! < 120)

        let gifs = GIFFrames(options: options)
        let variant = plan.animations[0][3]!.variant
        for _ in 0..<4 { _ = gifs.frame(of: variant) }
        #expect(gifs.decodeCount == 1)
    }
}
