import Foundation

/// A folder of images with no plist at all: one tab, one emoticon per image in name order, its
/// `@2x`/`@3x` files grouped with it, inserting `[name]`. emokit says it made that choice (a
/// note), since nothing in the folder asked for it.
extension PackReader {
    static let imageExtensions: Set<String> = ["png", "gif"]

    /// The image stems in `folder` (`smile` for `smile.png`, `smile@2x.png`, `smile.gif`), in
    /// name order (bytewise, so the order never depends on the locale); nil when there are none.
    static func plainImageStems(in folder: URL) -> [String]? {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") && imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
        var stems = Set<String>()
        for name in names where isRegularFile(folder.appendingPathComponent(name)) {
            var base = (name as NSString).deletingPathExtension
            if base.hasSuffix("@2x") || base.hasSuffix("@3x") { base = String(base.dropLast(3)) }
            // The pack's own delete button and tab icon are not emoticons.
            if !base.isEmpty, base != "delete", base != "icon" { stems.insert(base) }
        }
        return stems.isEmpty ? nil : stems.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    func readPlainFolder(_ folder: URL, stems: [String], parentDisplay: String?) -> PackOutcome {
        let folderDisplay = parentDisplay.map { "\($0)/\(folder.lastPathComponent)" } ?? folder.lastPathComponent
        var outcome = PackOutcome(plistPath: folderDisplay + "/")
        let reader = EntryReader(folder: folder, folderDisplay: folderDisplay, plistDisplay: folderDisplay + "/", dialect: .iconMap)
        var entries: [Entry] = []
        for (index, stem) in stems.enumerated() {
            switch reader.readMapItem(["[\(stem)]": stem], index: index) {
            case .success(let entry): entries.append(entry)
            case .failure(let error): if lenient { outcome.warnings.append(error) } else { outcome.errors.append(error) }
            }
        }
        outcome.notes.append(.plainImageFolder(path: folderDisplay + "/", count: entries.count))
        var deleteIcon: ImageFile?
        if case .success(let variants) = FileNamePolicy.variants(of: "delete.png", in: folder, folderDisplay: folderDisplay) {
            deleteIcon = ImageFile(name: "delete.png", variants: variants)
        }
        outcome.pack = EmoticonPack(
            id: TabID.base(plistID: nil, folderName: folder.lastPathComponent), titles: [:], folderName: folder.lastPathComponent,
            folder: folder, plistPath: folderDisplay + "/", entries: entries, deleteIcon: deleteIcon)
        return outcome
    }
}
