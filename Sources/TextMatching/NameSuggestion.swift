/// "Did you mean" for names a user typed: option names, config keys, plist keys. One helper for
/// the whole tool, in the lowest module that needs it, so every suggestion is chosen the same way.
public enum NameSuggestion {
    /// The known name closest to `name` within an edit distance of `maxDistance` (ties: the first
    /// in `names`), compared case-insensitively when `ignoringCase`; nil when none is that close.
    public static func closest(to name: String, among names: [String], maxDistance: Int = 2, ignoringCase: Bool = false) -> String? {
        let probe = ignoringCase ? name.lowercased() : name
        let scored = names.map { ($0, editDistance(probe, ignoringCase ? $0.lowercased() : $0)) }.filter { $0.1 <= maxDistance }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// What a command-line word most likely meant (`genrate`, `--widht`, `gen`): the closest name
    /// within a distance that grows with the word (1 up to four characters, else 2, so a short word
    /// is not "corrected" into an unrelated one), else the only name the word begins (two characters
    /// at least). Case is ignored. Nil when nothing is that close: no guess beats a wrong guess.
    public static func likely(_ word: String, among names: [String]) -> String? {
        if let near = closest(to: word, among: names, maxDistance: word.count > 4 ? 2 : 1, ignoringCase: true) { return near }
        let typed = word.lowercased()
        let starting = names.filter { $0.lowercased().hasPrefix(typed) }
        return typed.count >= 2 && starting.count == 1 ? starting[0] : nil
    }

    /// Edit distance over characters: insertions, deletions, substitutions, and two neighbours
    /// swapped (`widht`, `tpye`) counted as one edit, the commonest typing slip (optimal string
    /// alignment distance).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], beforePrevious[j - 2] + 1) }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
