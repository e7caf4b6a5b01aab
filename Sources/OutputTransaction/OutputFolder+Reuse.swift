import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension OutputFolder {
    /// Writes `data` at `relativePath` in staging, or, when the previous output holds exactly
    /// these bytes at the same path, links that file into staging instead: a rebuild that changed
    /// nothing then writes no sheet again (hundreds of MB at every width).
    ///
    /// The previous output is only a place to find equal bytes, never a source of truth: the
    /// file is opened through no link (`openPrevious`), read whole and compared byte for byte
    /// with `data` (which the caller has already checked), and the link is made to that opened
    /// file (`/proc/self/fd`), so it cannot be swapped between the comparison and the link. It
    /// must be this user's, linked nowhere else, on the output's device and of the mode emokit
    /// gives its files (`mayLink`), so no one else can change the new output through it.
    /// Anything else, or a system without `/proc`, writes the bytes.
    package func write(_ data: Data, to relativePath: String, reusingPrevious: Bool) throws(OutputError) {
        guard reusingPrevious else { return try write(data, to: relativePath) }
        let url = try prepareFile(relativePath)
        unlink(url.path)
        if linkPrevious(relativePath, holding: data, to: url) { return }
        try writeNew(data, at: url)
    }

    /// Links the open file `fd` (a file of the previous output, checked by the caller) into
    /// staging at `relativePath`; false when the system cannot (no `/proc`) or refuses.
    package func link(fd: Int32, to relativePath: String) throws(OutputError) -> Bool {
        let url = try prepareFile(relativePath)
        #if os(Linux)
            return linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, url.path, AT_SYMLINK_FOLLOW) == 0
        #else
            return false
        #endif
    }

    /// The mode emokit's own files get (0666 less this process's umask, read from
    /// `/proc/self/status`: setting the umask to read it would race other threads' files); nil
    /// when it cannot be known, and then nothing is linked.
    package static let writtenMode: mode_t? = {
        #if os(Linux)
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
                let mask = mode_t(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8)
            else { return nil }
            return 0o666 & ~mask
        #else
            return nil
        #endif
    }()

    /// Whether a file of the previous output may become a file of the new one as it is: this
    /// user's regular file, linked nowhere else, on the output's device, with exactly the mode
    /// emokit would give it (a linked file keeps its mode: a world-writable or setuid sheet must
    /// not carry over).
    package static func mayLink(_ info: stat, device: dev_t) -> Bool {
        guard let mode = writtenMode else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG && info.st_nlink == 1 && info.st_uid == geteuid() && info.st_dev == device
            && (info.st_mode & 0o7777) == mode
    }

    /// A descriptor on `relativePath` in the previous output, opened one component at a time
    /// with `O_NOFOLLOW` (a folder replaced by a link is not followed), and its `stat`.
    package func openPrevious(_ relativePath: String) -> (fd: Int32, info: stat)? {
        let components = relativePath.split(separator: "/").map(String.init)
        guard !components.isEmpty, components.allSatisfy({ $0 != "." && $0 != ".." }) else { return nil }
        var directory = open(destination.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return nil }
        var rootInfo = stat()
        guard fstat(directory, &rootInfo) == 0 else {
            close(directory)
            return nil
        }
        for component in components.dropLast() {
            let next = openat(directory, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(directory)
            guard next >= 0 else { return nil }
            directory = next
        }
        let fd = openat(directory, components.last!, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        close(directory)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, Self.mayLink(info, device: rootInfo.st_dev) else {
            close(fd)
            return nil
        }
        return (fd, info)
    }

    private func linkPrevious(_ relativePath: String, holding data: Data, to url: URL) -> Bool {
        #if os(Linux)
            guard !data.isEmpty, let (fd, info) = openPrevious(relativePath) else { return false }
            defer { close(fd) }
            guard Int(info.st_size) == data.count else { return false }
            var previous = [UInt8](repeating: 0, count: data.count)
            var offset = 0
            while offset < previous.count {
                let n = previous.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + offset, $0.count - offset, off_t(offset)) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            let same = previous.withUnsafeBytes { old in data.withUnsafeBytes { new in memcmp(old.baseAddress!, new.baseAddress!, new.count) == 0 } }
            guard same else { return false }
            return linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, url.path, AT_SYMLINK_FOLLOW) == 0
        #else
            return false
        #endif
    }
}
