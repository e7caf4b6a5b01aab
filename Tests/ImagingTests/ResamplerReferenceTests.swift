import Foundation
import Imaging
import TestSupport
import Testing

/// The fast resampler (`RowScaler`: cached kernels, SIMD, transparent spans skipped, rows
/// streamed from the decoder) against `ReferenceResampler`, pixel for pixel.
struct ResamplerReferenceTests {
    /// Mostly transparent with an opaque blob and soft edges, like an emoticon; `noise` adds
    /// random colour and alpha everywhere (hidden colour under alpha 0 included).
    static func icon(width: Int, height: Int, seed: UInt64, noise: Bool) -> RGBAImage {
        var rng = SeededGenerator(seed: seed)
        var image = RGBAImage(width: width, height: height)
        let cx = Double(width) / 2, cy = Double(height) / 2, r = Double(min(width, height)) * 0.4
        for y in 0..<height {
            for x in 0..<width {
                let d = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
                let alpha = noise ? UInt8.random(in: 0...255, using: &rng) : UInt8(max(0, min(255, (r - d) * 128)))
                let c = (0..<3).map { _ in UInt8.random(in: 0...255, using: &rng) }
                image.setPixel(x: x, y: y, (c[0], c[1], c[2], alpha))
            }
        }
        return image
    }

    static let cases: [(source: (Int, Int), target: (Int, Int))] = [
        ((136, 128), (64, 60)), ((136, 128), (96, 90)), ((64, 64), (96, 96)), ((64, 64), (64, 64)),
        ((1, 1), (7, 3)), ((300, 20), (31, 2)), ((5, 400), (1, 17)), ((40, 40), (39, 41)), ((2048, 9), (96, 1)),
    ]

    @Test(arguments: 0..<cases.count)
    func fastPathMatchesReference(_ index: Int) {
        let c = Self.cases[index]
        for noise in [false, true] {
            let image = Self.icon(width: c.source.0, height: c.source.1, seed: UInt64(index * 2 + (noise ? 1 : 0)), noise: noise)
            let expected = ReferenceResampler.resize(image, width: c.target.0, height: c.target.1)
            #expect(Resampler.resize(image, width: c.target.0, height: c.target.1) == expected, "\(c) noise=\(noise)")
        }
    }

    @Test func severalSizesInOnePassMatchOneAtATime() {
        let image = Self.icon(width: 136, height: 128, seed: 7, noise: false)
        var kernels = ResampleKernel.Cache()
        let sizes = [(64, 60), (96, 90), (128, 120), (136, 128)]
        let together = Resampler.scale(image, to: sizes.map { (width: $0.0, height: $0.1) }, kernels: &kernels)
        for (size, scaled) in zip(sizes, together) {
            #expect(scaled == ReferenceResampler.resize(image, width: size.0, height: size.1), "\(size)")
        }
    }

    /// Rows straight from libpng give what decoding whole and then scaling gives, for every
    /// kind of PNG (palette of every bit depth, with and without tRNS, read as indices; gray,
    /// 16-bit, interlaced) in the conformance suite, at smaller, larger and the same size.
    @Test func decodingScaledMatchesDecodeThenReference() throws {
        let folder = Fixtures.conformance.appendingPathComponent("pngsuite/libpng-pngsuite")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") && !$0.hasPrefix("x") }.sorted()
        #expect(names.count > 40)
        for name in names {
            let url = folder.appendingPathComponent(name)
            guard let whole = try? PNGDecoder().decode(contentsOf: url).image else { continue }
            var kernels = ResampleKernel.Cache()
            let scaled = try PNGDecoder().decodeScaled(contentsOf: url, kernels: &kernels) { w, h in
                [Resampler.fittingSize(width: w, height: h, box: 20), Resampler.fittingSize(width: w, height: h, box: 45), (w, h)]
            }
            let small = Resampler.fittingSize(width: whole.width, height: whole.height, box: 20)
            let large = Resampler.fittingSize(width: whole.width, height: whole.height, box: 45)
            #expect(scaled[0] == ReferenceResampler.resize(whole, width: small.width, height: small.height), "\(name) @20")
            #expect(scaled[1] == ReferenceResampler.resize(whole, width: large.width, height: large.height), "\(name) @45")
            #expect(scaled[2] == ReferenceResampler.resize(whole, width: whole.width, height: whole.height), "\(name) same size")
        }
    }

    /// A streamed decode reports a damaged file as the whole decode does.
    @Test func decodingScaledRefusesTruncatedFiles() throws {
        let data = try Data(contentsOf: Fixtures.conformance.appendingPathComponent("pngsuite/libpng-pngsuite/basn6a08.png"))
        var kernels = ResampleKernel.Cache()
        #expect(throws: PNGError.self) {
            _ = try PNGDecoder().decodeScaled(data.prefix(data.count - 40), path: "cut.png", kernels: &kernels) { _, _ in [(8, 8)] }
        }
    }

    /// The canonical colour never changes what a pixel looks like: its 8-bit premultiplied
    /// value is the same, for every colour and alpha.
    @Test func canonicalColourKeepsThePremultipliedValue() {
        for a in 1...255 {
            for c in 0...255 {
                let q = Resampler.canonicalColour(UInt8(c), alpha: UInt8(a))
                #expect(q == ReferenceResampler.colour(UInt8(c), UInt8(a)))
                let before: UInt32 = (UInt32(c) * UInt32(a) + 127) / 255
                let after: UInt32 = (UInt32(q) * UInt32(a) + 127) / 255
                #expect(after == before)
                if a == 255 { #expect(q == UInt8(c)) }
            }
        }
    }
}
