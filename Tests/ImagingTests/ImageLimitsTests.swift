import Imaging
import Testing

/// `PNGDecoder.Limits` and `GIFDecoder.Limits` have one shape (`ImageLimits`): code written once
/// for the shape bounds either decoder, each keeping its own defaults.
struct ImageLimitsTests {
    /// What `emokit inspect --max-width/--max-height/--max-pixels` does to each decoder's limits.
    static func capped<Limits: ImageLimits>(_ limits: Limits, side: Int) -> Limits {
        var capped = limits
        (capped.maxWidth, capped.maxHeight, capped.maxPixels) = (side, side, side * side)
        return capped
    }

    @Test func oneFunctionSetsBothDecodersLimits() {
        let png = Self.capped(PNGDecoder.Limits.default, side: 64)
        let gif = Self.capped(GIFDecoder.Limits.default, side: 64)
        #expect(png == PNGDecoder.Limits(maxWidth: 64, maxHeight: 64, maxPixels: 4096))
        #expect(gif == GIFDecoder.Limits(maxWidth: 64, maxHeight: 64, maxPixels: 4096))
        #expect(gif.maxFrames == GIFDecoder.Limits.default.maxFrames, "an animation's own limits keep their defaults")
    }

    @Test func eachDecoderKeepsItsDefaults() {
        #expect(PNGDecoder.Limits() == .default && PNGDecoder.Limits.default.maxWidth == 8192)
        #expect(GIFDecoder.Limits() == .default && GIFDecoder.Limits.default.maxWidth == 2048)
        #expect(GIFDecoder.Limits.default.maxFileBytes == GIFDecoder.maxFileBytes)
    }

    @Test func admitsBoundsEverySide() {
        let limits = PNGDecoder.Limits(maxWidth: 100, maxHeight: 50, maxPixels: 1000)
        #expect(limits.admits(width: 100, height: 10))
        #expect(!limits.admits(width: 101, height: 1))
        #expect(!limits.admits(width: 1, height: 51))
        #expect(!limits.admits(width: 40, height: 40), "1600 pixels")
        let unbounded = PNGDecoder.Limits(maxWidth: .max, maxHeight: .max, maxPixels: .max)
        #expect(!unbounded.admits(width: .max, height: 2), "an overflowing product is too large, not a crash")
    }
}
