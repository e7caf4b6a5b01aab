import Foundation

/// Lanczos-3 weights for one axis, normalised per output sample.
///
/// Taps that fall outside the source are dropped (and the rest renormalised) rather than clamped
/// to the edge, which would smear edge pixels inwards. Weights depend only on the source and
/// destination lengths, so they are computed once per pair (see `ResampleKernel.Cache`) instead
/// of once per image: every icon of a pack usually has the same size.
public struct ResampleKernel: Sendable {
    /// First source sample of each output sample.
    public let starts: [Int]
    /// Number of weights of each output sample (at most `taps`).
    public let counts: [Int]
    /// `taps` weights per output sample; unused slots are 0.
    public let weights: [Float]
    public let taps: Int

    public init(source: Int, destination: Int) {
        let scale = Double(destination) / Double(source)
        let support = scale < 1 ? 3 / scale : 3
        let stretch = scale < 1 ? scale : 1
        let taps = Int((support * 2).rounded(.up)) + 2
        var starts = [Int](repeating: 0, count: destination)
        var counts = [Int](repeating: 0, count: destination)
        var weights = [Float](repeating: 0, count: destination * taps)
        var row: [Double] = []
        for i in 0..<destination {
            let centre = (Double(i) + 0.5) / scale
            let first = max(0, Int((centre - support).rounded(.down)))
            let last = min(source - 1, Int((centre + support).rounded(.up)))
            row.removeAll(keepingCapacity: true)
            for j in first...max(first, last) {
                let distance = (Double(j) + 0.5 - centre) * stretch
                row.append(Self.lanczos3(distance))
            }
            // Trim zero tails so `count` stays within `taps`.
            var lo = 0, hi = row.count - 1
            while lo < hi && row[lo] == 0 { lo += 1 }
            while hi > lo && row[hi] == 0 { hi -= 1 }
            let kept = row[lo...hi].prefix(taps)
            let total = kept.reduce(0, +)
            starts[i] = first + lo
            counts[i] = kept.count
            for (t, w) in kept.enumerated() { weights[i * taps + t] = Float(total != 0 ? w / total : 0) }
        }
        self.starts = starts
        self.counts = counts
        self.weights = weights
        self.taps = taps
    }

    static func lanczos3(_ x: Double) -> Double {
        let ax = abs(x)
        if ax < 1e-9 { return 1 }
        if ax >= 3 { return 0 }
        let px = Double.pi * x
        return 3 * sin(px) * sin(px / 3) / (px * px)
    }

    /// Source rows a top-to-bottom pass must keep at once: output row `i` is complete when its
    /// last source row has arrived (outputs are finished in order), and needs rows back to its
    /// first one.
    var window: Int {
        var latestEnd = 0, widest = 1
        for i in starts.indices {
            latestEnd = max(latestEnd, starts[i] + max(counts[i], 1) - 1)
            widest = max(widest, latestEnd - starts[i] + 1)
        }
        return widest
    }

    /// Kernels by (source, destination) length. A value, not shared: each worker keeps its own,
    /// so no lock is needed and the few kernels a run uses are computed a few times at most.
    public struct Cache: Sendable {
        private var kernels: [Pair: ResampleKernel] = [:]
        struct Pair: Hashable, Sendable { let source: Int; let destination: Int }

        public init() {}

        public mutating func kernel(source: Int, destination: Int) -> ResampleKernel {
            let pair = Pair(source: source, destination: destination)
            if let known = kernels[pair] { return known }
            let made = ResampleKernel(source: source, destination: destination)
            kernels[pair] = made
            return made
        }
    }
}
