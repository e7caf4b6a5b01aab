/// Apple's `Emoji.plist`: an array of emoji strings, each an entry inserting itself, named from
/// Unicode's names. (A dictionary in it is refused, its keys checked as a Weibo entry's.) Found by
/// its name, or by its content: a plist (`info.plist` too) whose root array starts with a string,
/// which no other layout's entry is.
enum EmojiPlistLayout: PackLayout {
    static func matches(_ source: PackSource) -> Bool {
        guard let items = source.items else { return false }
        return source.isEmojiPlist || (!source.isJSON && items.count > 0 && items[0] is String)
    }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        guard let items = source.items else { return .failure(PackLayouts.unrecognised(source)) }
        let reader = EntryReader(source, rules: .weibo)
        var contents = PackContents(items: items, entry: { readEmoji($0, index: $1, reader: reader) }, unknownKeys: reader.unknownKeys)
        contents.textKey = "item"
        return .success(contents)
    }

    static func readEmoji(_ item: Any, index: Int, reader: EntryReader) -> Result<Entry, PackError> {
        guard let text = item as? String, !PackReader.isBoolean(item) else {
            return .failure(reader.error(index, "item", nil, "expected an emoji string, found \(PackReader.typeName(item))"))
        }
        if text.isEmpty { return .failure(reader.error(index, "item", nil, "is an empty string")) }
        if let problem = TextLimits.problem(text, limit: TextLimits.entryText) {
            return .failure(reader.error(index, "item", nil, "\(problem.message) (it starts \(PackError.quote(text)))"))
        }
        return .success(Entry(plistIndex: index, text: text, textTraditional: nil, name: EmojiText.name(of: text), content: .emoji(text)))
    }
}
