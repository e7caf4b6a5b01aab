import Foundation

/// Whole folders as values: every file, relative path → bytes, the paths that differ, and copies
/// written in a chosen order with chosen mtimes.
public enum FileTree {
    /// Every file of `folder` (recursively), sorted by path bytewise.
    public static func files(_ folder: URL) -> [String] {
        var paths: [String] = []
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        let base = folder.resolvingSymlinksInPath().path
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            paths.append(String(url.resolvingSymlinksInPath().path.dropFirst(base.count + 1)))
        }
        return paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Relative path → file bytes.
    public static func tree(_ folder: URL) -> [String: Data] {
        var tree: [String: Data] = [:]
        for path in files(folder) { tree[path] = try? Data(contentsOf: folder.appendingPathComponent(path)) }
        return tree
    }

    /// The paths whose bytes differ between two trees (or exist in only one).
    public static func differences(_ a: URL, _ b: URL) -> [String] {
        let left = tree(a), right = tree(b)
        return Set(left.keys).union(right.keys).filter { left[$0] != right[$0] }.sorted()
    }

    /// Copies `source` into `destination`, creating files in reverse (or sorted) order and giving
    /// every copy the modification date `mtime`.
    public static func copy(_ source: URL, to destination: URL, reverse: Bool, mtime: Date) throws {
        let fm = FileManager.default
        var paths = files(source)
        if reverse { paths.reverse() }
        for path in paths {
            let target = destination.appendingPathComponent(path)
            try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fm.copyItem(at: source.appendingPathComponent(path), to: target)
            try fm.setAttributes([.modificationDate: mtime], ofItemAtPath: target.path)
        }
    }

    /// What an output folder's transaction left beside it (`.out.emokit-staging-PID`, `.out.emokit-old-PID`, …).
    public static func leftovers(beside out: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path)) ?? []
        return names.filter { $0.hasPrefix(".\(out.lastPathComponent).emokit-") }.sorted()
    }
}
