import CSystem
import Foundation

/// Putting one finished file in place with one atomic step, as the output's swap does for its
/// folder (`OutputFolder.commit`): exchanged with the previous file when replacing (so it can be
/// swapped back), else renamed without replacing anything. File systems that cannot exchange or
/// refuse a no-replace rename fall back to a plain rename or a hard link.
package enum FileSwap {
    /// How a file got into place: as a new file, swapped with the previous one (which is then at
    /// the file's old name, for the caller to remove or swap back), or over it where the file
    /// system cannot swap (not undoable).
    package enum Placement: Sendable { case added, swapped, replaced }

    package enum Failure: Error, Equatable, Sendable {
        /// A file is at the target and `replacing` was false.
        case exists
        /// The system's words.
        case failed(String)
    }

    /// Moves `from` to `to`, never replacing a file unless `replacing`.
    package static func move(_ from: URL, to: URL, replacing: Bool) throws(Failure) -> Placement {
        func reason() -> String { String(cString: strerror(errno)) }
        if replacing && FileManager.default.fileExists(atPath: to.path) {
            if emk_exchange(from.path, to.path) == 0 { return .swapped }
            guard errno == EINVAL || errno == ENOSYS else { throw .failed(reason()) }
            if rename(from.path, to.path) == 0 { return .replaced }
            throw .failed(reason())
        }
        if emk_rename_noreplace(from.path, to.path) == 0 { return .added }
        if errno == EEXIST { throw .exists }
        guard errno == EINVAL || errno == ENOSYS else { throw .failed(reason()) }
        // No rename-without-replace on this file system: a hard link fails the same way if `to` exists.
        if link(from.path, to.path) == 0 { return .added }
        if errno == EEXIST { throw .exists }
        throw .failed(reason())
    }

    /// Swaps two files back (undoing a `.swapped` placement); true when done.
    package static func exchange(_ first: URL, _ second: URL) -> Bool { emk_exchange(first.path, second.path) == 0 }
}
