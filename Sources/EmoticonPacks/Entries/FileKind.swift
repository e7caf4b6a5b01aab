import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What kind of file a path is once links are followed, for the places that must tell a regular
/// file from a FIFO or a device before anything opens it (opening a FIFO blocks).
package enum FileKind {
    /// nil for a regular file, a folder or nothing at all; else what it is instead (`a FIFO`).
    package static func special(_ url: URL) -> String? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a plain file"
        }
    }
}
