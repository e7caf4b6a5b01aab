import EmoticonPacks

/// Emoticons left out because their image is not in the pack (a KDE theme's, as KDE leaves them
/// out), as a run reports them: `validate` names each; `generate` says it once per pack, naming
/// the first few and counting the rest, so a theme that lost its images is one line, never silent.
enum MissingImages {
    /// How many `generate` names in its one line per pack.
    static let namedPerPack = 3

    /// `warnings` with each pack's `missingImage` warnings replaced by one `missingImages` where
    /// the first of them was; unchanged when `listsEvery`.
    static func summarised(_ warnings: [PackError], listsEvery: Bool) -> [PackError] {
        guard !listsEvery else { return warnings }
        var byPack: [String: (first: [PackError.MissingImage], count: Int, app: String)] = [:]
        for case let .missingImage(path, index, text, _, file, app, _) in warnings {
            var summary = byPack[path] ?? ([], 0, app)
            summary.count += 1
            if summary.first.count < namedPerPack { summary.first.append(.init(index: index, text: text, file: file)) }
            byPack[path] = summary
        }
        guard !byPack.isEmpty else { return warnings }
        var said: Set<String> = []
        return warnings.compactMap { warning in
            guard case let .missingImage(path, _, _, _, _, _, _) = warning, let summary = byPack[path] else { return warning }
            guard said.insert(path).inserted else { return nil }
            return .missingImages(path: path, first: summary.first, count: summary.count, app: summary.app)
        }
    }
}
