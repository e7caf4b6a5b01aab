import Foundation

/// A folder of images with no pack file at all: one tab, one emoticon per image in name order, its
/// `@2x`/`@3x` files grouped with it, inserting `[name]`. emokit says it made that choice (a
/// note), since nothing in the folder asked for it.
///
/// Its names follow `emokit init`'s rule (`PackStarter.entry`), so a folder reads the same before
/// and after `init`: two spellings of one name (`é.png` in NFC and in NFD), one image twice
/// (`a.png`, `a.PNG`) or scale files whose extensions differ make that entry an error naming the
/// files, never one emoticon with the other file dropped silently.
enum PlainImageFolderLayout: PackLayout {
    static let imageExtensions: Set<String> = ["png", "gif"]

    static func matches(_ source: PackSource) -> Bool { source.file == nil && stems(in: source.folder) != nil }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        let groups = PackStarter.grouped(images(in: source.folder))
        var items: [Any] = []
        var refused: [Int: String] = [:]
        for group in groups where !isOwnButton(group[0].stem) {
            let stem = group[0].stem
            if case .failure(let problem) = PackStarter.entry(group, display: source.folderDisplay) {
                refused[items.count] = "\(problem.file): \(problem.reason)"
            }
            items.append(["[\(stem)]": stem])
        }
        let reader = EntryReader(source, rules: .weibo)
        let entry: (Any, Int) -> Result<Entry, PackError> = { item, index in
            if let reason = refused[index] {
                let text = (item as? [String: Any])?.keys.first
                return .failure(.entry(path: source.display, index: index, key: text ?? "entry", text: text, reason: reason))
            }
            return reader.readMapItem(item, index: index)
        }
        var contents = PackContents(items: PlistItems(items), entry: entry)
        contents.notes = { entries in [.plainImageFolder(path: source.display, count: entries.count)] }
        contents.warnings = { _ in UnreadMapFiles.warnings(in: source.folder, display: source.display) }
        return .success(contents)
    }

    /// The pack's own delete button and tab icon are not emoticons.
    static func isOwnButton(_ stem: String) -> Bool { stem == "delete" || stem == "icon" }

    /// The image files in `folder` (not hidden, `.png` or `.gif` in any case, not folders), read
    /// from their names as `init` reads them.
    static func images(in folder: URL) -> [PackStarter.ImageName] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") && imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return names.compactMap { name in
            guard PackReader.isRegularFile(folder.appendingPathComponent(name)) else { return nil }
            var stem = (name as NSString).deletingPathExtension
            var scale = 1
            if stem.hasSuffix("@2x") || stem.hasSuffix("@3x") {
                scale = stem.hasSuffix("@2x") ? 2 : 3
                stem = String(stem.dropLast(3))
            }
            return stem.isEmpty ? nil : PackStarter.ImageName(file: name, stem: stem, scale: scale, ext: (name as NSString).pathExtension)
        }
    }

    /// The image stems in `folder` (`smile` for `smile.png`, `smile@2x.png`, `smile.gif`), in
    /// name order (bytewise, so the order never depends on the locale); nil when there are none.
    static func stems(in folder: URL) -> [String]? {
        let stems = PackStarter.grouped(images(in: folder)).map { $0[0].stem }.filter { !isOwnButton($0) }
        return stems.isEmpty ? nil : stems
    }
}
