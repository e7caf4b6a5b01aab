import Foundation

extension PackReader {
    /// A pack whose file held items but gave not one emoticon, every item refused or skipped
    /// (with `--lenient`, or as the app skips them): an error naming the file and what it held,
    /// never an empty tab written and the run called good. A plist of NetEase NIM catalogs
    /// taken for an emoji list once gave exactly that. Nil when the pack has entries, when its
    /// file lists none at all (`[]`, an empty tab the author asked for), or when errors
    /// already stop the run.
    static func noEmoticons(
        _ contents: PackContents, entries: [Entry], errors: [PackError], source: PackSource, as layout: any PackLayout.Type
    ) -> PackError? {
        guard entries.isEmpty, contents.items.count > 0, errors.isEmpty else { return nil }
        let count = contents.items.count
        let items = count == 1 ? "its one item is not" : "none of its \(count) items is"
        let held = source.file == nil ? "the folder holds \(count) image\(count == 1 ? "" : "s")" : "the file holds \(PackFileContent.describe(source.root))"
        return .noEmoticons(path: source.display, held: "\(held); \(items) an emoticon of the layout it was read as, \(layout.layoutName) (the warnings above say why)")
    }
}
