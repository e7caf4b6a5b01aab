import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads untrusted input files safely: only regular files (a named pipe, a device such as
/// `/dev/zero`, a socket or a folder is refused before a byte is read, so nothing can hang or
/// stream forever), with the size cap checked from `fstat` before reading and again while reading.
///
/// The file is opened with `O_NONBLOCK`, so opening a FIFO with no writer returns at once instead
/// of blocking; the type check is made on the opened descriptor (`fstat`), so a symlink swapped
/// between a check and the open cannot smuggle in another kind of file.
public enum RegularFile {
    /// Why a file was not read. `description` is the reason only; callers prefix the path.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case notFound
        case permissionDenied
        /// Not a regular file: `kind` says what it is ("a named pipe", "a device", ...).
        case notRegular(kind: String)
        case tooLarge(bytes: Int, limit: Int)
        case system(String)

        public var description: String {
            switch self {
            case .notFound: return "no such file"
            case .permissionDenied: return "permission denied"
            case .notRegular(let kind): return "is \(kind), not a regular file"
            case let .tooLarge(bytes, limit): return "the file is \(Self.size(bytes)); the limit is \(Self.size(limit))"
            case .system(let message): return message
            }
        }

        /// Bytes in the unit a reader understands (B, KB, MB).
        public static func size(_ bytes: Int) -> String {
            if bytes >= 1_048_576 {
                let mb = Double(bytes) / 1_048_576
                return mb >= 10 ? "\(Int(mb.rounded())) MB" : String(format: "%.1f MB", mb)
            }
            if bytes >= 1024 { return "\(bytes / 1024) KB" }
            return "\(bytes) bytes"
        }
    }

    /// The whole file, refused when it is not a regular file or holds more than `maxBytes`.
    public static func read(_ url: URL, maxBytes: Int) throws(Problem) -> Data {
        let fd = try open(url)
        defer { close(fd) }
        let size = try regularSize(fd)
        if size > maxBytes { throw .tooLarge(bytes: size, limit: maxBytes) }
        return try readAll(fd, expected: size, maxBytes: maxBytes)
    }

    /// At most the first `count` bytes (e.g. a PNG's signature and header), with the same checks
    /// on the kind of file.
    public static func readPrefix(_ url: URL, count: Int) throws(Problem) -> Data {
        let fd = try open(url)
        defer { close(fd) }
        _ = try regularSize(fd)
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + filled, count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(String(cString: strerror(errno)))
            }
            if n == 0 { break }
            filled += n
        }
        return Data(buffer[0..<filled])
    }

    /// What kind of thing is at `url` (following symlinks), or nil when nothing is there.
    public static func kind(of url: URL) -> String? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return kindName(info.st_mode)
    }

    static func open(_ url: URL) throws(Problem) -> Int32 {
        let fd = systemOpen(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        if fd < 0 {
            switch errno {
            case ENOENT, ENOTDIR: throw .notFound
            case EACCES, EPERM: throw .permissionDenied
            default: throw .system(String(cString: strerror(errno)))
            }
        }
        return fd
    }

    static func regularSize(_ fd: Int32) throws(Problem) -> Int {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notRegular(kind: kindName(info.st_mode)) }
        return Int(info.st_size)
    }

    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    /// Reads to end of file, never more than `maxBytes` (the file may grow after `fstat`).
    static func readAll(_ fd: Int32, expected: Int, maxBytes: Int) throws(Problem) -> Data {
        var data = Data(capacity: min(expected, maxBytes) + 1)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .system(String(cString: strerror(errno)))
            }
            if n == 0 { return data }
            if data.count + n > maxBytes { throw .tooLarge(bytes: data.count + n, limit: maxBytes) }
            data.append(contentsOf: chunk[0..<n])
        }
    }
}

// The C functions under names that do not clash with this type's own `open`/`read`.
@inline(__always) private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    #if canImport(Glibc)
        return Glibc.open(path, flags)
    #else
        return Darwin.open(path, flags)
    #endif
}

@inline(__always) private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.read(fd, buffer, count)
    #else
        return Darwin.read(fd, buffer, count)
    #endif
}
