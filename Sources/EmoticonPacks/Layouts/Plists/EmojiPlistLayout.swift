import PropertyLists

/// Apple's `Emoji.plist`: an array of emoji strings, each an entry inserting itself, named from
/// Unicode's names. (A dictionary in it is refused, its keys checked as a Weibo entry's.) Found by
/// its name, or by its content: a plist (`info.plist` too) whose root array starts with a string,
/// which no other layout's entry is.
enum EmojiPlistLayout: PackLayout {
    static func matches(_ source: PackSource) -> Bool {
        guard let items = source.items else { return false }
        return source.isEmojiPlist || (!source.isJSON && startsAsList(items))
    }

    /// The one test of an emoji list's item: a string (the emoji it inserts), nil for anything else.
    static func emoji(in item: Any) -> String? {
        guard let text = item as? String, !PackReader.isBoolean(item) else { return nil }
        return text
    }

    /// Whether a pack's file is read as an emoji list, from its first item alone: a sniff, because
    /// a root array is parsed item by item as it is read (`PlistItems`) and a long list must not be
    /// read twice; an item past the first that is no emoji is refused by its index when read.
    /// Detection (`matches`) and `validate`'s list of layouts tried ask this.
    static func startsAsList(_ items: PlistItems) -> Bool { items.first.map { emoji(in: $0) != nil } ?? false }

    /// Whether a plist of any name is an emoji list, every item checked: a full check, because
    /// finding a folder's pack file by its content alone (`PackFileContent.shapedPlists`) must not
    /// take a plist of another use for one (a list of strings and numbers is no emoji list).
    static func isList(_ array: [Any]) -> Bool { !array.isEmpty && array.allSatisfy { emoji(in: $0) != nil } }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        guard let items = source.items else { return .failure(PackLayouts.unrecognised(source)) }
        let reader = EntryReader(source, rules: .weibo)
        var contents = PackContents(items: items, entry: { readEmoji($0, index: $1, reader: reader) }, unknownKeys: reader.unknownKeys)
        contents.textKey = "item"
        return .success(contents)
    }

    static func readEmoji(_ item: Any, index: Int, reader: EntryReader) -> Result<Entry, PackError> {
        guard let text = emoji(in: item) else {
            return .failure(reader.error(index, "item", nil, "expected an emoji string, found \(PackReader.typeName(item))"))
        }
        if text.isEmpty { return .failure(reader.error(index, "item", nil, "is an empty string")) }
        if let problem = TextLimits.problem(text, limit: TextLimits.entryText) {
            return .failure(reader.error(index, "item", nil, "\(problem.message) (it starts \(PackError.quote(text)))"))
        }
        return .success(Entry(plistIndex: index, text: text, textTraditional: nil, name: EmojiText.name(of: text), content: .emoji(text)))
    }
}
