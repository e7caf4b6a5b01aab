import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension RegularFile {
    /// The whole file at `url` itself, never through a symbolic link at its last component (a
    /// link is `.notRegular(kind: "a symbolic link")`), with `read`'s other checks: a regular
    /// file of at most `maxBytes`. For a file emokit reads in order to replace it (`init
    /// --update`'s `info.plist`): what is read is what the rename then replaces, never a file
    /// elsewhere that a link names.
    public static func readInPlace(_ url: URL, maxBytes: Int) throws(Problem) -> Data {
        #if canImport(Glibc)
            let fd = Glibc.open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW)
        #else
            let fd = Darwin.open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW)
        #endif
        if fd < 0 {
            switch errno {
            case ENOENT, ENOTDIR: throw .notFound
            case EACCES, EPERM: throw .permissionDenied
            case ELOOP: throw .notRegular(kind: "a symbolic link")
            default: throw .system(String(cString: strerror(errno)))
            }
        }
        defer { close(fd) }
        let size = try regularSize(fd)
        if size > maxBytes { throw .tooLarge(bytes: size, limit: maxBytes) }
        return try readAll(fd, expected: size, maxBytes: maxBytes)
    }
}
