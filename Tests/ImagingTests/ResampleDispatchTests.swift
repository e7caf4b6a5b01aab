import CResample
import Foundation
import Imaging
import TestSupport
import Testing

/// The resampler's two versions of its passes (baseline and AVX2, chosen at run time) give
/// byte-identical images, and both match `ReferenceResampler`. Serialized: the tests switch the
/// process-wide version (other suites running meanwhile still get correct images, since the
/// versions agree, which is the point).
@Suite(.serialized)
struct ResampleDispatchTests {
    /// Random colour and alpha with what emoticons have and the passes skip: blank rows, runs of
    /// transparent pixels at the edges and inside a row, semi-transparent edges.
    static func image(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var rng = SeededGenerator(seed: seed)
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            let blank = Int.random(in: 0..<5, using: &rng) == 0
            let lo = Int.random(in: 0...width, using: &rng), hi = Int.random(in: lo...width, using: &rng)
            let hole = Int.random(in: 0...width, using: &rng), holeEnd = min(width, hole + Int.random(in: 0...12, using: &rng))
            for x in 0..<width {
                let c = (0..<3).map { _ in UInt8.random(in: 0...255, using: &rng) }
                let alpha: UInt8
                if blank || x < lo || x >= hi || (hole..<holeEnd).contains(x) {
                    alpha = 0
                } else {
                    alpha = [255, 255, 255, 0, 1, 128, UInt8.random(in: 0...255, using: &rng)].randomElement(using: &rng)!
                }
                image.setPixel(x: x, y: y, (c[0], c[1], c[2], alpha))
            }
        }
        return image
    }

    /// Sources and the sizes scaled to in one pass: down (emoticon sizes), up, odd widths below a
    /// register's worth, a single column or row, a very wide kernel.
    static let cases: [(source: (Int, Int), targets: [(Int, Int)])] = [
        ((136, 128), [(64, 60), (96, 90)]), ((64, 64), [(96, 96), (128, 128), (17, 33)]), ((37, 29), [(3, 5), (1, 1), (38, 28)]),
        ((1, 9), [(5, 4), (1, 20)]), ((200, 7), [(33, 3), (7, 200)]), ((1000, 12), [(19, 5)]), ((15, 15), [(16, 16), (14, 14)]),
    ]

    /// The images `RowScaler` gives with the passes' version `isa`, fed RGBA rows.
    static func scaled(_ image: RGBAImage, to sizes: [(Int, Int)], isa: Int32) -> [RGBAImage] {
        let previous = emk_resample_isa()
        defer { _ = emk_resample_set_isa(previous) }
        #expect(emk_resample_set_isa(isa) == isa)
        var kernels = ResampleKernel.Cache()
        return Resampler.scale(image, to: sizes.map { (width: $0.0, height: $0.1) }, kernels: &kernels)
    }

    /// The same through the palette path: `image` quantised to a 256-entry palette, fed indices.
    static func scaledIndexed(_ indices: [UInt8], palette: [UInt8], width: Int, height: Int, to sizes: [(Int, Int)], isa: Int32) -> [RGBAImage] {
        let previous = emk_resample_isa()
        defer { _ = emk_resample_set_isa(previous) }
        #expect(emk_resample_set_isa(isa) == isa)
        var kernels = ResampleKernel.Cache()
        var scaler = RowScaler(sourceWidth: width, sourceHeight: height, sizes: sizes.map { (width: $0.0, height: $0.1) }, kernels: &kernels)
        let prepared = RowScaler.Palette(rgba: palette)
        indices.withUnsafeBufferPointer { rows in
            for y in 0..<height { scaler.append(indices: UnsafeBufferPointer(rebasing: rows[(y * width)..<((y + 1) * width)]), palette: prepared) }
        }
        return scaler.images()
    }

    /// The versions this processor has: AVX2 joins the baseline wherever the processor supports it.
    static var versions: [Int32] {
        emk_resample_cpu_has_avx2() != 0 ? [Int32(EMK_RESAMPLE_BASELINE), Int32(EMK_RESAMPLE_AVX2)] : [Int32(EMK_RESAMPLE_BASELINE)]
    }

    @Test(arguments: 0..<cases.count)
    func rgbaRowsGiveTheSameBytesInEveryVersion(_ index: Int) {
        let c = Self.cases[index]
        for seed in 0..<4 as Range<UInt64> {
            let image = Self.image(width: c.source.0, height: c.source.1, seed: UInt64(index) * 100 + seed)
            let expected = c.targets.map { ReferenceResampler.resize(image, width: $0.0, height: $0.1) }
            for isa in Self.versions {
                let got = Self.scaled(image, to: c.targets, isa: isa)
                for (size, (scaled, reference)) in zip(c.targets, zip(got, expected)) {
                    #expect(scaled == reference, "\(c.source) -> \(size), seed \(seed), version \(isa)")
                }
            }
        }
    }

    @Test(arguments: 0..<cases.count)
    func paletteRowsGiveTheSameBytesInEveryVersion(_ index: Int) {
        let c = Self.cases[index]
        let (width, height) = c.source
        var rng = SeededGenerator(seed: UInt64(index) + 1000)
        // A palette with transparent entries (random hidden colours), faint and opaque ones.
        var palette = [UInt8](repeating: 0, count: 1024)
        for i in 0..<256 {
            for channel in 0..<3 { palette[4 * i + channel] = UInt8.random(in: 0...255, using: &rng) }
            palette[4 * i + 3] = i < 40 ? 0 : i < 100 ? UInt8.random(in: 1...254, using: &rng) : 255
        }
        let indices = (0..<(width * height)).map { i in
            // Whole transparent rows and runs, as in an emoticon's margins.
            (i / width) % 5 == 0 || (i % width) < width / 4 ? UInt8.random(in: 0..<40, using: &rng) : UInt8.random(in: 0...255, using: &rng)
        }
        var expanded = RGBAImage(width: width, height: height)
        for (i, index) in indices.enumerated() {
            let e = 4 * Int(index)
            expanded.setPixel(x: i % width, y: i / width, (palette[e], palette[e + 1], palette[e + 2], palette[e + 3]))
        }
        let expected = c.targets.map { ReferenceResampler.resize(expanded, width: $0.0, height: $0.1) }
        for isa in Self.versions {
            let got = Self.scaledIndexed(indices, palette: palette, width: width, height: height, to: c.targets, isa: isa)
            for (size, (scaled, reference)) in zip(c.targets, zip(got, expected)) {
                #expect(scaled == reference, "\(c.source) -> \(size), version \(isa)")
            }
        }
    }

    /// The conformance suite's images (gradients, every bit depth, where a sum landing a hair
    /// off changes a rounded byte: a fused multiply-add shows here) at smaller, larger and odd
    /// sizes, with every version, against the reference.
    @Test func conformanceImagesGiveTheSameBytesInEveryVersion() throws {
        let folder = Fixtures.conformance.appendingPathComponent("pngsuite/libpng-pngsuite")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") && !$0.hasPrefix("x") }.sorted()
        #expect(names.count > 40)
        for name in names {
            guard let image = try? PNGDecoder().decode(contentsOf: folder.appendingPathComponent(name)).image else { continue }
            let sizes = [(20, 20), (45, 45), (image.width + 3, max(1, image.height - 5)), (7, 64)]
            let expected = sizes.map { ReferenceResampler.resize(image, width: $0.0, height: $0.1) }
            for isa in Self.versions {
                for (size, (scaled, reference)) in zip(sizes, zip(Self.scaled(image, to: sizes, isa: isa), expected)) {
                    #expect(scaled == reference, "\(name) -> \(size), version \(isa)")
                }
            }
        }
    }

    /// A request for AVX2 is taken exactly when the processor has it; the baseline always is.
    @Test func switchingVersionsFollowsTheProcessor() {
        let previous = emk_resample_isa()
        defer { _ = emk_resample_set_isa(previous) }
        let avx2 = Int32(EMK_RESAMPLE_AVX2), baseline = Int32(EMK_RESAMPLE_BASELINE)
        #expect(emk_resample_set_isa(avx2) == (emk_resample_cpu_has_avx2() != 0 ? avx2 : baseline))
        #expect(emk_resample_set_isa(baseline) == baseline)
        #expect(emk_resample_isa() == baseline)
    }

    /// EMOKIT_NO_AVX2 set to anything but "" or "0" keeps the baseline; unset, AVX2 runs where it can.
    @Test func environmentVariableForcesTheBaseline() {
        let avx2 = Int32(EMK_RESAMPLE_AVX2), baseline = Int32(EMK_RESAMPLE_BASELINE)
        #expect(emk_resample_choose_isa(1, nil) == avx2)
        #expect(emk_resample_choose_isa(1, "") == avx2)
        #expect(emk_resample_choose_isa(1, "0") == avx2)
        #expect(emk_resample_choose_isa(1, "1") == baseline)
        #expect(emk_resample_choose_isa(1, "yes") == baseline)
        #expect(emk_resample_choose_isa(0, nil) == baseline)
        #expect(emk_resample_choose_isa(0, "0") == baseline)
    }

    /// The passes' division-free canonical colour is `Resampler.canonicalColour` for every input.
    @Test func canonicalColourMatchesForEveryColourAndAlpha() {
        var mismatches = 0
        for a in 1...255 {
            for c in 0...255 where emk_resample_canonical_colour(UInt8(c), UInt8(a)) != Resampler.canonicalColour(UInt8(c), alpha: UInt8(a)) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    /// emokit's store before the passes moved to C: alpha rounded (clamped to 0...255), colour
    /// un-premultiplied with the unclamped alpha, each channel clamped and rounded half up, then
    /// made canonical.
    static func referenceStore(_ p: [Float]) -> [UInt8] {
        let alphaByte = UInt8(min(max(p[3], 0), 255) + 0.5)
        if alphaByte == 0 { return [0, 0, 0, 0] }
        let scale: Float = 255 / p[3]
        func clampByte(_ v: Float) -> UInt8 { v <= 0 ? 0 : v >= 255 ? 255 : UInt8(v + 0.5) }
        return (0..<3).map { Resampler.canonicalColour(clampByte(p[$0] * scale), alpha: alphaByte) } + [alphaByte]
    }

    /// Every version stores premultiplied pixels as the reference does: every colour at every
    /// alpha, alphas around the rounding edges (0.5, 254.5) and beyond the range (negative, above
    /// 255, as a kernel's overshoot gives), colours below 0 and above their alpha, random ones.
    @Test func storingPixelsMatchesTheReferenceInEveryVersion() {
        var rng = SeededGenerator(seed: 42)
        var pixels: [Float] = []
        let alphas: [Float] = (0...255).map(Float.init) + [-3, -0.0, 0.25, 0.4999, 0.5, 0.5001, 1.4999, 1.5, 254.4999, 254.5, 255.2, 300]
        for a in alphas {
            for c in 0...255 {
                let premultiplied = Float(c) * max(a, 0) / 255
                let jitter = Float.random(in: -2...2, using: &rng)
                pixels += [premultiplied, premultiplied + jitter, Float(255 - c) * a / 255 - jitter * 40, a]
            }
        }
        for _ in 0..<20000 {
            pixels += (0..<3).map { _ in Float.random(in: -20...300, using: &rng) } + [Float.random(in: -5...260, using: &rng)]
        }
        let count = pixels.count / 4
        let expected = (0..<count).flatMap { Self.referenceStore(Array(pixels[(4 * $0)..<(4 * $0 + 4)])) }
        let previous = emk_resample_isa()
        defer { _ = emk_resample_set_isa(previous) }
        for isa in Self.versions {
            #expect(emk_resample_set_isa(isa) == isa)
            var out = [UInt8](repeating: 7, count: 4 * count)
            pixels.withUnsafeBufferPointer { p in out.withUnsafeMutableBufferPointer { emk_resample_store(p.baseAddress, count, $0.baseAddress) } }
            let wrong = (0..<count).filter { out[(4 * $0)..<(4 * $0 + 4)] != expected[(4 * $0)..<(4 * $0 + 4)] }
            #expect(wrong.isEmpty, "version \(isa): \(wrong.count) pixels differ, first \(wrong.first.map { Array(pixels[(4 * $0)..<(4 * $0 + 4)]) } ?? [])")
        }
    }
}
