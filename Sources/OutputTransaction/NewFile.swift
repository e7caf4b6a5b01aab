import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files emokit creates where others may write (beside the output: the lock, partial files;
/// inside a restored cache): created with `O_CREAT | O_EXCL | O_NOFOLLOW`, so a file or symbolic
/// link someone put at that name is never opened, truncated or followed to another place on
/// the disk. The caller removes its own stale file first when the name is one it owns.
package enum NewFile {
    /// Why a file was not created: the system's words (`File exists`, `Too many levels of
    /// symbolic links`).
    package struct Failure: Error, CustomStringConvertible {
        package let code: Int32
        package var description: String { code == ELOOP ? "is a symbolic link" : String(cString: strerror(code)) }
    }

    /// A descriptor open for writing on a file just created at `url`.
    package static func create(_ url: URL, mode: mode_t = 0o644) throws(Failure) -> Int32 {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else { throw Failure(code: errno) }
        return fd
    }

    /// Creates `url` with `data` in it; a partly written file is removed. No `fsync`: the
    /// output's swap is atomic for a killed process, and a sync per sheet (Foundation's
    /// `Data.write` does one) held the workers for about 0.5 s of a 10 s run
    /// (Documentation/Reliability.md "Reliability": power loss).
    package static func write(_ data: Data, to url: URL, mode: mode_t = 0o644) throws(Failure) {
        let fd = try create(url, mode: mode)
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    let n = Darwin.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure != 0 {
            unlink(url.path)
            throw Failure(code: failure)
        }
    }

    /// Creates a new file beside `target`, named `.<target's name>.emokit-<tag>-<random>` (no
    /// name another can plant a link at in advance: 64 random bits, and a name taken is never
    /// opened, only passed over), with `data` in it; returns its URL. For a file moved into
    /// place afterwards (`init`'s `info.plist`): the caller removes only this name, which is
    /// its own.
    package static func writeBeside(_ target: URL, tag: String, _ data: Data, mode: mode_t = 0o644) throws(Failure) -> URL {
        let folder = target.deletingLastPathComponent()
        var attempts = 0
        while true {
            let url = folder.appendingPathComponent(".\(target.lastPathComponent).emokit-\(tag)-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))")
            do {
                try write(data, to: url, mode: mode)
                return url
            } catch {
                attempts += 1
                guard error.code == EEXIST, attempts < 16 else { throw error }
            }
        }
    }
}
