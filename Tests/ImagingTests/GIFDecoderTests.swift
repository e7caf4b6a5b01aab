import Foundation
import Imaging
import TestSupport
import Testing

/// GIF decoding through giflib: the first frame composited as browsers do, the animation's
/// numbers, and hostile files refused as typed errors (never a crash), all with GIFs written by
/// the tests (`GIFWriter`).
struct GIFDecoderTests {
    static let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]

    /// A 6x5 canvas; frame 0 is 4x3 at (1, 1) with index 3 transparent; frame 1 covers it all.
    static func twoFrames(interlaced: Bool = false, loop: Int? = 0, delays: (Int, Int) = (10, 25)) -> [UInt8] {
        let first: [UInt8] = [
            0, 1, 2, 3,
            3, 2, 1, 0,
            1, 1, 3, 2,
        ]
        return GIFWriter.encode(
            width: 6, height: 5, palette: palette, loopCount: loop,
            frames: [
                .init(width: 4, height: 3, left: 1, top: 1, indices: first, delayCentiseconds: delays.0, transparentIndex: 3, interlaced: interlaced),
                .solid(width: 6, height: 5, index: 2, delayCentiseconds: delays.1),
            ])
    }

    static func expectFirstFrame(_ image: RGBAImage) {
        #expect(image.width == 6 && image.height == 5)
        let rows: [[Int?]] = [[0, 1, 2, nil], [nil, 2, 1, 0], [1, 1, nil, 2]]
        for y in 0..<5 {
            for x in 0..<6 {
                let p = image.pixel(x: x, y: y)
                let inside = (1...4).contains(x) && (1...3).contains(y)
                guard inside, let index = rows[y - 1][x - 1] else {
                    #expect(p.a == 0, "(\(x),\(y)) should be transparent")
                    continue
                }
                let c = palette[index]
                #expect(p.r == c.0 && p.g == c.1 && p.b == c.2 && p.a == 255, "(\(x),\(y))")
            }
        }
    }

    @Test func firstFrameIsCompositedOnATransparentCanvas() throws {
        let decoded = try GIFDecoder().decode(Data(Self.twoFrames()), path: "t.gif")
        #expect(decoded.info == GIFDecoder.Info(width: 6, height: 5, frames: 2, loopCount: 0, durationMs: 350))
        Self.expectFirstFrame(decoded.firstFrame)
        // Interlaced rows land where they belong.
        Self.expectFirstFrame(try GIFDecoder().decode(Data(Self.twoFrames(interlaced: true)), path: "i.gif").firstFrame)
    }

    @Test func loopCountAndDurationsAreReadAsBrowsersPlayThem() throws {
        let once = try GIFDecoder().decode(Data(Self.twoFrames(loop: nil)), path: "once.gif")
        #expect(once.info.loopCount == nil)
        #expect(try GIFDecoder().decode(Data(Self.twoFrames(loop: 3)), path: "3.gif").info.loopCount == 3)
        // Delays of 0 and 1 centisecond play as 100 ms in browsers and UIKit.
        #expect(try GIFDecoder().decode(Data(Self.twoFrames(delays: (0, 1))), path: "fast.gif").info.durationMs == 200)
        #expect(try GIFDecoder().decode(Data(Self.twoFrames(delays: (2, 7))), path: "d.gif").info.durationMs == 90)
    }

    @Test func localPaletteWinsAndOutOfRangeIndicesAreTransparent() throws {
        let gif = GIFWriter.encode(
            width: 3, height: 1, palette: Self.palette,
            frames: [
                .init(width: 3, height: 1, indices: [0, 1, 7], localPalette: [(9, 8, 7), (6, 5, 4)])
            ])
        let image = try GIFDecoder().decode(Data(gif), path: "local.gif").firstFrame
        #expect(image.pixel(x: 0, y: 0) == (9, 8, 7, 255) && image.pixel(x: 1, y: 0) == (6, 5, 4, 255))
        #expect(image.pixel(x: 2, y: 0).a == 0)
        // A frame reaching past the canvas is clipped to it.
        let clipped = GIFWriter.encode(width: 2, height: 2, palette: Self.palette, frames: [.init(width: 3, height: 3, left: 1, top: 1, indices: [UInt8](repeating: 1, count: 9))])
        let c = try GIFDecoder().decode(Data(clipped), path: "clip.gif").firstFrame
        #expect(c.width == 2 && c.pixel(x: 1, y: 1) == (0, 255, 0, 255) && c.pixel(x: 0, y: 0).a == 0)
    }

    static func reason(_ bytes: [UInt8], limits: GIFDecoder.Limits = .default) -> GIFError.Reason? {
        do {
            _ = try GIFDecoder(limits: limits).decode(Data(bytes), path: "bad.gif")
            return nil
        } catch {
            #expect(error.description.hasPrefix("bad.gif: "))
            return error.reason
        }
    }

    @Test func corruptGIFsAreTypedErrors() {
        let good = Self.twoFrames()
        #expect(Self.reason([]) == .empty)
        #expect(Self.reason(Array("GIF87x".utf8) + good.dropFirst(6)) == .notGIF)
        #expect(Self.reason(Array("\u{89}PNG\r\n\u{1A}\n".utf8)) == .notGIF)
        // Cut before the trailer, inside the image data, inside the header.
        for cut in [good.count - 1, good.count / 2, 20, 8] {
            let reason = Self.reason(Array(good.prefix(cut)))
            #expect(reason == .truncated || reason.map { if case .corrupt = $0 { true } else { false } } == true, "cut at \(cut): \(String(describing: reason))")
        }
        // A canvas of 0 x 0, and one of 60000 x 60000 (refused from the header, nothing allocated).
        #expect(Self.reason(GIFWriter.encode(width: 0, height: 0, palette: Self.palette, frames: [])).map { if case .tooLarge = $0 { true } else { false } } == true)
        let huge = GIFWriter.encode(width: 60000, height: 60000, palette: Self.palette, frames: [.solid(width: 1, height: 1, index: 0)])
        #expect(Self.reason(huge).map { if case .tooLarge = $0 { true } else { false } } == true)
        // A frame declaring 60000 x 60000 inside a small canvas, before any pixel is read.
        var bigFrame = GIFWriter.encode(width: 4, height: 4, palette: Self.palette, frames: [.solid(width: 1, height: 1, index: 0)])
        let descriptor = bigFrame.firstIndex(of: 0x2C)!
        bigFrame[descriptor + 5] = 0x60; bigFrame[descriptor + 6] = 0xEA; bigFrame[descriptor + 7] = 0x60; bigFrame[descriptor + 8] = 0xEA
        #expect(Self.reason(bigFrame).map { if case .tooLarge = $0 { true } else { false } } == true)
        // Too many frames, too many pixels together.
        let many = GIFWriter.encode(width: 2, height: 2, palette: Self.palette, frames: (0..<5).map { _ in .solid(width: 2, height: 2, index: 1) })
        #expect(Self.reason(many, limits: .init(maxFrames: 4)) == .tooManyFrames(limit: 4))
        #expect(Self.reason(many, limits: .init(maxTotalPixels: 12)).map { if case .tooMuchData = $0 { true } else { false } } == true)
        // No colour table at all; no frame at all.
        let noTable = GIFWriter.encode(width: 2, height: 2, palette: nil, frames: [.solid(width: 2, height: 2, index: 0)])
        #expect(Self.reason(noTable).map { if case .noColorTable = $0 { true } else { false } } == true)
        #expect(Self.reason(GIFWriter.encode(width: 2, height: 2, palette: Self.palette, frames: [])) == .noFrames)
        // Garbage where the compressed pixels should be.
        var garbage = good
        let data = garbage.firstIndex(of: 0x2C)! + 10
        for i in (data + 2)..<min(data + 40, garbage.count - 1) { garbage[i] = UInt8(truncatingIfNeeded: i &* 97) }
        #expect(Self.reason(garbage) != nil)
    }

    @Test func onlyRegularFilesAreRead() throws {
        let dir = Fixtures.temporaryDirectory()
        let fifo = dir.appendingPathComponent("pipe.gif")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // A FIFO would block a plain read forever; it is refused as unreadable, never opened.
        #expect {
            try GIFDecoder().decode(contentsOf: fifo, displayPath: "pipe.gif")
        } throws: { error in
            guard let error = error as? GIFError, case .unreadable = error.reason else { return false }
            return error.path == "pipe.gif"
        }
        let file = dir.appendingPathComponent("ok.gif")
        try Data(Self.twoFrames()).write(to: file)
        #expect(try GIFDecoder().decode(contentsOf: file).info.frames == 2)
    }

    /// Every prefix and thousands of deterministic byte mutations of a valid GIF: each either
    /// decodes or is a `GIFError`; the process never crashes and never reads past the data.
    @Test func mutatedGIFsNeverCrash() {
        let good = Self.twoFrames(interlaced: true)
        for cut in 0..<good.count { _ = Self.reason(Array(good.prefix(cut))) }
        var random = SeededGenerator(seed: 0x6769_6621)
        var refused = 0
        for _ in 0..<3000 {
            var bytes = good
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            do { _ = try GIFDecoder(limits: .init(maxWidth: 512, maxHeight: 512, maxPixels: 65536)).decode(Data(bytes), path: "m.gif") } catch { refused += 1 }
        }
        #expect(refused > 0)
    }
}
