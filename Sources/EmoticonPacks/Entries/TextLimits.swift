/// How long a text from a pack may be. A tap inserts `chs` (`[哈哈]`, a few characters); a title
/// names a tab. Nothing honest comes near these caps, and without them one 10 MB `chs` was
/// carried through every manifest, page and message (124 MiB for the run, and every warning about
/// it printed all 10 MB on one line). Documented in Reliability.md
/// ("Packs from strangers: links, names, text lengths").
public enum TextLimits {
    /// An entry's text (`chs`, `cht`, an emoji, a QQ/WeChat text key), in Unicode scalars.
    public static let entryText = 1_000
    /// A tab title (`group_name_*`) or a plist `id`, in Unicode scalars.
    public static let title = 200

    /// Why `text` is refused, or nil: its length and the cap (the text itself is quoted, shortened,
    /// by the message that names the entry).
    static func problem(_ text: String, limit: Int) -> EntryProblem? {
        // A UTF-8 count is no smaller than the scalar count: most texts pass without counting scalars.
        guard text.utf8.count > limit else { return nil }
        let length = text.unicodeScalars.count
        return length > limit ? "\(length) characters long; the limit is \(limit)" : nil
    }
}
