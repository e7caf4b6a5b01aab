import Checksum
import Foundation
import OutputTransaction

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a folder that arrives from elsewhere: a shard (a CI artifact) or a restored page
/// cache. A file is opened one path component at a time below the folder with `O_NOFOLLOW`
/// (`openat`), so no symbolic link on the way is followed; it must be a regular file, and its
/// size is capped before a byte is read. Callers open only the paths they expect (the files a
/// shard's record implies, a cache entry's name): nothing else in the folder is listed or read.
enum UntrustedFolder {
    /// `SHA256SUMS` of a shard lists a few lines per page: far below this.
    static let maxChecksumListBytes = 64 << 20
    /// A sheet, strip or animation: beyond any an emokit run writes within its limits.
    static let maxFileBytes = 1 << 30

    /// Why a file of the shard was not read; `description` is the reason only.
    enum Problem: Error, Equatable, CustomStringConvertible {
        case missing
        case link
        case notRegular
        case tooLarge(bytes: Int, limit: Int)
        case system(String)

        var description: String {
            switch self {
            case .missing: return "is missing"
            case .link: return "is a symbolic link (or lies behind one); only regular files and folders are read here"
            case .notRegular: return "is not a regular file"
            case let .tooLarge(bytes, limit): return "is \(bytes) bytes; a shard's file is at most \(limit)"
            case .system(let reason): return "cannot be read (\(reason))"
            }
        }
    }

    /// A descriptor on `relative` inside `folder` and the file's size, checked as the type says.
    static func openChecked(_ relative: String, in folder: URL, maxBytes: Int) throws(Problem) -> (fd: Int32, size: Int) {
        let components = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !components.isEmpty, components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { throw .missing }
        var directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw problem(errno) }
        defer { close(directory) }
        for component in components.dropLast() {
            let next = openat(directory, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { throw problem(errno == ENOTDIR ? ELOOP : errno) }
            close(directory)
            directory = next
        }
        let fd = openat(directory, components.last!, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw problem(errno) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .notRegular
        }
        guard Int(info.st_size) <= maxBytes else {
            close(fd)
            throw .tooLarge(bytes: Int(info.st_size), limit: maxBytes)
        }
        return (fd, Int(info.st_size))
    }

    static func problem(_ code: Int32) -> Problem {
        switch code {
        case ENOENT: return .missing
        case ELOOP, EMLINK: return .link
        default: return .system(String(cString: strerror(code)))
        }
    }

    /// The whole file, at most `maxBytes`.
    static func readAll(_ relative: String, in folder: URL, maxBytes: Int) throws(Problem) -> Data {
        let (fd, size) = try openChecked(relative, in: folder, maxBytes: maxBytes)
        defer { close(fd) }
        var data = Data(capacity: size)
        try stream(fd, maxBytes: maxBytes) { data.append(contentsOf: $0) }
        return data
    }

    /// Copies `relative` from the shard to `target` (a new file), hashing as it goes: one read of
    /// the file checks and copies it. Returns the SHA-256; a write failure is `.output`.
    static func copy(_ relative: String, from folder: URL, to target: URL) throws(CopyFailure) -> String {
        let source: Int32
        do { source = try openChecked(relative, in: folder, maxBytes: maxFileBytes).fd } catch { throw .source(error) }
        defer { close(source) }
        let out: Int32
        do { out = try NewFile.create(target) } catch { throw .target(error.description) }
        var hash = SHA256()
        var writeError: Int32 = 0
        do {
            try stream(source, maxBytes: maxFileBytes) { chunk in
                guard writeError == 0 else { return }
                hash.update(chunk)
                var offset = 0
                while offset < chunk.count {
                    let n = chunk.withUnsafeBytes { write(out, $0.baseAddress! + offset, chunk.count - offset) }
                    if n < 0 {
                        if errno == EINTR { continue }
                        writeError = errno
                        return
                    }
                    offset += n
                }
            }
        } catch {
            close(out)
            throw .source(error)
        }
        if close(out) != 0 && writeError == 0 { writeError = errno }
        if writeError != 0 { throw .target(String(cString: strerror(writeError))) }
        return hash.finalize().hexString
    }

    enum CopyFailure: Error {
        case source(Problem)
        case target(String)
    }

    /// Reads `fd` to its end in 64 KiB pieces, never more than `maxBytes` (a file may grow).
    private static func stream(_ fd: Int32, maxBytes: Int, _ body: ([UInt8]) -> Void) throws(Problem) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .system(String(cString: strerror(errno)))
            }
            if n == 0 { return }
            total += n
            if total > maxBytes { throw .tooLarge(bytes: total, limit: maxBytes) }
            body(Array(buffer[0..<n]))
        }
    }
}
