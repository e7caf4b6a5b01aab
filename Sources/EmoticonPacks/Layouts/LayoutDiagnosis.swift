import Foundation

/// Why a pack is not of each layout, so `validate` on a folder no layout reads can list every
/// layout it tried and why each did not fit (`Pidgin theme: no file named theme`). Each reason
/// is read from what the folder and its file hold, in the product's words; the reasons sit here
/// side by side so they read as one list, while each layout's own file says what it recognises.
extension PackLayouts {
    /// One note per layout in `detectionOrder`, naming it and why `source` is not of it, for the
    /// pack named `path` (an input folder, or the pack's file).
    /// Layouts with the same reason share one line (`YYKit group, Weibo array: …`), and so do
    /// those whose only reason is that the one file name their app reads is absent (`Adium
    /// emoticon set, Pidgin theme: no file of the name their app reads (Emoticons.plist, theme)`).
    static func layoutsTried(_ source: PackSource, path: String) -> [PackError] {
        var lines: [(layouts: [String], reason: String)] = []
        var unnamed: (line: Int, names: [String])?
        for layout in detectionOrder {
            guard let mismatch = layout.mismatch(source) else { continue }
            if case .absentFile(let files) = mismatch {
                let name = files.joined(separator: " or ")
                if let (line, names) = unnamed {
                    lines[line].layouts.append(layout.layoutName)
                    unnamed = (line, names + [name])
                } else {
                    unnamed = (lines.count, [name])
                    lines.append(([layout.layoutName], mismatch.reason))
                }
            } else if let index = lines.firstIndex(where: { $0.reason == mismatch.reason }) {
                lines[index].layouts.append(layout.layoutName)
            } else {
                lines.append(([layout.layoutName], mismatch.reason))
            }
        }
        if let (line, names) = unnamed, names.count > 1 {
            lines[line].reason = "no file of the name their app reads (\(names.joined(separator: ", ")))"
        }
        return lines.map { PackError.layoutTried(path: path, layout: $0.layouts.joined(separator: ", "), reason: $0.reason) }
    }
}

/// Why a pack is not of a layout, as a value: the case says what happened, so the list of
/// layouts tried groups the layouts whose app reads one file name from what they return, never
/// from the words of a message.
enum LayoutMismatch: Equatable {
    /// The file (or files, any of which) the layout's app reads is absent, and there is nothing
    /// more to say about it: `no file named theme`. Layouts with this reason share one line.
    case absentFile([String])
    /// Any other reason, in the product's words.
    case described(String)

    /// The reason as `validate` words it.
    var reason: String {
        switch self {
        case .absentFile(let names): return "no file named \(names.joined(separator: " or "))"
        case .described(let reason): return reason
        }
    }
}

/// The shared wording of the reasons.
extension LayoutMismatch {
    /// What the pack's file is, for a layout that needs another: `the pack's file is info.plist,
    /// an array of 3 items, the first a string`.
    static func packFile(_ source: PackSource) -> LayoutMismatch {
        guard let file = source.file else { return .described("the folder has no pack file") }
        return .described("the pack's file is \(file.url.lastPathComponent), \(PackFileContent.describe(source.root))")
    }

    /// A layout whose app reads one file name only (Pidgin's `theme`): no such file, and, when
    /// another XML file of the folder has the layout's `root`, that the app would not read it.
    static func noFile(named name: String, in source: PackSource, root: String? = nil, app: String) -> LayoutMismatch {
        if let file = source.file, file.url.lastPathComponent == name, !(source.root is MapFile) {
            return .described("\(name) holds \(PackFileContent.describe(source.root))")
        }
        if let root, let renamed = PackFileContent.xmlFiles(in: source.folder, root: root).first {
            return .described("no file named \(name) (\(renamed.lastPathComponent) has the root <\(root)>, but \(app) reads it only as \(name): rename it)")
        }
        return .absentFile([name])
    }

    /// A plist layout asked about a folder without a pack file: what the folder's plists hold
    /// (none of them a shape a plist layout reads, or it would be the pack's file).
    static func noPlist(in folder: URL) -> LayoutMismatch {
        let plists = TextMapLayout.plists(in: folder)
        guard let first = plists.first else { return .described("no plist or JSON pack file in the folder") }
        let more = plists.count > 1 ? " (and \(plists.count - 1) more plist\(plists.count == 2 ? "" : "s"))" : ""
        return .described(PackFileContent.unreadPlistReason(first, subject: first.lastPathComponent) + more)
    }

    /// The images a folder layout reads.
    static let noImages = LayoutMismatch.described("no images in the folder (\(MapLayouts.drawnFormats) are read)")
}

extension PackLayout {
    /// The type's name without `Layout` (`Weibo`); each layout below names itself in the product's words.
    static var layoutName: String {
        let name = "\(self)"
        return name.hasSuffix("Layout") ? String(name.dropLast("Layout".count)) : name
    }

    static func mismatch(_ source: PackSource) -> LayoutMismatch? { matches(source) ? nil : LayoutMismatch.packFile(source) }
}

extension CodePointFolderLayout {
    static var layoutName: String { "emoji images named by code point" }

    static func mismatch(_ source: PackSource) -> LayoutMismatch? {
        if matches(source) { return nil }
        if let file = source.file { return .described("the folder has a pack file, \(file.url.lastPathComponent)") }
        guard let stems = PlainImageFolderLayout.stems(in: source.folder) else { return LayoutMismatch.noImages }
        return stems.first { emoji(named: $0) == nil }.map { .described("\(PackError.quote($0)) is not named by code point (1F600.png)") }
    }
}

extension PlainImageFolderLayout {
    static var layoutName: String { "plain folder of images" }

    static func mismatch(_ source: PackSource) -> LayoutMismatch? {
        if matches(source) { return nil }
        if let file = source.file { return .described("the folder has a pack file, \(file.url.lastPathComponent)") }
        return LayoutMismatch.noImages
    }
}

extension AdiumLayout {
    static var layoutName: String { "Adium emoticon set" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? {
        matches(source) ? nil : LayoutMismatch.noFile(named: "Emoticons.plist", in: source, app: "Adium")
    }
}

extension PidginLayout {
    static var layoutName: String { "Pidgin smiley theme" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? { matches(source) ? nil : LayoutMismatch.noFile(named: "theme", in: source, app: "Pidgin") }
}

extension JabberIconsetLayout {
    static var layoutName: String { "Jabber iconset" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? {
        matches(source) ? nil : LayoutMismatch.noFile(named: "icondef.xml", in: source, root: "icondef", app: "Psi and Gajim")
    }
}

extension KDEEmoticonsLayout {
    static var layoutName: String { "KDE emoticon theme" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? {
        matches(source) ? nil : LayoutMismatch.noFile(named: "emoticons.xml", in: source, root: "messaging-emoticon-map", app: "KDE")
    }
}

extension EiskaltLayout {
    static var layoutName: String { "EiskaltDC++ emoticon map" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? {
        if matches(source) { return nil }
        let beside = "\(source.folder.lastPathComponent).xml"
        let xml = source.folder.deletingLastPathComponent().appendingPathComponent(beside)
        guard PackReader.isRegularFile(xml) else { return .described("no \(beside) with the root <emoticons-map> beside the folder") }
        return .described("\(beside) beside the folder has the root \(PackFileContent.xmlRoot(of: xml).map { "<\($0)>" } ?? "unknown"), not <emoticons-map>")
    }
}

extension XhsLayout {
    static var layoutName: String { "XhsEmoticonsKeyboard set" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? {
        if matches(source) { return nil }
        if source.file != nil, !setFiles(in: source.folder).isEmpty { return LayoutMismatch.packFile(source) }
        guard let xml = PackFileContent.xmlFiles(in: source.folder).first else { return .described("no XML file with the root <EmoticonSet>") }
        return .described("no XML file with the root <EmoticonSet> (\(xml.lastPathComponent) has \(PackFileContent.xmlRoot(of: xml).map { "the root <\($0)>" } ?? "no root element"))")
    }
}

extension PleromaPackLayout {
    static var layoutName: String { "Pleroma pack (pack.json)" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? { matches(source) ? nil : LayoutMismatch.noFile(named: "pack.json", in: source, app: "Pleroma") }
}

extension PleromaEmojiTextLayout {
    static var layoutName: String { "Pleroma list (emoji.txt)" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? { matches(source) ? nil : LayoutMismatch.noFile(named: "emoji.txt", in: source, app: "Pleroma") }
}

extension MisskeyExportLayout {
    static var layoutName: String { "Misskey emoji export" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? { matches(source) ? nil : LayoutMismatch.noFile(named: "meta.json", in: source, app: "Misskey") }
}

extension TextMapLayout {
    static var layoutName: String { "text-to-image dictionary" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? {
        if matches(source) { return nil }
        if source.file == nil { return LayoutMismatch.noPlist(in: source.folder) }
        guard let dict = source.dictionary else { return .described("root is \(PackFileContent.describe(source.root)), not a dictionary") }
        let other = dict.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.first { !($0.value is String) }
        guard let other else { return LayoutMismatch.packFile(source) }
        return .described("\(PackError.quote(other.key)) is \(PackFileContent.describeItem(other.value)), not an image name or a text")
    }
}

extension EmojiPlistLayout {
    static var layoutName: String { "emoji list (Emoji.plist)" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? {
        if matches(source) { return nil }
        if source.file == nil { return LayoutMismatch.noPlist(in: source.folder) }
        if !source.isEmojiPlist, let items = source.items, let first = items.first, !startsAsList(items) {
            return .described("the first item is \(PackFileContent.describeItem(first)), not an emoji")
        }
        if !source.isEmojiPlist { return .described("no Emoji.plist, nor a plist whose root is an array of emoji") }
        return .described("root is \(PackFileContent.describe(source.root)), not an array")
    }
}

extension IconMapLayout {
    static var layoutName: String { "QQ/WeChat map" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? {
        if matches(source) { return nil }
        if source.file == nil { return LayoutMismatch.noPlist(in: source.folder) }
        if source.isEmojiPlist { return .described("the file is an Emoji.plist") }
        guard let items = source.items else { return .described("root is \(PackFileContent.describe(source.root)), not an array") }
        guard items.count > 0 else { return .described("root is an empty array") }
        return .described("the first item is \(PackFileContent.describeItem(items[0])), not a one-key dictionary of text to image")
    }
}

extension YYKitGroupLayout {
    static var layoutName: String { "YYKit group" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? {
        if matches(source) { return nil }
        if source.file == nil { return LayoutMismatch.noPlist(in: source.folder) }
        guard let dict = source.dictionary else { return .described("root is \(PackFileContent.describe(source.root)), not a dictionary") }
        guard dict["emoticons"] != nil else { return .described("root is \(PackFileContent.describe(dict)), without \"emoticons\"") }
        return .described("root has \"emoticons\" but neither \"id\" nor \"group_name_*\"")
    }
}

extension WeiboLayout {
    static var layoutName: String { "Weibo array" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? {
        if matches(source) { return nil }
        if source.file == nil { return LayoutMismatch.noPlist(in: source.folder) }
        if source.isEmojiPlist { return .described("the file is an Emoji.plist") }
        return .described("root is \(PackFileContent.describe(source.root)), not an array")
    }
}

extension LayoutMismatch {
    /// A chat SDK's list (`KitListLayout`): an array whose first item is a dictionary with `keys`.
    static func kitList(_ source: PackSource, keys: String) -> LayoutMismatch {
        if source.file == nil { return noPlist(in: source.folder) }
        guard let items = source.items else { return .described("root is \(PackFileContent.describe(source.root)), not an array") }
        guard items.count > 0 else { return .described("root is an empty array") }
        return .described("the first item is \(PackFileContent.describeItem(items[0])), without \(keys)")
    }
}

extension ChatKitFaceLayout {
    static var layoutName: String { "LeanCloud ChatKit face list" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? { matches(source) ? nil : LayoutMismatch.kitList(source, keys: "face_name and face_image_name") }
}

extension TUIKitEmojiLayout {
    static var layoutName: String { "Tencent TUIKit emoji list" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? {
        matches(source) ? nil : LayoutMismatch.kitList(source, keys: "face_name with face_id or face_file")
    }
}

extension NIMEmoticonCatalogLayout {
    static var layoutName: String { "NetEase NIM emoticon catalogs" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? { matches(source) ? nil : LayoutMismatch.kitList(source, keys: "info and data") }
}

extension TextImageListLayout {
    static var layoutName: String { "text and image list" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? { matches(source) ? nil : LayoutMismatch.kitList(source, keys: "text and image") }
}

extension WhatsAppStickerLayout {
    static var layoutName: String { "WhatsApp sticker pack" }
    static func mismatch(_ source: PackSource) -> LayoutMismatch? {
        if matches(source) { return nil }
        if let file = source.file, fileNames.contains(file.url.lastPathComponent) { return .described("\(file.url.lastPathComponent) holds \(PackFileContent.describe(source.root))") }
        return .absentFile(fileNames)
    }
}
