import Diagnostics
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One run at a time per output folder: an exclusive `flock` on `.<out>.emokit-lock` beside it,
/// holding the owner's pid so a second run can say whom it waits for. The kernel drops the lock
/// when its process dies (even by SIGKILL), so a killed run never blocks the next one. The file
/// sits where others may write: a symbolic link or anything but a regular file there is refused.
///
/// The file is removed on release. A run that opened the file just before it was removed would
/// lock a file no longer at that path, so after locking, the descriptor is compared with the
/// path (same inode) and the attempt is retried when they differ.
///
/// The run releases the lock when it ends and the signal handler when it stops the run, on
/// another thread: the descriptor is held in a `Mutex`, so it is closed once.
package final class OutputLock: Sendable {
    package let url: URL
    package let destination: URL
    private let fd = Mutex<Int32>(-1)

    package init(for destination: URL) {
        self.destination = destination
        url = destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).emokit-lock")
    }

    /// Takes the lock, or throws at once naming the other run's pid; with `wait`, blocks until
    /// the other run ends.
    package func acquire(wait: Bool) throws(OutputError) {
        let folder = url.deletingLastPathComponent()
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw .refused(path: folder.path, reason: "cannot create the folder for \(setting: "out") (\(error.localizedDescription))")
        }
        while true {
            // Never through a link (it would truncate its target anywhere on the disk), never a
            // FIFO or device (O_NONBLOCK: opening one returns at once, and it is refused below).
            let descriptor = open(url.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                if errno == ELOOP {
                    throw .refused(
                        path: url.path, reason: "is a symbolic link; emokit follows no link beside \(setting: "out") (remove it, or choose another \(setting: "out"))")
                }
                throw .refused(path: url.path, reason: "cannot create the lock file beside \(setting: "out") (\(String(cString: strerror(errno))))")
            }
            var info = stat()
            guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                close(descriptor)
                throw .refused(path: url.path, reason: "is not a regular file; remove it, or choose another \(setting: "out")")
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    throw .cannotWrite(path: url.path, reason: "cannot lock (\(reason))")
                }
                if !wait {
                    let owner = Self.owner(descriptor)
                    close(descriptor)
                    throw .refused(
                        path: destination.path,
                        reason: "another emokit run\(owner.map { " (pid \($0))" } ?? "") is writing this output; "
                            + "wait for it to finish, or pass \(setting: "wait") to wait for it")
                }
                while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
            }
            // The file may have been removed (and another created) while we waited.
            var held = stat(), current = stat()
            if fstat(descriptor, &held) == 0, stat(url.path, &current) == 0, held.st_ino == current.st_ino, held.st_dev == current.st_dev {
                let pid = Array("\(getpid())\n".utf8)
                _ = ftruncate(descriptor, 0)
                _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
                fd.withLock { $0 = descriptor }
                return
            }
            close(descriptor)
        }
    }

    /// Removes the lock file and drops the lock (in that order, see the type's comment).
    package func release() {
        fd.withLock { fd in
            guard fd >= 0 else { return }
            unlink(url.path)
            close(fd)
            fd = -1
        }
    }

    package static func owner(_ descriptor: Int32) -> Int? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 31, 0) }
        guard n > 0 else { return nil }
        return Int(String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
