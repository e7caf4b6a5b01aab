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
    /// `text` refused as a pack file's `key` (a title, an id), or nil when it is short enough and
    /// holds no character `TextCharacters` refuses.
    static func refusal(_ text: String, key: String, display: String) -> PackError? {
        if let problem = problem(text, limit: title) {
            return .fileKey(path: display, key: key, reason: "\(problem.message) (it starts \(PackError.quote(text)))")
        }
        guard let problem = TextCharacters.problem(text) else { return nil }
        return .fileKey(path: display, key: key, reason: "\(PackError.quote(text)) \(problem.message)")
    }

    /// The first tab title (`PackContents.tabs`: a sticker pack's name, a Misskey category) over
    /// the cap or holding a refused character, as `refusal` words it.
    static func refusal(tabs: [PackContents.Tab], display: String) -> PackError? {
        for tab in tabs {
            if let title = tab.title, let refused = refusal(title, key: tab.titleKey, display: display) { return refused }
        }
        return nil
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

    /// An entry whose words are over the cap or hold a character `TextCharacters` refuses: its
    /// text (`textKey`), traditional text, name or a search keyword.
    static func refusal(entry: Entry, textKey: String, display: String) -> PackError? {
        let words = [(textKey, entry.text), ("cht", entry.textTraditional ?? ""), ("name", entry.name)]
        for (key, text) in words {
            if let problem = problem(text, limit: entryText) {
                return .entry(
                    path: display, index: entry.plistIndex, key: key, text: nil, reason: "\(problem.message) (it starts \(PackError.quote(text)))", at: entry.locator)
            }
        }
        for (key, text) in words + entry.keywords.map({ ("keywords", $0) }) {
            if let problem = TextCharacters.problem(text) {
                return .entry(path: display, index: entry.plistIndex, key: key, text: nil, reason: "\(PackError.quote(text)) \(problem.message)", at: entry.locator)
            }
        }
        return nil
    }
}
