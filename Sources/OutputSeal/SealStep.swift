import Archive
import Checksum
import Diagnostics
import Foundation
import OutputTransaction

/// The last step before the swap: `SHA256SUMS` for the finished staging tree, then the archive
/// of that tree (when asked). The output and its archive change together: the archive is
/// written beside its final name as `.<name>.emokit-partial-<pid>`, then renamed to
/// `.<name>.emokit-ready-<sha256 of SHA256SUMS>` (complete, and naming the output it belongs
/// to), the output is swapped in, and at once the ready archive is renamed into place; only then
/// is the previous output removed (`swapIn`), which for a large output takes a while. A run
/// killed between the swap and that rename leaves a ready archive whose name matches the output;
/// the next run with this archive writes the archive anew from the output in place before
/// anything else (`recover`: the leftover's bytes are never trusted, as anyone who can write
/// beside the archive can plant a file under that predictable name), and a ready archive of an
/// output that was never swapped in is removed. A failed run leaves any previous archive as it
/// was.
package struct SealStep {
    /// `--archive` as given (for messages), nil for none.
    package let archive: URL?
    /// Where the archive goes: `archive`, absolute, its folder's symbolic links resolved.
    package let destination: URL?

    package init(archive: URL?, destination: URL?) {
        self.archive = archive
        self.destination = destination
    }

    /// An archive written next to its destination, waiting for the output's swap.
    package struct PendingArchive {
        package let partial: URL
        package let destination: URL

        package func commit() throws(SealError) {
            // rename(2) replaces an existing archive atomically.
            if rename(partial.path, destination.path) != 0 {
                let reason = String(cString: strerror(errno))
                discard()
                throw .cannotArchive(path: destination.path, reason: "cannot move the archive into place (\(reason))")
            }
        }

        package func discard() { unlink(partial.path) }
    }

    package func seal(_ output: OutputFolder, knownDigests: [String: String]) throws(SealError) -> PendingArchive? {
        // Files the run streamed are listed by the digest taken as they were written.
        let sums = try ChecksumList.make(for: output.staging, known: knownDigests, written: output.digestsOfWrittenFiles)
        do { try output.write(sums, to: ChecksumList.fileName) } catch { throw .output(error) }
        guard let archive, let destination else { return nil }
        let partial = Self.sibling(destination, "partial-\(ProcessInfo.processInfo.processIdentifier)")
        let ready = Self.sibling(destination, "ready-\(SHA256.hexDigest([UInt8](sums)))")
        Self.removeStalePartials(beside: destination)
        // The name is this run's own: whatever a killed run of the same pid left there goes (a
        // link is removed, not followed); the archive is then written to a new file only.
        unlink(partial.path)
        output.interruption?.removeOnStop(partial)
        output.interruption?.removeOnStop(ready)
        do {
            try TarArchive.write(folder: output.staging, to: partial)
        } catch {
            unlink(partial.path)
            throw .cannotArchive(path: archive.path, reason: "cannot write the archive (\(error.description))")
        }
        guard rename(partial.path, ready.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(partial.path)
            throw .cannotArchive(path: archive.path, reason: "cannot write the archive (\(reason))")
        }
        return PendingArchive(partial: ready, destination: destination)
    }

    /// Swaps `output` in, moves `archive` (if any) into place, then removes the previous output:
    /// the output and its archive change together, and a run killed while the previous output
    /// is being removed leaves both new. `generate` and `merge` end with it.
    package static func swapIn(_ output: OutputFolder, archive: PendingArchive?) throws(SealError) {
        do { try output.commit(keepingPrevious: true) } catch {
            archive?.discard()
            throw .output(error)
        }
        defer { output.removePrevious() }
        try archive?.commit()
    }

    /// `.<name>.emokit-<suffix>` beside `destination`.
    static func sibling(_ destination: URL, _ suffix: String) -> URL {
        destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).emokit-\(suffix)")
    }

    /// Partial archives beside `destination` whose run is gone (killed while writing it): removed,
    /// so they do not pile up beside the archive. A running process's partial file is kept.
    package static func removeStalePartials(beside destination: URL) {
        let folder = destination.deletingLastPathComponent()
        let prefix = ".\(destination.lastPathComponent).emokit-partial-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0, kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    /// Called with the output's lock held, before any work. A ready archive whose name holds the
    /// SHA-256 of the `SHA256SUMS` in place says that a run was killed after its swap, before its
    /// archive's rename: the archive is behind its output, and is written anew from the output
    /// in place. The leftover itself is removed, never moved into place (its name is
    /// predictable, its bytes could be anyone's). Any other ready archive (its output was never
    /// swapped in) is removed too. Returns a note per archive handled.
    package static func recover(archive destination: URL, output: URL) -> [Diagnostic] {
        removeStalePartials(beside: destination)
        let folder = destination.deletingLastPathComponent()
        let prefix = ".\(destination.lastPathComponent).emokit-ready-"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(prefix) }.sorted()
        guard !names.isEmpty else { return [] }
        let current = currentSums(output)
        var notes: [Diagnostic] = []
        var behind = false
        for name in names {
            let url = folder.appendingPathComponent(name)
            if let current, String(name.dropFirst(prefix.count)) == current { behind = true }
            if unlink(url.path) == 0 {
                notes.append(Diagnostic("leftover", .note, file: url.path, message: "\(path: url.path): removed what an interrupted run left"))
            } else {
                let reason = String(cString: strerror(errno))
                notes.append(Diagnostic("leftover", .warning, file: url.path, message: "\(path: url.path): left beside the archive, and cannot be removed (\(reason))"))
            }
        }
        if behind { notes.append(rewrite(archive: destination, from: output)) }
        return notes
    }

    /// The archive of the output in place, written as `seal` writes one (a new partial file,
    /// then renamed over the archive); a note saying what was done.
    static func rewrite(archive destination: URL, from output: URL) -> Diagnostic {
        let partial = sibling(destination, "partial-\(ProcessInfo.processInfo.processIdentifier)")
        unlink(partial.path)  // this run's own name: whatever a killed run of the same pid left
        var failure: String?
        do { try TarArchive.write(folder: output, to: partial) } catch { failure = error.description }
        if failure == nil, rename(partial.path, destination.path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(partial.path)
            return Diagnostic(
                "archive-not-recovered", .warning, file: destination.path,
                message: "\(path: destination.path): an interrupted run had swapped in its output but not its archive, and the archive cannot be "
                    + "written anew (\(failure)); it is behind the output until a run succeeds")
        }
        return Diagnostic(
            "archive-recovered", .note, file: destination.path,
            message: "\(path: destination.path): an interrupted run had swapped in its output but not its archive; wrote the archive anew from the output")
    }

    /// The SHA-256 of the output's `SHA256SUMS` (read through no link, at most 64 MiB), or nil.
    static func currentSums(_ output: URL) -> String? {
        let path = output.appendingPathComponent(ChecksumList.fileName).path
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= 64 << 20 else { return nil }
        var hash = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            hash.update(Array(buffer[0..<n]))
        }
        return hash.finalize().hexString
    }
}
