import Imaging
import TestSupport
import Testing

/// `RGBAImage.draw` (C's `emk_draw_over`) against the fixed-point source-over it has always
/// computed, written out here pixel by pixel: on transparent canvas (where it copies), on canvas
/// already drawn (where it blends), and clipped at every edge.
struct CompositingTests {
    /// The blend as the Swift drawing loop did it before it moved to C.
    static func referenceDraw(_ image: RGBAImage, onto canvas: inout RGBAImage, atX x: Int, y: Int) {
        for row in 0..<image.height {
            for column in 0..<image.width {
                let cx = x + column, cy = y + row
                guard (0..<canvas.width).contains(cx), (0..<canvas.height).contains(cy) else { continue }
                let s = image.pixel(x: column, y: row), d = canvas.pixel(x: cx, y: cy)
                let sa = UInt32(s.a)
                if sa == 255 {
                    canvas.setPixel(x: cx, y: cy, (s.r, s.g, s.b, 255))
                } else if sa != 0 {
                    let dWeight = UInt32(d.a) * (255 - sa)
                    let outA255 = sa * 255 + dWeight
                    func blend(_ sc: UInt8, _ dc: UInt8) -> UInt8 {
                        UInt8(min((UInt32(sc) * sa * 255 + UInt32(dc) * dWeight + outA255 / 2) / outA255, 255))
                    }
                    canvas.setPixel(x: cx, y: cy, (blend(s.r, d.r), blend(s.g, d.g), blend(s.b, d.b), UInt8((outA255 + 127) / 255)))
                }
            }
        }
    }

    static func randomImage(width: Int, height: Int, rng: inout SeededGenerator) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for index in image.pixels.indices { image.pixels[index] = UInt8.random(in: 0...255, using: &rng) }
        // Alpha as icons have it: mostly opaque or transparent (with colour left under it), some edges.
        for index in stride(from: 3, to: image.pixels.count, by: 4) {
            image.pixels[index] = [0, 0, 255, 255, 1, 128, 254, image.pixels[index]].randomElement(using: &rng)!
        }
        return image
    }

    @Test("draws as the pixel-by-pixel reference, on blank and drawn canvas, clipped or not", arguments: 0..<24)
    func matchesTheReference(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 0xD7A3)
        let canvasWidth = Int.random(in: 1...70, using: &rng), canvasHeight = Int.random(in: 1...40, using: &rng)
        // Even seeds start from blank canvas (the rows C copies), odd ones from a drawn one.
        var canvas = seed.isMultiple(of: 2) ? RGBAImage(width: canvasWidth, height: canvasHeight) : Self.randomImage(width: canvasWidth, height: canvasHeight, rng: &rng)
        var expected = canvas
        for _ in 0..<4 {
            let icon = Self.randomImage(width: Int.random(in: 1...40, using: &rng), height: Int.random(in: 1...30, using: &rng), rng: &rng)
            let x = Int.random(in: -icon.width...canvasWidth, using: &rng), y = Int.random(in: -icon.height...canvasHeight, using: &rng)
            canvas.draw(icon, atX: x, y: y)
            Self.referenceDraw(icon, onto: &expected, atX: x, y: y)
            #expect(canvas == expected)
        }
    }

    @Test("a transparent source pixel leaves blank canvas blank, whatever colour it carries")
    func transparentSourceOnBlankCanvas() {
        var canvas = RGBAImage(width: 3, height: 1)
        let icon = RGBAImage(width: 3, height: 1, pixels: [9, 9, 9, 0, 10, 20, 30, 40, 1, 2, 3, 255])
        canvas.draw(icon, atX: 0, y: 0)
        #expect(canvas.pixels == [0, 0, 0, 0, 10, 20, 30, 40, 1, 2, 3, 255])
    }
}
