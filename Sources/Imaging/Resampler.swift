import Foundation

/// High-quality image scaling: separable Lanczos-3 in premultiplied alpha.
///
/// Premultiplying before filtering is what keeps transparent edges free of dark or light
/// fringes: a transparent pixel's (meaningless) colour gets zero weight, so an opaque pixel
/// next to transparency keeps its exact colour. Arithmetic is in Float, in the stored
/// (sRGB) values, like the peer tools the benchmark compares against.
public enum Resampler {
    /// The size that fits `width x height` into a `box x box` square, keeping the aspect ratio:
    /// the long side becomes `box`, the short side `round_half_up(box * short / long)`, at least 1.
    public static func fittingSize(width: Int, height: Int, box: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0, box > 0 else { return (0, 0) }
        if width >= height {
            return (box, max(1, (2 * box * height + width) / (2 * width)))
        } else {
            return (max(1, (2 * box * width + height) / (2 * height)), box)
        }
    }

    /// Scales `image` to fit a `box`-pixel square (see `fittingSize`).
    public static func scaleToFit(_ image: RGBAImage, box: Int) -> RGBAImage {
        let size = fittingSize(width: image.width, height: image.height, box: box)
        return resize(image, width: size.width, height: size.height)
    }

    public static func resize(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        guard width > 0, height > 0, image.width > 0, image.height > 0 else { return RGBAImage(width: max(width, 0), height: max(height, 0)) }
        if width == image.width && height == image.height { return image }
        let source = premultiplied(image)
        let horizontal = Kernel(source: image.width, destination: width)
        let vertical = Kernel(source: image.height, destination: height)
        // Horizontal pass: (image.height x width), then vertical: (height x width).
        var middle = [Float](repeating: 0, count: image.height * width * 4)
        source.withUnsafeBufferPointer { src in
            middle.withUnsafeMutableBufferPointer { dst in
                for y in 0..<image.height {
                    let srcRow = y * image.width * 4, dstRow = y * width * 4
                    for x in 0..<width {
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        let start = horizontal.starts[x]
                        let base = x * horizontal.taps
                        for t in 0..<horizontal.counts[x] {
                            let w = horizontal.weights[base + t]
                            let s = srcRow + (start + t) * 4
                            r += w * src[s]; g += w * src[s + 1]; b += w * src[s + 2]; a += w * src[s + 3]
                        }
                        let d = dstRow + x * 4
                        dst[d] = r; dst[d + 1] = g; dst[d + 2] = b; dst[d + 3] = a
                    }
                }
            }
        }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        middle.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let start = vertical.starts[y]
                    let base = y * vertical.taps
                    for x in 0..<width {
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        for t in 0..<vertical.counts[y] {
                            let w = vertical.weights[base + t]
                            let s = ((start + t) * width + x) * 4
                            r += w * src[s]; g += w * src[s + 1]; b += w * src[s + 2]; a += w * src[s + 3]
                        }
                        let d = (y * width + x) * 4
                        let alpha = min(max(a, 0), 255)
                        let alphaByte = UInt8(alpha + 0.5)
                        if alphaByte == 0 {
                            dst[d] = 0; dst[d + 1] = 0; dst[d + 2] = 0; dst[d + 3] = 0
                            continue
                        }
                        // Un-premultiply with the unclamped alpha so a uniform colour survives
                        // the kernel's overshoot exactly.
                        let scale: Float = 255 / a
                        dst[d] = clampByte(r * scale)
                        dst[d + 1] = clampByte(g * scale)
                        dst[d + 2] = clampByte(b * scale)
                        dst[d + 3] = alphaByte
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    @inline(__always) static func clampByte(_ v: Float) -> UInt8 {
        if v <= 0 { return 0 }
        if v >= 255 { return 255 }
        return UInt8(v + 0.5)
    }

    /// Colour channels scaled by alpha/255, alpha kept in 0...255.
    static func premultiplied(_ image: RGBAImage) -> [Float] {
        var out = [Float](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { dst in
                var i = 0
                while i < px.count {
                    let a = Float(px[i + 3])
                    let f = a / 255
                    dst[i] = Float(px[i]) * f
                    dst[i + 1] = Float(px[i + 1]) * f
                    dst[i + 2] = Float(px[i + 2]) * f
                    dst[i + 3] = a
                    i += 4
                }
            }
        }
        return out
    }

    /// Lanczos-3 weights for one axis, normalised per output sample. Taps that fall outside the
    /// source are dropped (and the rest renormalised) rather than clamped to the edge, which
    /// would smear edge pixels inwards.
    struct Kernel {
        var starts: [Int] = []
        var counts: [Int] = []
        var weights: [Float] = []
        var taps = 0

        init(source: Int, destination: Int) {
            let scale = Double(destination) / Double(source)
            let support = scale < 1 ? 3 / scale : 3
            let stretch = scale < 1 ? scale : 1
            taps = Int((support * 2).rounded(.up)) + 2
            starts = [Int](repeating: 0, count: destination)
            counts = [Int](repeating: 0, count: destination)
            weights = [Float](repeating: 0, count: destination * taps)
            for i in 0..<destination {
                let centre = (Double(i) + 0.5) / scale
                let first = max(0, Int((centre - support).rounded(.down)))
                let last = min(source - 1, Int((centre + support).rounded(.up)))
                var row: [Double] = []
                for j in first...max(first, last) {
                    let distance = (Double(j) + 0.5 - centre) * stretch
                    row.append(Kernel.lanczos3(distance))
                }
                // Trim zero tails so `count` stays within `taps`.
                var lo = 0, hi = row.count - 1
                while lo < hi && row[lo] == 0 { lo += 1 }
                while hi > lo && row[hi] == 0 { hi -= 1 }
                let kept = Array(row[lo...hi].prefix(taps))
                let total = kept.reduce(0, +)
                starts[i] = first + lo
                counts[i] = kept.count
                for (t, w) in kept.enumerated() { weights[i * taps + t] = Float(total != 0 ? w / total : 0) }
            }
        }

        static func lanczos3(_ x: Double) -> Double {
            let ax = abs(x)
            if ax < 1e-9 { return 1 }
            if ax >= 3 { return 0 }
            let px = Double.pi * x
            return 3 * sin(px) * sin(px / 3) / (px * px)
        }
    }
}
