/// Every pack layout emokit reads, and the one place that chooses among them.
enum PackLayouts {
    /// The layouts in the order `detect` tries them; the first that matches reads the pack:
    ///
    /// 1. `PlainImageFolderLayout`: a folder with no pack file, only images (one tab, `[name]`);
    /// 2. the chat apps' maps, each read from its own file (`MapFile`): `AdiumLayout`
    ///    (`Emoticons.plist`);
    /// 2. `EmojiPlistLayout`: `Emoji.plist`, an array of emoji strings;
    /// 3. `IconMapLayout`: QQ/WeChat, an array of one-key dictionaries `{"/微笑": "024"}`;
    /// 4. `YYKitGroupLayout`: a YYKit group, `info.json`, or a dictionary with `emoticons` and
    ///    `id` or a `group_name_*`;
    /// 5. `WeiboLayout`: any other array, of `{chs, cht, png, gif, type, code}` dictionaries.
    ///
    /// A new layout is one new file in `Layouts/` and one line here, placed before the layouts
    /// it must be told apart from; a layout with a file of its own names it (`fileNames`) and
    /// parses it when it is no plist (`parse`), in its own file too. (A folder of packs is read by `PackReader.packFolders`, and a
    /// YYKit bundle's `emoticons.plist` and `additional/` by `YYKitBundle.swift`.)
    static let detectionOrder: [any PackLayout.Type] = [
        CodePointFolderLayout.self,
        PlainImageFolderLayout.self,
        AdiumLayout.self,
        PidginLayout.self,
        JabberIconsetLayout.self,
        KDEEmoticonsLayout.self,
        EiskaltLayout.self,
        XhsLayout.self,
        TextMapLayout.self,
        EmojiPlistLayout.self,
        IconMapLayout.self,
        YYKitGroupLayout.self,
        WeiboLayout.self,
    ]

    /// The layout of `source`: the first in `detectionOrder` that matches, else nil.
    static func detect(_ source: PackSource) -> (any PackLayout.Type)? {
        detectionOrder.first { $0.matches(source) }
    }

    /// Why no layout reads `source`: a dictionary with `emoticons` lacks YYKit's identifying keys,
    /// or the root is not an array.
    static func unrecognised(_ source: PackSource) -> PackError {
        if let dict = source.dictionary, !source.isEmojiPlist, dict["emoticons"] != nil {
            return .incompleteGroup(path: source.display, keys: dict.keys.sorted())
        }
        return .wrongRoot(path: source.display, expected: "array", found: source.root.map(PackReader.typeName) ?? "nothing")
    }
}
