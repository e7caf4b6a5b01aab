import Foundation
import Imaging

/// The plain implementation the fast resampler must match pixel for pixel: emokit's original
/// resampler (a premultiplied Float copy of the whole source, weights recomputed per image, one
/// scalar channel at a time), plus the canonical colour of the output. No spans, no SIMD, no
/// streaming: if the fast path ever disagrees, this is the one to believe.
enum ReferenceResampler {
    static func resize(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        if width == image.width && height == image.height { return canonical(image) }
        let source = premultiplied(image)
        let horizontal = Kernel(source: image.width, destination: width)
        let vertical = Kernel(source: image.height, destination: height)
        var middle = [Float](repeating: 0, count: image.height * width * 4)
        for y in 0..<image.height {
            for x in 0..<width {
                var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                for t in 0..<horizontal.counts[x] {
                    let w = horizontal.weights[x][t]
                    let s = (y * image.width + horizontal.starts[x] + t) * 4
                    r += w * source[s]; g += w * source[s + 1]; b += w * source[s + 2]; a += w * source[s + 3]
                }
                let d = (y * width + x) * 4
                middle[d] = r; middle[d + 1] = g; middle[d + 2] = b; middle[d + 3] = a
            }
        }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                for t in 0..<vertical.counts[y] {
                    let w = vertical.weights[y][t]
                    let s = ((vertical.starts[y] + t) * width + x) * 4
                    r += w * middle[s]; g += w * middle[s + 1]; b += w * middle[s + 2]; a += w * middle[s + 3]
                }
                let d = (y * width + x) * 4
                let alphaByte = UInt8(min(max(a, 0), 255) + 0.5)
                if alphaByte == 0 { continue }
                let scale: Float = 255 / a
                out[d] = colour(clampByte(r * scale), alphaByte)
                out[d + 1] = colour(clampByte(g * scale), alphaByte)
                out[d + 2] = colour(clampByte(b * scale), alphaByte)
                out[d + 3] = alphaByte
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    /// round(round(c·a/255)·255/a): the colour 8-bit premultiplied alpha maps back to.
    static func colour(_ c: UInt8, _ a: UInt8) -> UInt8 {
        let premultiplied = (Double(c) * Double(a) / 255).rounded(.toNearestOrAwayFromZero)
        return UInt8(min(255, (premultiplied * 255 / Double(a)).rounded(.toNearestOrAwayFromZero)))
    }

    static func canonical(_ image: RGBAImage) -> RGBAImage {
        var out = image
        for i in stride(from: 0, to: out.pixels.count, by: 4) {
            let a = out.pixels[i + 3]
            for c in 0..<3 { out.pixels[i + c] = a == 0 ? 0 : colour(out.pixels[i + c], a) }
        }
        return out
    }

    static func clampByte(_ v: Float) -> UInt8 { v <= 0 ? 0 : v >= 255 ? 255 : UInt8(v + 0.5) }

    static func premultiplied(_ image: RGBAImage) -> [Float] {
        var out = [Float](repeating: 0, count: image.pixels.count)
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = Float(image.pixels[i + 3])
            let f = a / 255
            out[i] = Float(image.pixels[i]) * f
            out[i + 1] = Float(image.pixels[i + 1]) * f
            out[i + 2] = Float(image.pixels[i + 2]) * f
            out[i + 3] = a
        }
        return out
    }

    /// Lanczos-3 weights, normalised; taps outside the source dropped.
    struct Kernel {
        var starts: [Int] = [], counts: [Int] = [], weights: [[Float]] = []

        init(source: Int, destination: Int) {
            let scale = Double(destination) / Double(source)
            let support = scale < 1 ? 3 / scale : 3
            let stretch = scale < 1 ? scale : 1
            let taps = Int((support * 2).rounded(.up)) + 2
            for i in 0..<destination {
                let centre = (Double(i) + 0.5) / scale
                let first = max(0, Int((centre - support).rounded(.down)))
                let last = min(source - 1, Int((centre + support).rounded(.up)))
                var row: [Double] = []
                for j in first...max(first, last) { row.append(Self.lanczos3((Double(j) + 0.5 - centre) * stretch)) }
                var lo = 0, hi = row.count - 1
                while lo < hi && row[lo] == 0 { lo += 1 }
                while hi > lo && row[hi] == 0 { hi -= 1 }
                let kept = Array(row[lo...hi].prefix(taps))
                let total = kept.reduce(0, +)
                starts.append(first + lo)
                counts.append(kept.count)
                weights.append(kept.map { Float(total != 0 ? $0 / total : 0) })
            }
        }

        static func lanczos3(_ x: Double) -> Double {
            if abs(x) < 1e-9 { return 1 }
            if abs(x) >= 3 { return 0 }
            let px = Double.pi * x
            return 3 * sin(px) * sin(px / 3) / (px * px)
        }
    }
}
