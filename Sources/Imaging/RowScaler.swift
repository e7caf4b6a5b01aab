/// Scales one image to one or more sizes in a single top-to-bottom pass over its rows, so the
/// source is never held whole: a decoder hands rows over as it inflates them, each row is
/// premultiplied and filtered horizontally for every target at once, and each target keeps only
/// the few filtered rows its vertical kernel still needs. Memory is bounded by the source width
/// and the targets' size, not by the source's height or pixel count.
///
/// The arithmetic is `Resampler`'s (separable Lanczos-3 in premultiplied Float, horizontal pass
/// first, taps summed in order), on four channels at a time with `SIMD4<Float>`; the tests check
/// it against a plain scalar implementation pixel for pixel. Output colour is canonical for its
/// alpha (see `Resampler.canonicalColour`).
public struct RowScaler {
    public let sourceWidth: Int
    public let sourceHeight: Int
    private let premultiplied: Buffer<SIMD4<Float>>?
    private let targets: [Target]
    private var rowsSeen = 0
    /// A palette row expanded to straight RGBA8, for a target of the source's own size.
    private var expandedRow: Buffer<UInt8>?

    /// Fixed-size scratch memory owned by the scaler. Held through `let` pointers so the passes
    /// run without copy-on-write or exclusivity checks.
    private final class Buffer<Element> {
        let pointer: UnsafeMutableBufferPointer<Element>
        init(count: Int, value: Element) {
            pointer = .allocate(capacity: count)
            pointer.initialize(repeating: value)
        }
        deinit { pointer.deallocate() }
    }

    private final class Target {
        let width: Int
        let height: Int
        /// nil when the target has the source's size: rows are copied (colour made canonical).
        let horizontal: ResampleKernel?
        let vertical: ResampleKernel?
        /// `window` horizontally filtered rows, source row `y` in slot `y % window`.
        let window: Int
        let ring: Buffer<SIMD4<Float>>
        /// Per ring slot, the columns `lo..<hi` that may be non-zero (empty for a blank row).
        let spans: Buffer<(lo: Int, hi: Int)>
        let accumulator: Buffer<SIMD4<Float>>
        let output: Buffer<UInt8>
        var nextRow = 0

        init(width: Int, height: Int, horizontal: ResampleKernel?, vertical: ResampleKernel?) {
            self.width = width
            self.height = height
            self.horizontal = horizontal
            self.vertical = vertical
            window = vertical?.window ?? 0
            ring = Buffer(count: window * width, value: .zero)
            spans = Buffer(count: window, value: (0, 0))
            accumulator = Buffer(count: vertical == nil ? 0 : width, value: .zero)
            output = Buffer(count: width * height * 4, value: 0)
        }
    }

    /// `sizes` are the target sizes, each at least 1x1; `kernels` caches weights across images.
    public init(sourceWidth: Int, sourceHeight: Int, sizes: [(width: Int, height: Int)], kernels: inout ResampleKernel.Cache) {
        precondition(sourceWidth > 0 && sourceHeight > 0, "source must be at least 1x1")
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        targets = sizes.map { size in
            precondition(size.width > 0 && size.height > 0, "target must be at least 1x1")
            if size.width == sourceWidth && size.height == sourceHeight {
                return Target(width: size.width, height: size.height, horizontal: nil, vertical: nil)
            }
            return Target(
                width: size.width, height: size.height,
                horizontal: kernels.kernel(source: sourceWidth, destination: size.width),
                vertical: kernels.kernel(source: sourceHeight, destination: size.height))
        }
        premultiplied = targets.contains { $0.horizontal != nil } ? Buffer(count: sourceWidth, value: .zero) : nil
    }

    /// True once every source row has been appended.
    public var isComplete: Bool { rowsSeen == sourceHeight }

    /// Feeds the next source row: `sourceWidth` straight RGBA8 pixels.
    public mutating func append(row: UnsafeBufferPointer<UInt8>) {
        precondition(row.count >= sourceWidth * 4 && rowsSeen < sourceHeight, "row too short or too many rows")
        let span = premultiplied.map { Self.premultiply(row, into: $0.pointer) } ?? (0, 0)
        filter(span: span, straight: row)
    }

    /// The colours of a palette image, prepared once per image: each index's straight RGBA8
    /// colour and its premultiplied value, computed as `append(row:)` computes it per pixel.
    public struct Palette {
        let rgba: [UInt8]
        let premultiplied: [SIMD4<Float>]

        /// `rgba`: 256 entries of 4 bytes, what each index expands to.
        public init(rgba: [UInt8]) {
            precondition(rgba.count == 1024, "a palette has 256 RGBA entries")
            self.rgba = rgba
            premultiplied = (0..<256).map { i in RowScaler.premultiplied(rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2], alpha: rgba[4 * i + 3]) }
        }
    }

    /// Feeds the next source row of a palette image: `sourceWidth` indices into `palette`. Gives
    /// exactly what `append(row:)` gives for the expanded row, without expanding it: the
    /// premultiplied row is a table lookup per pixel.
    public mutating func append(indices row: UnsafeBufferPointer<UInt8>, palette: Palette) {
        precondition(row.count >= sourceWidth && rowsSeen < sourceHeight, "row too short or too many rows")
        var span = (lo: 0, hi: 0)
        if let premultiplied {
            let dst = premultiplied.pointer, width = sourceWidth
            palette.premultiplied.withUnsafeBufferPointer { table in
                for x in 0..<width { dst[x] = table[Int(row[x])] }
            }
            // Transparent entries are +0 in the table: the span runs from the first visible pixel to the last.
            palette.rgba.withUnsafeBufferPointer { rgba in
                var lo = 0, hi = width
                while lo < width && rgba[4 * Int(row[lo]) + 3] == 0 { lo += 1 }
                while hi > lo && rgba[4 * Int(row[hi - 1]) + 3] == 0 { hi -= 1 }
                span = lo < hi ? (lo, hi) : (0, 0)
            }
        }
        // Only a target of the source's own size needs the straight colours.
        var straight = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        if targets.contains(where: { $0.horizontal == nil }) {
            let expanded = expandedRow ?? Buffer(count: sourceWidth * 4, value: 0)
            expandedRow = expanded
            palette.rgba.withUnsafeBufferPointer { rgba in
                for x in 0..<sourceWidth {
                    let s = 4 * Int(row[x])
                    expanded.pointer[4 * x] = rgba[s]
                    expanded.pointer[4 * x + 1] = rgba[s + 1]
                    expanded.pointer[4 * x + 2] = rgba[s + 2]
                    expanded.pointer[4 * x + 3] = rgba[s + 3]
                }
            }
            straight = UnsafeBufferPointer(expanded.pointer)
        }
        filter(span: span, straight: straight)
    }

    /// The row's passes for every target, once its premultiplied copy (with `span`) is ready;
    /// `straight` is the straight RGBA8 row, used only by a target of the source's size.
    private mutating func filter(span: (lo: Int, hi: Int), straight: UnsafeBufferPointer<UInt8>) {
        let y = rowsSeen
        rowsSeen += 1
        for target in targets {
            if let premultiplied, let kernel = target.horizontal {
                Self.filterHorizontally(premultiplied.pointer, span: span, kernel: kernel, into: target, y: y)
                Self.finishRows(target, through: y)
            } else {
                Self.copyCanonical(straight, into: target, y: y)
            }
        }
    }

    /// The scaled images, in the order of `sizes`. Call after the last row.
    public func images() -> [RGBAImage] {
        precondition(isComplete, "not every source row was appended")
        return targets.map { RGBAImage(width: $0.width, height: $0.height, pixels: Array($0.output.pointer)) }
    }

    // MARK: - Passes

    /// `Float(a) / 255` for every alpha, as the reference computes it per pixel.
    private static let alphaFactors: [Float] = (0...255).map { Float($0) / 255 }

    /// Colour channels scaled by alpha/255, alpha kept in 0...255. Returns the columns `lo..<hi`
    /// outside which every pixel is transparent (premultiplied +0, which adds nothing to a sum).
    private static func premultiply(_ row: UnsafeBufferPointer<UInt8>, into dst: UnsafeMutableBufferPointer<SIMD4<Float>>) -> (lo: Int, hi: Int) {
        var lo = dst.count, hi = 0
        alphaFactors.withUnsafeBufferPointer { factors in
            for x in 0..<dst.count {
                let s = x * 4
                let alpha = row[s + 3]
                if alpha == 0 { dst[x] = .zero; continue }
                if x < lo { lo = x }
                hi = x + 1
                let f = factors[Int(alpha)]
                dst[x] = SIMD4(Float(row[s]), Float(row[s + 1]), Float(row[s + 2]), Float(alpha)) * SIMD4(f, f, f, 1)
            }
        }
        return lo < hi ? (lo, hi) : (0, 0)
    }

    /// One pixel as `premultiply` computes it.
    static func premultiplied(_ r: UInt8, _ g: UInt8, _ b: UInt8, alpha: UInt8) -> SIMD4<Float> {
        if alpha == 0 { return .zero }
        let f = alphaFactors[Int(alpha)]
        return SIMD4(Float(r), Float(g), Float(b), Float(alpha)) * SIMD4(f, f, f, 1)
    }

    /// The horizontal pass of one row. Only taps inside the row's non-transparent columns are
    /// summed: the others are +0 and cannot change a sum, so the result is bit-identical. Four
    /// output pixels are summed side by side to keep the FPU busy; each still adds its own taps
    /// in order.
    private static func filterHorizontally(
        _ src: UnsafeMutableBufferPointer<SIMD4<Float>>, span: (lo: Int, hi: Int),
        kernel: ResampleKernel, into target: Target, y: Int
    ) {
        let ring = target.ring.pointer, width = target.width
        let slot = y % target.window
        let out = UnsafeMutableBufferPointer(rebasing: ring[(slot * width)..<((slot + 1) * width)])
        guard span.lo < span.hi else {
            target.spans.pointer[slot] = (0, 0)
            return
        }
        var written = (lo: width, hi: 0)
        kernel.starts.withUnsafeBufferPointer { starts in
            kernel.counts.withUnsafeBufferPointer { counts in
                kernel.broadcastWeights.withUnsafeBufferPointer { weights in
                    let taps = kernel.taps
                    // Tap range of output x clipped to the span: source `first..<end`, weights from `w`.
                    @inline(__always) func range(_ x: Int) -> (first: Int, count: Int, w: Int) {
                        let start = starts[x]
                        let first = max(start, span.lo), end = min(start + counts[x], span.hi)
                        return (first, max(0, end - first), x * taps + first - start)
                    }
                    var x = 0
                    while x + 4 <= width {
                        let r0 = range(x), r1 = range(x + 1), r2 = range(x + 2), r3 = range(x + 3)
                        var a0 = SIMD4<Float>.zero, a1 = SIMD4<Float>.zero, a2 = SIMD4<Float>.zero, a3 = SIMD4<Float>.zero
                        let common = min(min(r0.count, r1.count), min(r2.count, r3.count))
                        for t in 0..<common {
                            a0 += weights[r0.w + t] * src[r0.first + t]
                            a1 += weights[r1.w + t] * src[r1.first + t]
                            a2 += weights[r2.w + t] * src[r2.first + t]
                            a3 += weights[r3.w + t] * src[r3.first + t]
                        }
                        for t in common..<r0.count { a0 += weights[r0.w + t] * src[r0.first + t] }
                        for t in common..<r1.count { a1 += weights[r1.w + t] * src[r1.first + t] }
                        for t in common..<r2.count { a2 += weights[r2.w + t] * src[r2.first + t] }
                        for t in common..<r3.count { a3 += weights[r3.w + t] * src[r3.first + t] }
                        out[x] = a0; out[x + 1] = a1; out[x + 2] = a2; out[x + 3] = a3
                        if r0.count > 0 || r1.count > 0 || r2.count > 0 || r3.count > 0 {
                            written.lo = min(written.lo, x)
                            written.hi = x + 4
                        }
                        x += 4
                    }
                    while x < width {
                        let r = range(x)
                        var acc = SIMD4<Float>.zero
                        for t in 0..<r.count { acc += weights[r.w + t] * src[r.first + t] }
                        out[x] = acc
                        if r.count > 0 {
                            written.lo = min(written.lo, x)
                            written.hi = x + 1
                        }
                        x += 1
                    }
                }
            }
        }
        target.spans.pointer[slot] = written.lo < written.hi ? written : (0, 0)
    }

    /// Emits every output row whose source rows have all arrived.
    private static func finishRows(_ target: Target, through y: Int) {
        let kernel = target.vertical!
        let width = target.width, window = target.window
        let ring = target.ring.pointer, acc = target.accumulator.pointer, out = target.output.pointer, spans = target.spans.pointer
        kernel.weights.withUnsafeBufferPointer { weights in
            while target.nextRow < target.height {
                let row = target.nextRow
                let start = kernel.starts[row], count = kernel.counts[row]
                guard start + count - 1 <= y else { return }
                let base = row * kernel.taps
                for x in 0..<width { acc[x] = .zero }
                // Taps outer, pixels inner: each pixel still sums its taps in order. Columns
                // outside a row's span hold +0 and are skipped (bit-identical, as above).
                for t in 0..<count {
                    let w = SIMD4(repeating: weights[base + t])
                    let slot = (start + t) % window
                    let span = spans[slot], offset = slot * width
                    for x in span.lo..<span.hi { acc[x] += w * ring[offset + x] }
                }
                var d = row * width * 4
                for x in 0..<width {
                    Resampler.store(acc[x], into: out, at: d)
                    d += 4
                }
                target.nextRow += 1
            }
        }
    }

    private static func copyCanonical(_ row: UnsafeBufferPointer<UInt8>, into target: Target, y: Int) {
        let rowBytes = target.width * 4
        let out = target.output.pointer
        let d = y * rowBytes
        for s in stride(from: 0, to: rowBytes, by: 4) {
            let a = row[s + 3]
            if a == 0 {
                out[d + s] = 0; out[d + s + 1] = 0; out[d + s + 2] = 0; out[d + s + 3] = 0
            } else {
                out[d + s] = Resampler.canonicalColour(row[s], alpha: a)
                out[d + s + 1] = Resampler.canonicalColour(row[s + 1], alpha: a)
                out[d + s + 2] = Resampler.canonicalColour(row[s + 2], alpha: a)
                out[d + s + 3] = a
            }
        }
    }
}
