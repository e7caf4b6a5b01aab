import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file kept open and read at offsets, with `RegularFile`'s checks made once at open
/// (a regular file, at most `maxBytes`). For a large file read a little at a time for a whole
/// run (an emoji font's glyph images): memory holds what is read, not the file. Reads are
/// `pread`s of one descriptor, so threads share it without a lock.
public final class OpenRegularFile: Sendable {
    private let fd: Int32
    /// The size at open.
    public let size: Int

    public init(_ url: URL, maxBytes: Int) throws(RegularFile.Problem) {
        let fd = try RegularFile.open(url)
        let size: Int
        do throws(RegularFile.Problem) {
            size = try RegularFile.regularSize(fd)
            if size > maxBytes { throw .tooLarge(bytes: size, limit: maxBytes) }
        } catch {
            close(fd)
            throw error
        }
        self.fd = fd
        self.size = size
    }

    deinit { close(fd) }

    /// `count` bytes at `offset`; a range past the size at open, or a file that shrank since, is
    /// an error.
    public func read(at offset: Int, count: Int) throws(RegularFile.Problem) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size - count else { throw .system("offset \(offset) (+\(count)) is outside the file") }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, count - filled, off_t(offset + filled)) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .system(String(cString: strerror(errno)))
            }
            if n == 0 { throw .system("the file ended at \(offset + filled) bytes (changed while being read?)") }
            filled += n
        }
        return buffer
    }
}
