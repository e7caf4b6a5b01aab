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
    /// Owns every buffer below; the scaler itself holds plain pointers into it, so feeding a row
    /// touches no reference count, array or exclusivity check.
    private let memory = Memory()
    /// The current row, premultiplied (4 floats a pixel); nil when every target has the source's size.
    private let premultiplied: UnsafeMutablePointer<Float>?
    private let targets: UnsafeMutableBufferPointer<Target>
    private var rowsSeen = 0
    /// A palette row expanded to straight RGBA8, for a target of the source's own size.
    private var expandedRow: UnsafeMutablePointer<UInt8>?

    /// The scaler's memory, freed with the last copy of the scaler.
    private final class Memory {
        private var blocks: [UnsafeMutableRawPointer] = []
        /// Kernels whose C tables are released with the memory.
        var kernels: [UnsafeMutablePointer<emk_resample_kernel>] = []

        func allocate<Element>(_ count: Int, _ value: Element) -> UnsafeMutablePointer<Element> {
            let pointer = UnsafeMutablePointer<Element>.allocate(capacity: max(count, 1))
            pointer.initialize(repeating: value, count: count)
            blocks.append(UnsafeMutableRawPointer(pointer))
            return pointer
        }

        func copy<Element>(_ array: [Element]) -> UnsafeMutablePointer<Element> {
            let pointer = UnsafeMutablePointer<Element>.allocate(capacity: max(array.count, 1))
            _ = UnsafeMutableBufferPointer(start: pointer, count: array.count).initialize(from: array)
            blocks.append(UnsafeMutableRawPointer(pointer))
            return pointer
        }

        /// Every element is a plain value (numbers, pointers): nothing to deinitialize.
        deinit {
            for kernel in kernels { emk_resample_kernel_release(kernel) }
            for block in blocks { block.deallocate() }
        }
    }

    /// One target size: plain values and pointers into `Memory`.
    private struct Target {
        let width: Int
        let height: Int
        /// The kernels as the C passes read them; nil when the target has the source's size:
        /// rows are then copied (colour made canonical).
        let horizontal: UnsafeMutablePointer<emk_resample_kernel>?
        let vertical: UnsafeMutablePointer<emk_resample_kernel>?
        /// `window` horizontally filtered rows, source row `y` in slot `y % window`.
        let window: Int
        let ring: UnsafeMutablePointer<Float>
        /// Per ring slot, the columns that may be non-zero (empty for a blank row, whose slot is
        /// then left as it was: the vertical pass skips it).
        let spans: UnsafeMutablePointer<emk_resample_span>
        let output: UnsafeMutablePointer<UInt8>
        var nextRow = 0

        init(width: Int, height: Int, source: (width: Int, height: Int), horizontal: ResampleKernel?, vertical: ResampleKernel?, memory: Memory) {
            let (sourceWidth, sourceHeight) = source
            self.width = width
            self.height = height
            func view(_ kernel: ResampleKernel?, source: Int, pairs: Bool) -> UnsafeMutablePointer<emk_resample_kernel>? {
                guard let kernel else { return nil }
                var view = emk_resample_kernel(
                    starts: memory.copy(kernel.starts), counts: memory.copy(kernel.counts), weights: memory.copy(kernel.weights),
                    taps: kernel.taps, length: kernel.starts.count, source_length: source, pair_weights: nil, groups: nil)
                if pairs { emk_resample_kernel_prepare(&view) }
                let pointer = memory.allocate(1, view)
                memory.kernels.append(pointer)
                return pointer
            }
            self.horizontal = view(horizontal, source: sourceWidth, pairs: true)
            self.vertical = view(vertical, source: sourceHeight, pairs: false)
            window = vertical?.window ?? 0
            ring = memory.allocate(window * width * 4, Float(0))
            spans = memory.allocate(window, emk_resample_span(lo: 0, hi: 0))
            output = memory.allocate(width * height * 4, UInt8(0))
        }
    }

    /// `sizes` are the target sizes, each at least 1x1; `kernels` caches weights across images.
    public init(sourceWidth: Int, sourceHeight: Int, sizes: [(width: Int, height: Int)], kernels: inout ResampleKernel.Cache) {
        precondition(sourceWidth > 0 && sourceHeight > 0, "source must be at least 1x1")
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        let memory = self.memory
        let targets = sizes.map { size in
            precondition(size.width > 0 && size.height > 0, "target must be at least 1x1")
            if size.width == sourceWidth && size.height == sourceHeight {
                return Target(width: size.width, height: size.height, source: (sourceWidth, sourceHeight), horizontal: nil, vertical: nil, memory: memory)
            }
            return Target(
                width: size.width, height: size.height, source: (sourceWidth, sourceHeight),
                horizontal: kernels.kernel(source: sourceWidth, destination: size.width),
                vertical: kernels.kernel(source: sourceHeight, destination: size.height), memory: memory)
        }
        self.targets = UnsafeMutableBufferPointer(start: memory.copy(targets), count: targets.count)
        premultiplied = targets.contains { $0.horizontal != nil } ? memory.allocate(sourceWidth * 4, Float(0)) : nil
    }

    /// True once every source row has been appended.
    public var isComplete: Bool { rowsSeen == sourceHeight }

    /// Feeds the next source row: `sourceWidth` straight RGBA8 pixels.
    public mutating func append(row: UnsafeBufferPointer<UInt8>) {
        precondition(row.count >= sourceWidth * 4 && rowsSeen < sourceHeight, "row too short or too many rows")
        let span = premultiplied.map { emk_resample_premultiply(row.baseAddress, sourceWidth, $0) } ?? emk_resample_span(lo: 0, hi: 0)
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
            span = palette.premultiplied.withUnsafeBufferPointer { emk_resample_expand_indices(row.baseAddress, sourceWidth, $0.baseAddress, premultiplied) }
        }
        // Only a target of the source's own size needs the straight colours.
        var straight = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        if targets.contains(where: { $0.horizontal == nil }) {
            let expanded = expandedRow ?? memory.allocate(sourceWidth * 4, UInt8(0))
            expandedRow = expanded
            palette.rgba.withUnsafeBufferPointer { rgba in
                for x in 0..<sourceWidth {
                    let s = 4 * Int(row[x])
                    expanded[4 * x] = rgba[s]
                    expanded[4 * x + 1] = rgba[s + 1]
                    expanded[4 * x + 2] = rgba[s + 2]
                    expanded[4 * x + 3] = rgba[s + 3]
                }
            }
            straight = UnsafeBufferPointer(start: expanded, count: sourceWidth * 4)
        }
        filter(span: span, straight: straight)
    }

    /// The row's passes for every target, once its premultiplied copy (with `span`) is ready;
    /// `straight` is the straight RGBA8 row, used only by a target of the source's size.
    private mutating func filter(span: emk_resample_span, straight: UnsafeBufferPointer<UInt8>) {
        let y = rowsSeen
        rowsSeen += 1
        for i in targets.indices {
            if let premultiplied, let kernel = targets[i].horizontal {
                let slot = y % targets[i].window
                targets[i].spans[slot] = emk_resample_horizontal(premultiplied, span, kernel, targets[i].ring + slot * targets[i].width * 4)
                Self.finishRows(&targets[i], through: y)
            } else {
                Self.copyCanonical(straight, into: targets[i], y: y)
            }
        }
    }

    /// The scaled images, in the order of `sizes`. Call after the last row.
    public func images() -> [RGBAImage] {
        precondition(isComplete, "not every source row was appended")
        return targets.map { RGBAImage(width: $0.width, height: $0.height, pixels: Array(UnsafeBufferPointer(start: $0.output, count: $0.width * $0.height * 4))) }
    }

    // MARK: - Passes

    /// Emits every output row whose source rows have all arrived (the vertical pass, in C).
    private static func finishRows(_ target: inout Target, through y: Int) {
        let kernel = target.vertical!.pointee
        while target.nextRow < target.height {
            let row = target.nextRow
            let start = kernel.starts[row], count = kernel.counts[row]
            guard start + count - 1 <= y else { return }
            emk_resample_vertical(target.ring, target.spans, target.window, target.width, kernel.weights + row * kernel.taps, start, count, target.output + row * target.width * 4)
            target.nextRow += 1
        }
    }

    private static func copyCanonical(_ row: UnsafeBufferPointer<UInt8>, into target: Target, y: Int) {
        let rowBytes = target.width * 4
        let out = target.output
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
