import Foundation

/// The image a pack's folder gives its delete key, whatever the layout: a file named like one
/// (`delete.png`, `[删除].png`, `Del@2x.jpg`, `backspace.webp`: `ImageNaming.deleteKeyNames`,
/// any case), never one an entry of the pack is drawn from (a map that names `del.png` as an
/// emoticon keeps it an emoticon).
///
/// Two such images are one too many: the choice is made by rule, never by the order the folder
/// lists them, and said in a note naming the files left unused. The rule: the name's place in
/// `deleteKeyNames` (`delete` first), then the format (PNG, JPEG, WebP, BMP, as a bare stem is
/// looked up), then the file name bytewise. A GIF is never the delete key (the key is drawn
/// from a still image), so a GIF named like one is said to be unused.
enum DeleteKeyImage {
    struct Choice: Equatable {
        /// The chosen file's base name (`delete.png`, found with its `@2x`/`@3x` siblings).
        var file: String?
        /// The other delete-key images, by base name, in the order of the rule.
        var unused: [String]
    }

    /// The first characters of the delete keys' names, in either case (`d`, `D`, `[`, `删`...).
    static let firstCharacters = Set(ImageNaming.deleteKeyNames.compactMap(\.first).flatMap { [$0, Character($0.uppercased())] })

    /// The delete-key image of `folder`, leaving out the files `entries` are drawn from. A pack of
    /// 40,000 images costs one look at each name; the entries' files are gathered only when a
    /// name is a delete key's.
    static func choose(in folder: URL, entries: [Entry]) -> Choice {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { name in
            // Most names fail on their first character, before any lowercasing (3 ms for 40,000).
            guard let first = name.first, firstCharacters.contains(first) else { return false }
            let lower = name.lowercased()
            return ImageNaming.deleteKeyNames.contains { lower.hasPrefix($0) }
        }
        var candidates: [(rank: Int, format: Int, file: String)] = []
        var seen: Set<String> = []
        var entryFiles: Set<String>?
        for name in names {
            let image = ImageNaming.ImageName(file: name)
            guard let rank = ImageNaming.deleteKeyRank(image.stem), ImageNaming.imageExtensions.contains(image.ext.lowercased()) else { continue }
            let base = "\(image.stem).\(image.ext)"
            if entryFiles == nil { entryFiles = files(of: entries, in: folder) }
            guard let entryFiles, !entryFiles.contains(name), !entryFiles.contains(base), !seen.contains(base),
                PackReader.isRegularFile(folder.appendingPathComponent(name))
            else { continue }
            seen.insert(base)
            let format = MapLayouts.stillExtensions.firstIndex(of: image.ext.lowercased()) ?? MapLayouts.stillExtensions.count
            candidates.append((rank, format, base))
        }
        let gif = MapLayouts.stillExtensions.count
        // Stills before GIFs, then the rule's order.
        candidates.sort {
            let lhs = ($0.format == gif ? 1 : 0, $0.rank, $0.format), rhs = ($1.format == gif ? 1 : 0, $1.rank, $1.format)
            return lhs != rhs ? lhs < rhs : $0.file.utf8.lexicographicallyPrecedes($1.file.utf8)
        }
        guard let chosen = candidates.first, chosen.format != gif else { return Choice(file: nil, unused: candidates.map(\.file)) }
        return Choice(file: chosen.file, unused: candidates.dropFirst().map(\.file))
    }

    /// The file names the entries are drawn from in `folder` (their variants and animations).
    static func files(of entries: [Entry], in folder: URL) -> Set<String> {
        var names: Set<String> = []
        for entry in entries {
            var files = entry.animation.map { [$0] } ?? []
            if case .image(let file) = entry.content { files.append(file) }
            for file in files {
                for variant in file.variants where variant.folder == folder { names.insert(variant.fileName) }
            }
        }
        return names
    }
}

extension DeleteKeyImage.Choice {
    /// What a user reads about the choice: nil when there was none to make.
    func choiceMessage(path: String, folderDisplay: String) -> PackError? {
        guard !unused.isEmpty else { return nil }
        return .deleteKeyImages(path: path, chosen: file.map { "\(folderDisplay)/\($0)" }, unused: unused.map { "\(folderDisplay)/\($0)" })
    }
}
