import Foundation

/// A folder of images with no pack file at all: one tab, one emoticon per image in name order, its
/// `@2x`/`@3x` files grouped with it, inserting `[name]`. emokit says it made that choice (a
/// note), since nothing in the folder asked for it.
enum PlainImageFolderLayout: PackLayout {
    static let imageExtensions: Set<String> = ["png", "gif"]

    static func matches(_ source: PackSource) -> Bool { source.file == nil && stems(in: source.folder) != nil }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        let items = (stems(in: source.folder) ?? []).map { stem -> Any in ["[\(stem)]": stem] }
        let reader = EntryReader(source, rules: .weibo)
        var contents = PackContents(items: PlistItems(items), entry: reader.readMapItem)
        contents.notes = { entries in [.plainImageFolder(path: source.display, count: entries.count)] }
        contents.warnings = { _ in UnreadMapFiles.warnings(in: source.folder, display: source.display) }
        return .success(contents)
    }

    /// The image stems in `folder` (`smile` for `smile.png`, `smile@2x.png`, `smile.gif`), in
    /// name order (bytewise, so the order never depends on the locale); nil when there are none.
    static func stems(in folder: URL) -> [String]? {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") && imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
        var stems = Set<String>()
        for name in names where PackReader.isRegularFile(folder.appendingPathComponent(name)) {
            var base = (name as NSString).deletingPathExtension
            if base.hasSuffix("@2x") || base.hasSuffix("@3x") { base = String(base.dropLast(3)) }
            // The pack's own delete button and tab icon are not emoticons.
            if !base.isEmpty, base != "delete", base != "icon" { stems.insert(base) }
        }
        return stems.isEmpty ? nil : stems.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
