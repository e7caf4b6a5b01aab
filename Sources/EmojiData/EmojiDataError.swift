import Diagnostics
import Foundation

/// Problems reading Unicode's emoji data files, one line each, naming the file (and line).
public enum EmojiDataError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case malformed(path: String, line: Int, reason: String)
    /// The default emoji-test.txt (`path`) is not there and no other file was given.
    case notInstalled(path: String)
    /// Emoji groups asked for that the data does not have.
    case unknownGroups(names: [String], known: [String])

    /// The words, with the setting that names another file as a reference (`--emoji-data`).
    public var message: Diagnostic.Message {
        switch self {
        case let .unreadable(path, reason): return "\(path: path): cannot read (\(reason))"
        case let .malformed(path, line, reason): return "\(path: path): line \(line): \(reason)"
        case let .unknownGroups(names, known):
            let quoted = names.map { "\"\($0)\"" }.joined(separator: ", ")
            return "\(setting: "emoji-groups"): no emoji group \(quoted) (the groups: \(known.joined(separator: ", ")))"
        case .notInstalled(let path):
            return "\(path: path): cannot read (not found; install unicode-data or pass \(setting: "emoji-data") FILE (Unicode's emoji-test.txt))"
        }
    }

    /// The message with settings under their plain names (see `Diagnostic.Message.description`).
    public var description: String { message.description }
}

/// Reading a data file whole, as UTF-8, with a size cap (these files are a few hundred KB; a
/// cap keeps a wrong path such as /dev/zero from eating memory).
enum EmojiDataFile {
    static let maxBytes = 16 * 1024 * 1024

    /// A file's path, device, inode, size, and modification and change times ("-" when absent):
    /// a file replaced in place, even with its old size and mtime, gets a new change time. The key
    /// of the parsed files a process keeps (`EmojiAnnotations`, `EmojiTestFile`).
    static func identity(of path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "\(path):-" }
        #if canImport(Darwin)
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
            let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        return "\(path):\(info.st_dev):\(info.st_ino):\(info.st_size):\(modified.tv_sec).\(modified.tv_nsec):\(changed.tv_sec).\(changed.tv_nsec)"
    }

    static func readText(_ url: URL, maxBytes: Int = EmojiDataFile.maxBytes) throws(EmojiDataError) -> String {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .unreadable(path: path, reason: "no such file") }
        if isDirectory.boolValue { throw .unreadable(path: path, reason: "is a folder") }
        // Only regular files (after symlinks): a FIFO or device would block or never end.
        let type = (try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)[.type]) as? FileAttributeType
        if type != .typeRegular { throw .unreadable(path: path, reason: "not a regular file") }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: maxBytes + 1) ?? Data()
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        if data.count > maxBytes { throw .unreadable(path: path, reason: "larger than \(maxBytes / 1024 / 1024) MB") }
        guard let text = String(data: data, encoding: .utf8) else { throw .unreadable(path: path, reason: "not UTF-8 text") }
        return text
    }
}
