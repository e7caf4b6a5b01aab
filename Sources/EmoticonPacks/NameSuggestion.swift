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

    /// Levenshtein distance over characters (insertions, deletions, substitutions).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
