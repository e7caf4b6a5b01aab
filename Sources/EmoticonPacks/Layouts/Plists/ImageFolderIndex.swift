import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many of a text map's names each candidate folder holds images for, in time linear in the
/// pack's size: each folder is listed once, and each name reduced once to the key its files
/// would give. Asking every folder for every name (both ways, with `@2x`/`@3x` and `.png`/`.gif`
/// tried for each) took two minutes for 20,000 pairs and 100 empty subfolders.
///
/// A name counts as `TextMapLayout.exists` finds it through `FolderFiles.lookup`: the file or
/// its `@2x`/`@3x` sibling, a bare name with `.png` or `.gif` added, a link counting whatever
/// it leads to (reading the entry refuses a link out of the pack by name), never a folder; in an
/// asset catalog an image set of that name. Names are compared as the disk compares them: case
/// and all on Linux, ignoring case on Apple systems.
struct ImageFolderIndex {
    /// The keys the folder's files give (`key(_:catalog:)`).
    private(set) var keys: Set<String> = []

    init(folder: URL) {
        let catalog = AssetCatalogImages.isCatalog(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names {
            let isFolder: Bool
            var info = stat()
            // A link counts as what it leads to; nothing there, it counts as nothing.
            guard stat(folder.appendingPathComponent(name).path, &info) == 0 else { continue }
            isFolder = info.st_mode & S_IFMT == S_IFDIR
            if catalog {
                if isFolder, Self.fold(name).hasSuffix(".imageset") { keys.insert("c:" + Self.fold(String(name.dropLast(".imageset".count)))) }
                continue
            }
            if isFolder { continue }
            let (base, ext) = FileNameParts.split(name)
            let stem = Self.stripScale(base)
            keys.insert("e:" + Self.fold("\(stem).\(ext)"))
            // A bare name is looked up with `.png` and `.gif` exactly as written.
            if MapLayouts.drawnExtensions.contains(Self.fold(ext)) { keys.insert("b:" + Self.fold(stem)) }
        }
    }

    /// The key a map's name is found under, nil for a name no folder can hold (an unsafe one).
    static func key(_ name: String, catalog: Bool) -> String? {
        guard FileNamePolicy.unsafeReason(name) == nil else { return nil }
        if catalog { return "c:" + fold(name) }
        let (base, ext) = FileNameParts.split(name)
        if MapLayouts.drawnExtensions.contains(ext.lowercased()) { return "e:" + fold("\(stripScale(base)).\(ext)") }
        return "b:" + fold(stripScale(name))
    }

    /// How many of `names` the folder holds, from `counts`: each name's key with how many names
    /// give it (`counts(_:catalog:)`), so the folder's own files are what is walked.
    func count(_ counts: [String: Int]) -> Int { keys.reduce(0) { $0 + (counts[$1] ?? 0) } }

    /// Each key `names` give, with how many give it.
    static func counts(_ names: [String], catalog: Bool) -> [String: Int] {
        var counts: [String: Int] = [:]
        for name in names { if let key = key(name, catalog: catalog) { counts[key, default: 0] += 1 } }
        return counts
    }

    private static func stripScale(_ base: String) -> String { base.hasSuffix("@2x") || base.hasSuffix("@3x") ? String(base.dropLast(3)) : base }

    private static func fold(_ text: String) -> String {
        #if canImport(Darwin)
            return text.lowercased()
        #else
            return text
        #endif
    }
}

extension ImageFolderIndex {
    /// A folder and side of a map's names holding the most images (`mostNames`).
    struct Choice<Side> {
        let folder: URL
        let side: Side
    }

    /// The candidate folders holding images for most of a map's names, with how many they hold:
    /// every folder is asked for every side of the names (a text map's keys and values, a list's
    /// `image`s), folder by folder and side by side in the order given, so `winners` keeps that
    /// order (a tie's message lists them so). The text map and the `{text, image}` list choose
    /// their image folder by it; each decides for itself what a tie or a folder leaving the pack
    /// means. Each folder is listed once and each side's names reduced to keys once (per kind of
    /// folder: an asset catalog's keys are its image sets).
    static func mostNames<Side>(in folders: [URL], sides: [(side: Side, names: [String])]) -> (count: Int, winners: [Choice<Side>]) {
        var made: [Int: [Bool: [String: Int]]] = [:]
        func sideCounts(_ side: Int, catalog: Bool) -> [String: Int] {
            if let known = made[side]?[catalog] { return known }
            let keys = Self.counts(sides[side].names, catalog: catalog)
            made[side, default: [:]][catalog] = keys
            return keys
        }
        var scores: [(choice: Choice<Side>, count: Int)] = []
        for folder in folders {
            let index = ImageFolderIndex(folder: folder)
            let catalog = AssetCatalogImages.isCatalog(folder)
            for (number, side) in sides.enumerated() {
                // An empty folder holds none: its names are not reduced for it.
                scores.append((Choice(folder: folder, side: side.side), index.keys.isEmpty ? 0 : index.count(sideCounts(number, catalog: catalog))))
            }
        }
        let best = scores.map(\.count).max() ?? 0
        return (best, scores.filter { $0.count == best }.map(\.choice))
    }
}
