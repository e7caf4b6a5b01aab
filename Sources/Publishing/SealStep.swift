import Archive
import Foundation
import OutputTransaction
import PipelineSteps

/// The last step before the swap: `SHA256SUMS` for the finished staging tree, then the archive
/// of that tree (when asked), written beside its final name. The archive is renamed into place
/// only after the output is swapped in, so output and archive never disagree after a failure.
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

        package func commit() throws(GenerationError) {
            // rename(2) replaces an existing archive atomically.
            if rename(partial.path, destination.path) != 0 {
                let reason = String(cString: strerror(errno))
                discard()
                throw .output(path: destination.path, reason: "cannot move the archive into place (\(reason))")
            }
        }

        package func discard() { try? FileManager.default.removeItem(at: partial) }
    }

    package func seal(_ output: OutputFolder, knownDigests: [String: String]) throws(GenerationError) -> PendingArchive? {
        try output.write(try ChecksumList.make(for: output.staging, known: knownDigests), to: ChecksumList.fileName)
        guard let archive, let destination else { return nil }
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).emokit-partial-\(ProcessInfo.processInfo.processIdentifier)")
        Self.removeStalePartials(beside: destination)
        output.interruption?.removeOnStop(partial)
        do {
            try TarArchive.write(folder: output.staging, to: partial)
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw .output(path: archive.path, reason: "cannot write the archive (\(error.description))")
        }
        return PendingArchive(partial: partial, destination: destination)
    }

    /// Partial archives beside `destination` whose run is gone (killed while writing it): removed,
    /// so they do not pile up beside the archive. A running process's partial file is kept.
    package static func removeStalePartials(beside destination: URL) {
        let folder = destination.deletingLastPathComponent()
        let prefix = ".\(destination.lastPathComponent).emokit-partial-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0, kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
