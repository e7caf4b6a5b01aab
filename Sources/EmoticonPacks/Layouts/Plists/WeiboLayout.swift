/// Weibo's `info.plist`: an array of `{chs, cht, png, gif, type, code}` dictionaries. A missing
/// `png` is an error; `code` is hexadecimal (`0x1f603`, `1f603`, `U+1F603`).
enum WeiboLayout: PackLayout {
    static func matches(_ source: PackSource) -> Bool { !source.isEmojiPlist && source.items != nil }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        guard let items = source.items else { return .failure(PackLayouts.unrecognised(source)) }
        let reader = EntryReader(source, rules: .weibo)
        var contents = PackContents(items: items, entry: reader.read, unknownKeys: reader.unknownKeys)
        contents.textKey = "chs"
        return .success(contents)
    }

    /// A Weibo `code`: a string of hexadecimal code points.
    static func code(_ value: Any) -> Result<String, EntryProblem> {
        guard let text = value as? String, !PackReader.isBoolean(value) else {
            return .failure("expected a string of hex code points, found \(PackReader.typeName(value))")
        }
        switch EmojiText.parseCode(text) {
        case .success(let emoji): return .success(emoji)
        case .failure(let reason): return .failure("\(PackError.quote(text)) \(reason)")
        }
    }
}

extension EntryRules {
    /// Weibo's: hexadecimal codes, an image entry without `png` refused.
    static var weibo: EntryRules { EntryRules(code: WeiboLayout.code, imageWithoutPNGSkipped: nil) }
}
