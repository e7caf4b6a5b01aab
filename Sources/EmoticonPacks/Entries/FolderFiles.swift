import Diagnostics
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which file names a plist may use. Only a plain file name inside the pack folder is accepted,
/// checked before anything is opened, and the resolved path (after symlinks) must stay inside.
public enum FileNamePolicy {
    public static func unsafeReason(_ name: String) -> String? {
        // Over the UTF-8 bytes: these ASCII characters are whole bytes there (a pack names
        // thousands of files, and Foundation's substring search was most of this check).
        let bytes = name.utf8
        if bytes.isEmpty { return "empty file name" }
        if bytes.contains(UInt8(ascii: "/")) || bytes.contains(UInt8(ascii: "\\")) { return "only a plain file name in the pack folder is allowed, not a path" }
        if bytes.first == UInt8(ascii: ".") { return "a file name may not start with '.'" }
        if bytes.first == UInt8(ascii: "~") { return "a file name may not start with '~'" }
        if bytes.contains(UInt8(ascii: ":")) { return "URLs and drive names are not allowed" }
        let control =
            bytes.allSatisfy { $0 < 0x80 }
            ? bytes.contains { $0 < 0x20 || $0 == 0x7F } : name.unicodeScalars.contains { $0.properties.generalCategory == .control }
        if control { return "control characters are not allowed" }
        return nil
    }

    /// The file and its `@2x`/`@3x` siblings present in `folder`; at least one must exist.
    public static func variants(of name: String, in folder: URL, folderDisplay: String) -> Result<[ImageFile.Variant], EntryProblem> {
        FolderFiles(folder: folder, display: folderDisplay).variants(of: name)
    }
}

/// A file name's base and extension, as `NSString`'s `deletingPathExtension` and
/// `pathExtension` give them. Names of plain ASCII with an alphanumeric extension (nearly every
/// image name) are split here on their last dot; anything else goes to `NSString`: a pack names
/// thousands of files, and the bridge was a good part of reading one.
public enum FileNameParts {
    public static func split(_ name: String) -> (base: String, ext: String) {
        let bytes = name.utf8
        if let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex {
            let after = bytes.index(after: dot)
            func alphanumeric(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
            if after != bytes.endIndex, bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "/") }), bytes[after...].allSatisfy(alphanumeric) {
                return (String(name[..<dot]), String(name[after...]))
            }
        }
        let path = name as NSString
        return (path.deletingPathExtension, path.pathExtension)
    }
}

/// A pack folder with its real path resolved once, for looking up the thousands of file names a
/// plist lists: a plain file costs one `lstat` per candidate name, and only a symlink is resolved
/// (resolving every name's path component by component was most of reading a large pack).
struct FolderFiles {
    let folder: URL
    let display: String
    /// The folder after symlinks, the prefix every file's real path must keep.
    private let realPath: String
    /// `folder.path`, computed once.
    private let folderPath: String
    /// The folder, open: names are looked up in it with `fstatat`, not walked from `/` each time
    /// (three names per entry, most of them absent `@2x`/`@3x` siblings).
    private let directory: OpenDirectory

    init(folder: URL, display: String) {
        self.folder = folder
        self.display = display
        realPath = folder.resolvingSymlinksInPath().standardizedFileURL.path
        folderPath = folder.path
        directory = OpenDirectory(folderPath)
    }

    /// A directory descriptor, closed with its last user; -1 when the folder cannot be opened
    /// (names are then looked up by path).
    private final class OpenDirectory: Sendable {
        let fd: Int32
        init(_ path: String) { fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        deinit { if fd >= 0 { close(fd) } }

        /// `lstat` of `name` inside the folder.
        func statNoFollow(_ name: String, folderPath: String, _ info: inout stat) -> Bool {
            fd >= 0 ? fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 : lstat(folderPath + "/" + name, &info) == 0
        }
    }

    /// The file and its `@2x`/`@3x` siblings present in the folder; at least one must exist.
    func variants(of name: String) -> Result<[ImageFile.Variant], EntryProblem> {
        switch lookup(name) {
        case .found(let variants): return .success(variants)
        case .absent: return .failure("file not found: \(path: "\(display)/\(name)") (nor an @2x or @3x variant)")
        case .outside(let fileName, let target): return .failure(Self.linksOutside(fileName, target: target))
        }
    }

    /// What a name finds in the folder: its files, nothing, or a file that must not be read.
    /// Optional files (a `gif` the app may lack, `icon.png`, `delete.png`) may be absent, but a
    /// name whose file links outside the pack is refused wherever it is named, never skipped as
    /// if it were absent: the one rule for every link that leaves a pack.
    enum Lookup {
        case found([ImageFile.Variant])
        case absent
        /// `fileName` (the name or one of its `@2x`/`@3x` siblings) leads to `target`.
        case outside(fileName: String, target: String)
    }

    func lookup(_ name: String) -> Lookup {
        let (base, ext) = FileNameParts.split(name)
        let stem = base.hasSuffix("@2x") || base.hasSuffix("@3x") ? String(base.dropLast(3)) : base
        var variants: [ImageFile.Variant] = []
        for (scale, suffix) in [(1, ""), (2, "@2x"), (3, "@3x")] {
            let fileName = "\(stem)\(suffix)" + (ext.isEmpty ? "" : ".\(ext)")
            switch kind(of: fileName) {
            case .absent: continue
            case .file(let real):
                guard real.hasPrefix(realPath == "/" ? "/" : realPath + "/") else {
                    return .outside(fileName: fileName, target: real)
                }
                variants.append(.init(scale: scale, folder: folder, fileName: fileName, folderDisplay: display))
            }
        }
        return variants.isEmpty ? .absent : .found(variants)
    }

    /// The one way a file name that leads out of its pack is refused (entries, `gif`,
    /// `icon.png`, `delete.png`, a plain folder's images).
    static func linksOutside(_ fileName: String, target: String) -> EntryProblem {
        "unsafe path \(PackError.quote(fileName)): it links outside the pack folder (to \(target)); refusing to read it"
    }

    private enum Kind { case absent, file(realPath: String) }

    /// Absent (or a folder, or a link to nothing or to a folder), else a file and its real path.
    /// Most names of a plist's folder are absent (the @2x and @3x siblings of a plain name): no
    /// URL is made for those.
    private func kind(of fileName: String) -> Kind {
        var info = stat()
        let plain = !fileName.utf8.contains(UInt8(ascii: "/")) && fileName != ".." && fileName != "."
        if plain {
            // No entry of that name: absent (what following links would find too).
            guard directory.statNoFollow(fileName, folderPath: folderPath, &info) else { return .absent }
            if info.st_mode & S_IFMT != S_IFLNK {
                // Not a link, directly inside the folder: its real path is the folder's plus its name.
                return info.st_mode & S_IFMT == S_IFDIR ? .absent : .file(realPath: (realPath == "/" ? "" : realPath) + "/" + fileName)
            }
        }
        let url = folder.appendingPathComponent(fileName)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { return .absent }
        return .file(realPath: url.resolvingSymlinksInPath().standardizedFileURL.path)
    }
}

/// A reason an entry's value is refused; written as a string literal at the check.
/// Its words carry file names as paths (`\(path: …)`), which the caller may name otherwise.
public struct EntryProblem: Error, ExpressibleByStringInterpolation {
    public let message: Diagnostic.Message
    public init(_ message: Diagnostic.Message) { self.message = message }
    public init(stringLiteral value: String) { message = Diagnostic.Message(value) }
    public init(stringInterpolation: Diagnostic.Message.StringInterpolation) { message = Diagnostic.Message(stringInterpolation: stringInterpolation) }
}
