/// How long a text from a pack may be. A tap inserts `chs` (`[哈哈]`, a few characters); a title
/// names a tab. Nothing honest comes near these caps, and without them one 10 MB `chs` was
/// carried through every manifest, page and message (124 MiB for the run, and every warning about
/// it printed all 10 MB on one line). Documented in Reliability.md
/// ("Packs from strangers: links, names, text lengths").
///
/// One rule for every layout: each layout refuses a long text where it reads it (naming its own
/// key), and `PackReader` checks every pack's titles, id and entries again once a layout has
/// read them (`refusal(titles:…)`, `refusal(entry:…)`), so no layout can let one through
/// (a 9 MB Pidgin text once went into every manifest: 163 MB of output).
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

extension TextLimits {
    /// `text` refused as a pack file's `key` (a title, an id), or nil when it is short enough.
    static func refusal(_ text: String, key: String, display: String) -> PackError? {
        guard let problem = problem(text, limit: title) else { return nil }
        return .fileKey(path: display, key: key, reason: "\(problem.message) (it starts \(PackError.quote(text)))")
    }

    /// The first of a pack's titles (by locale) and id over the cap, as `refusal` words it.
    /// `titleKey` names the file's title key (a map's `Name`); nil names each locale's
    /// `group_name_*`.
    static func refusal(titles: [TitleLocale: String], id: String?, titleKey: String?, display: String) -> PackError? {
        for locale in TitleLocale.allCases {
            if let text = titles[locale], let refused = refusal(text, key: titleKey ?? locale.groupNameKey, display: display) { return refused }
        }
        return id.flatMap { refusal($0, key: "id", display: display) }
    }

    /// An entry whose words are over the cap: its text (`textKey`), traditional text or name.
    static func refusal(entry: Entry, textKey: String, display: String) -> PackError? {
        for (key, text) in [(textKey, entry.text), ("cht", entry.textTraditional ?? ""), ("name", entry.name)] {
            if let problem = problem(text, limit: entryText) {
                return .entry(path: display, index: entry.plistIndex, key: key, text: nil, reason: "\(problem.message) (it starts \(PackError.quote(text)))")
            }
        }
        return nil
    }
}
