import Diagnostics
import Foundation
import PropertyLists

/// A folder of images with no pack file at all: one tab, one emoticon per image in name order, its
/// `@2x`/`@3x` files grouped with it, inserting `[name]`. emokit says it made that choice (a
/// note), since nothing in the folder asked for it.
///
/// Its names follow `emokit init`'s rule (`ImageNaming`), so a folder reads the same before
/// and after `init`: two spellings of one name (`é.png` in NFC and in NFD), one image twice
/// (`a.png`, `a.PNG`) or scale files whose extensions differ make that entry an error naming the
/// files, never one emoticon with the other file dropped silently.
enum PlainImageFolderLayout: PackLayout {
    static func matches(_ source: PackSource) -> Bool { source.file == nil && stems(in: source.folder) != nil }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        let groups = ImageNaming.grouped(images(in: source.folder))
        var items: [Any] = []
        var refused: [Int: Diagnostic.Message] = [:]
        for group in groups where !ImageNaming.isOwnButton(group[0].stem) {
            let stem = group[0].stem
            if case .failure(let problem) = ImageNaming.image(group, display: source.folderDisplay) {
                refused[items.count] = "\(path: problem.file): \(problem.reason)"
            }
            items.append([ImageNaming.text(forStem: stem): stem])
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

    /// The image files in `folder` (not hidden, an image extension in any case, not folders), read
    /// from their names as `init` reads them.
    static func images(in folder: URL) -> [ImageNaming.ImageName] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") && ImageNaming.imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return names.compactMap { name in
            guard PackReader.isRegularFile(folder.appendingPathComponent(name)) else { return nil }
            let image = ImageNaming.ImageName(file: name)
            return image.stem.isEmpty ? nil : image
        }
    }

    /// The image stems in `folder` (`smile` for `smile.png`, `smile@2x.png`, `smile.gif`), in
    /// name order (bytewise, so the order never depends on the locale); nil when there are none.
    static func stems(in folder: URL) -> [String]? {
        let stems = ImageNaming.grouped(images(in: folder)).map { $0[0].stem }.filter { !ImageNaming.isOwnButton($0) }
        return stems.isEmpty ? nil : stems
    }
}
