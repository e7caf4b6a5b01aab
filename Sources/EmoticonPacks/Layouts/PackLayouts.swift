/// Every pack layout emokit reads, and the one place that chooses among them.
enum PackLayouts {
    /// The layouts in the order `detect` tries them; the first that matches reads the pack:
    ///
    /// 1. `CodePointFolderLayout`: a folder with no pack file whose every image is named by code
    ///    point (`1F600.png`): each inserts its emoji, drawn from its image;
    /// 2. `PlainImageFolderLayout`: any other folder with no pack file, only images (`[name]`);
    /// 3. the chat apps' maps, each parsed from its own file into a `MapFile` and matched by it:
    ///    `AdiumLayout` (`Emoticons.plist`), `PidginLayout` (`theme`), `JabberIconsetLayout`
    ///    (`icondef.xml`), `KDEEmoticonsLayout` (`emoticons.xml`), `EiskaltLayout` (`NAME.xml`
    ///    beside `NAME/`), `XhsLayout` (any XML whose root is `<EmoticonSet>`), `PleromaPackLayout`
    ///    (`pack.json`), `PleromaEmojiTextLayout` (`emoji.txt`, after `pack.json` as Pleroma reads it),
    ///    `MisskeyExportLayout` (`meta.json`, one tab per category), `WhatsAppStickerLayout`
    ///    (`contents.json` with `sticker_packs`, one tab per pack, entries that send their image);
    /// 4. `TextMapLayout`: a kit's own plist, a dictionary of text to image name (or back); the
    ///    chat SDKs' lists (`KitListLayout`), by their first item's keys whatever the file's
    ///    name: `ChatKitFaceLayout` (`face_name`, `face_image_name`), `TUIKitEmojiLayout`
    ///    (`face_name` with `face_id`), `NIMEmoticonCatalogLayout` (catalogs of `info` and
    ///    `data`, also in an `emoji.plist`), `TextImageListLayout` (`{text, image}`);
    /// 5. `EmojiPlistLayout`: `Emoji.plist`, an array of emoji strings;
    /// 6. `IconMapLayout`: QQ/WeChat, an array of one-key dictionaries `{"/微笑": "024"}`;
    /// 7. `YYKitGroupLayout`: a YYKit group, `info.json`, or a dictionary with `emoticons` and
    ///    `id` or a `group_name_*`;
    /// 8. `WeiboLayout`: any other array, of `{chs, cht, png, gif, type, code}` dictionaries.
    ///
    /// Which file a folder is read from comes first (`PackReader.packPlist`): `info.json`,
    /// `info.plist` (never an Apple bundle's), `Emoji.plist`, the layouts' own names (exactly),
    /// EiskaltDC++'s map beside the folder, an Xhs set (by its root), a text map, a kit's list
    /// (`KitLists`), then the one plist of a plist layout's shape under any name
    /// (`PackFileContent`). Content decides; names break ties, or are what the app itself needs
    /// (Pidgin reads only `theme`). Each map layout's note (`recognisedLayout`) names the layout it
    /// was read as; `validate` lists why each layout did not fit a pack none reads
    /// (`LayoutDiagnosis.swift`).
    ///
    /// A new layout is one new file in `Layouts/` and one line here, placed before the layouts
    /// it must be told apart from; a layout with a file of its own names it (`fileNames`) and
    /// parses it when it is no plist (`parse`), in its own file too. (A folder of packs is read
    /// by `PackReader.packFolders`, a YYKit bundle's `emoticons.plist` and `additional/` by
    /// `YYKitBundle.swift`, a group list `emoticons.plist` by `GroupListLayout.swift`.)
    static let detectionOrder: [any PackLayout.Type] = [
        CodePointFolderLayout.self,
        PlainImageFolderLayout.self,
        AdiumLayout.self,
        PidginLayout.self,
        JabberIconsetLayout.self,
        KDEEmoticonsLayout.self,
        EiskaltLayout.self,
        XhsLayout.self,
        PleromaPackLayout.self,
        PleromaEmojiTextLayout.self,
        MisskeyExportLayout.self,
        WhatsAppStickerLayout.self,
        TextMapLayout.self,
        ChatKitFaceLayout.self, TUIKitEmojiLayout.self, NIMEmoticonCatalogLayout.self, TextImageListLayout.self,
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
