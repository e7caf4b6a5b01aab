import Foundation
import PipelineSteps

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
    /// file is opened without following a link, read whole and compared byte for byte with
    /// `data` (which the caller has already checked), and the link is made to that opened file
    /// (`/proc/self/fd`), so it cannot be swapped between the comparison and the link. It must be
    /// this user's and linked nowhere else (one link), so no one else can change the new output
    /// through it. Anything else, or a system without `/proc`, writes the bytes.
    package func write(_ data: Data, to relativePath: String, reusingPrevious: Bool) throws(GenerationError) {
        guard reusingPrevious else { return try write(data, to: relativePath) }
        let url = try prepareFile(relativePath)
        unlink(url.path)
        if linkPrevious(relativePath, holding: data, to: url) { return }
        do {
            try data.write(to: url)
        } catch {
            throw .output(path: url.path, reason: "cannot write (\(Self.reason(error)))")
        }
    }

    /// Links the open file `fd` (a file of the previous output, checked by the caller) into
    /// staging at `relativePath`; false when the system cannot (no `/proc`) or refuses.
    package func link(fd: Int32, to relativePath: String) throws(GenerationError) -> Bool {
        let url = try prepareFile(relativePath)
        #if os(Linux)
            return linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, url.path, AT_SYMLINK_FOLLOW) == 0
        #else
            return false
        #endif
    }

    private func linkPrevious(_ relativePath: String, holding data: Data, to url: URL) -> Bool {
        #if os(Linux)
            guard !data.isEmpty else { return false }
            let fd = open(destination.path + "/" + relativePath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { return false }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1, info.st_uid == geteuid(), Int(info.st_size) == data.count
            else { return false }
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
