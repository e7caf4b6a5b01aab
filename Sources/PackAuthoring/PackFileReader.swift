import EmoticonPacks
import FileAccess
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The pack's own files `init` reads (`names.tsv`, and `info.plist` for `--update`), read by
/// the rules `generate` reads a pack's files by: inside the pack's folder once links are
/// resolved, a regular file (a named pipe, a device or a folder is named for what it is, and
/// nothing hangs on it), and no larger than generate's limit for a pack file, checked before a
/// byte is read. So `init` never copies a file from elsewhere on the disk into a pack.
enum PackFileReader {
    /// generate's limit for a pack's file (`--max-plist-size`'s default, 10 MB).
    static var maxBytes: Int { PackReader().maxPlistBytes }

    /// The bytes of `name` in `folder`, or nil when nothing is at that name. With `inPlace` the
    /// file itself must be at the name (a link, even within the pack, is refused): `init
    /// --update` replaces what it reads, and must not turn a link into a copy of its target.
    static func read(_ name: String, in folder: URL, display: String, inPlace: Bool = false) throws(PackStarterError) -> Data? {
        let url = folder.appendingPathComponent(name)
        let shown = "\(display)/\(name)"
        var info = stat()
        guard lstat(url.path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }  // no such file, or no such folder (scan says which)
            throw .packFile(path: shown, problem: "cannot read (\(String(cString: strerror(errno))))")
        }
        if let target = Containment.escape(url, inside: folder) {
            throw .packFile(path: shown, problem: "links outside the pack (to \(target)); refusing to read it (copy the file into the folder)")
        }
        // A file that was no link when looked at is opened through no link: one swapped in since
        // is refused rather than followed.
        let isLink = (info.st_mode & S_IFMT) == S_IFLNK
        do {
            return inPlace || !isLink ? try RegularFile.readInPlace(url, maxBytes: maxBytes) : try RegularFile.read(url, maxBytes: maxBytes)
        } catch {
            switch error {
            case .notRegular(let kind) where kind == "a symbolic link" && inPlace:
                throw .packFile(path: shown, problem: "is a symbolic link; init --update edits the file itself, never through a link (put the file in its place)")
            case .notRegular, .tooLarge: throw .packFile(path: shown, problem: error.description)
            default: throw .packFile(path: shown, problem: "cannot read (\(error.description))")
            }
        }
    }
}
