/// `--shard K/N`: this run renders the K-th of N shares of the tabs (1-based). Shares are
/// balanced by page count, not tab count: tabs are taken largest first (ties in tab order) and
/// each goes to the share with the fewest pages so far (ties to the lowest share). The
/// assignment depends only on the tabs' page counts, so every shard computes the same one.
public struct ShardSpec: Sendable, Equatable, Codable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// Parses `K/N` with 1 ≤ K ≤ N ≤ 1000.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), (1...1000).contains(n), (1...n).contains(k) else { return nil }
        index = k
        count = n
    }

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// The 1-based share of each tab, given the tabs' page counts in tab order.
    public static func assign(pageCounts: [Int], shards: Int) -> [Int] {
        var load = [Int](repeating: 0, count: shards)
        var owner = [Int](repeating: 1, count: pageCounts.count)
        let order = pageCounts.indices.sorted { pageCounts[$0] != pageCounts[$1] ? pageCounts[$0] > pageCounts[$1] : $0 < $1 }
        for tab in order {
            let lightest = load.indices.min { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 }!
            owner[tab] = lightest + 1
            load[lightest] += pageCounts[tab]
        }
        return owner
    }
}
