import EmoticonPacks

/// Images drawn larger than they are, as a run reports them. `validate` names every one;
/// `generate` names the first few of each pack and counts the rest in one line, so a pack of
/// 121,328 small images neither floods the terminal nor keeps 121,328 long warnings in memory.
struct EnlargedImages {
    /// How many `generate` names in each pack before it counts.
    static let namedPerPack = 10

    let listsEvery: Bool
    private var named: [PackError] = []
    /// Per pack (its plist path, in the order first met): how many were found.
    private var counts: [(path: String, count: Int)] = []

    init(listsEvery: Bool) { self.listsEvery = listsEvery }

    mutating func add(_ finding: PackError) {
        let path = finding.plistPath
        let index: Int
        if let last = counts.indices.last, counts[last].path == path {
            index = last  // findings come pack by pack
        } else if let found = counts.firstIndex(where: { $0.path == path }) {
            index = found
        } else {
            counts.append((path, 0))
            index = counts.count - 1
        }
        counts[index].count += 1
        if listsEvery || counts[index].count <= Self.namedPerPack { named.append(finding) }
    }

    /// The findings named, then for each pack with more, how many more.
    var findings: [PackError] {
        guard !listsEvery else { return named }
        return named + counts.filter { $0.count > Self.namedPerPack }.map { .moreUpscaled(path: $0.path, count: $0.count - Self.namedPerPack) }
    }
}
