import CResample

/// Scales one image to one or more sizes in a single top-to-bottom pass over its rows, so the
/// source is never held whole: a decoder hands rows over as it inflates them, each row is
/// premultiplied and filtered horizontally for every target at once, and each target keeps only
/// the few filtered rows its vertical kernel still needs. Memory is bounded by the source width
/// and the targets' size, not by the source's height or pixel count.
///
/// The arithmetic is `Resampler`'s (separable Lanczos-3 in premultiplied Float, horizontal pass
/// first, taps summed in order). The passes themselves are in C (CResample), in a baseline and an
/// AVX2 version chosen once at run time, which give bit-identical results; the tests check both
/// against a plain scalar implementation pixel for pixel. Output colour is canonical for its
/// alpha (see `Resampler.canonicalColour`).
public struct RowScaler {
    public let sourceWidth: Int
    public let sourceHeight: Int
    /// The current row, premultiplied (4 floats a pixel); nil when every target has the source's size.
    private let premultiplied: Buffer<Float>?
    private let targets: [Target]
    private var rowsSeen = 0
    /// A palette row expanded to straight RGBA8, for a target of the source's own size.
    private var expandedRow: Buffer<UInt8>?

    /// Fixed-size scratch memory owned by the scaler. Held through `let` pointers so the passes
    /// run without copy-on-write, exclusivity checks or reference counting.
    private final class Buffer<Element> {
        let pointer: UnsafeMutablePointer<Element>
        let count: Int
        init(count: Int, value: Element) {
            self.count = count
            pointer = .allocate(capacity: max(count, 1))
            pointer.initialize(repeating: value, count: count)
        }
        init(copying array: [Element]) {
            count = array.count
            pointer = .allocate(capacity: max(count, 1))
            _ = UnsafeMutableBufferPointer(start: pointer, count: count).initialize(from: array)
        }
        deinit { pointer.deallocate() }
    }

    private final class Target {
        let width: Int
        let height: Int
        /// The C passes' view of the kernels (pointers into the buffers below); nil when the target
        /// has the source's size: rows are then copied (colour made canonical).
        let horizontal: UnsafeMutablePointer<emk_resample_kernel>?
        let vertical: UnsafeMutablePointer<emk_resample_kernel>?
        /// The kernels' arrays, copied once so the passes never touch a Swift array.
        let kernelData: [AnyObject]
        /// `window` horizontally filtered rows, source row `y` in slot `y % window`.
        let window: Int
        let ring: Buffer<Float>
        /// Per ring slot, the columns that may be non-zero (empty for a blank row, whose slot is
        /// then left as it was: the vertical pass skips it).
        let spans: Buffer<emk_resample_span>
        let output: Buffer<UInt8>
        var nextRow = 0

        init(width: Int, height: Int, horizontal: ResampleKernel?, vertical: ResampleKernel?) {
            self.width = width
            self.height = height
            var data: [AnyObject] = []
            func view(_ kernel: ResampleKernel?) -> UnsafeMutablePointer<emk_resample_kernel>? {
                guard let kernel else { return nil }
                let starts = Buffer(copying: kernel.starts), counts = Buffer(copying: kernel.counts), weights = Buffer(copying: kernel.weights)
                data += [starts, counts, weights]
                let view = UnsafeMutablePointer<emk_resample_kernel>.allocate(capacity: 1)
                view.initialize(to: emk_resample_kernel(starts: starts.pointer, counts: counts.pointer, weights: weights.pointer, taps: kernel.taps, length: kernel.starts.count))
                return view
            }
            self.horizontal = view(horizontal)
            self.vertical = view(vertical)
            kernelData = data
            window = vertical?.window ?? 0
            ring = Buffer(count: window * width * 4, value: 0)
            spans = Buffer(count: window, value: emk_resample_span(lo: 0, hi: 0))
            output = Buffer(count: width * height * 4, value: 0)
        }

        deinit {
            horizontal?.deallocate()
            vertical?.deallocate()
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
        premultiplied = targets.contains { $0.horizontal != nil } ? Buffer(count: sourceWidth * 4, value: 0) : nil
    }

    /// True once every source row has been appended.
    public var isComplete: Bool { rowsSeen == sourceHeight }

    /// Feeds the next source row: `sourceWidth` straight RGBA8 pixels.
    public mutating func append(row: UnsafeBufferPointer<UInt8>) {
        precondition(row.count >= sourceWidth * 4 && rowsSeen < sourceHeight, "row too short or too many rows")
        let span = premultiplied.map { emk_resample_premultiply(row.baseAddress, sourceWidth, $0.pointer) } ?? emk_resample_span(lo: 0, hi: 0)
        filter(span: span, straight: row)
    }

    /// The colours of a palette image, prepared once per image: each index's straight RGBA8
    /// colour and its premultiplied value, computed by the very code `append(row:)` uses.
    public struct Palette {
        let rgba: [UInt8]
        /// 256 premultiplied pixels, 4 floats each; +0 for a transparent entry.
        let premultiplied: [Float]

        /// `rgba`: 256 entries of 4 bytes, what each index expands to.
        public init(rgba: [UInt8]) {
            precondition(rgba.count == 1024, "a palette has 256 RGBA entries")
            self.rgba = rgba
            var table = [Float](repeating: 0, count: 1024)
            rgba.withUnsafeBufferPointer { rgba in
                table.withUnsafeMutableBufferPointer { _ = emk_resample_premultiply(rgba.baseAddress, 256, $0.baseAddress) }
            }
            premultiplied = table
        }
    }

    /// Feeds the next source row of a palette image: `sourceWidth` indices into `palette`. Gives
    /// exactly what `append(row:)` gives for the expanded row, without expanding it: the
    /// premultiplied row is a table lookup per pixel.
    public mutating func append(indices row: UnsafeBufferPointer<UInt8>, palette: Palette) {
        precondition(row.count >= sourceWidth && rowsSeen < sourceHeight, "row too short or too many rows")
        var span = emk_resample_span(lo: 0, hi: 0)
        if let premultiplied {
            span = palette.premultiplied.withUnsafeBufferPointer { emk_resample_expand_indices(row.baseAddress, sourceWidth, $0.baseAddress, premultiplied.pointer) }
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
            straight = UnsafeBufferPointer(start: expanded.pointer, count: expanded.count)
        }
        filter(span: span, straight: straight)
    }

    /// The row's passes for every target, once its premultiplied copy (with `span`) is ready;
    /// `straight` is the straight RGBA8 row, used only by a target of the source's size.
    private mutating func filter(span: emk_resample_span, straight: UnsafeBufferPointer<UInt8>) {
        let y = rowsSeen
        rowsSeen += 1
        for target in targets {
            if let premultiplied, let kernel = target.horizontal {
                let slot = y % target.window
                target.spans.pointer[slot] = emk_resample_horizontal(premultiplied.pointer, span, kernel, target.ring.pointer + slot * target.width * 4)
                Self.finishRows(target, through: y)
            } else {
                Self.copyCanonical(straight, into: target, y: y)
            }
        }
    }

    /// The scaled images, in the order of `sizes`. Call after the last row.
    public func images() -> [RGBAImage] {
        precondition(isComplete, "not every source row was appended")
        return targets.map { RGBAImage(width: $0.width, height: $0.height, pixels: Array(UnsafeBufferPointer(start: $0.output.pointer, count: $0.output.count))) }
    }

    // MARK: - Passes

    /// Emits every output row whose source rows have all arrived (the vertical pass, in C).
    private static func finishRows(_ target: Target, through y: Int) {
        let kernel = target.vertical!.pointee
        while target.nextRow < target.height {
            let row = target.nextRow
            let start = kernel.starts[row], count = kernel.counts[row]
            guard start + count - 1 <= y else { return }
            emk_resample_vertical(
                target.ring.pointer, target.spans.pointer, target.window, target.width,
                kernel.weights + row * kernel.taps, start, count, target.output.pointer + row * target.width * 4)
            target.nextRow += 1
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
