/// An entry's words in the keyboard's locale. With `tw`, a Weibo pack's traditional forms (`cht`)
/// are what a tap inserts and what the entry is called, where the pack has them.
extension Entry {
    /// What a tap inserts: `cht` with `tw` when the entry has one, else `chs` (or the emoji).
    public func text(for locale: TitleLocale) -> String {
        if locale == .tw, let traditional = textTraditional, !traditional.isEmpty { return traditional }
        return text
    }

    /// The entry's own name in `locale` (`熊貓` for `[熊貓]` with `tw`); emoji names in the
    /// locale's language come from CLDR, in the generator.
    public func name(for locale: TitleLocale) -> String {
        if locale == .tw, case .image = content, let traditional = textTraditional, !traditional.isEmpty {
            return Self.bareName(traditional)
        }
        return name
    }

    /// `[哈哈]` → `哈哈`: the name without Weibo's brackets (the pack reader names entries so too).
    package static func bareName(_ text: String) -> String {
        if text.count > 2, text.hasPrefix("["), text.hasSuffix("]") { return String(text.dropFirst().dropLast()) }
        return text
    }
}
