import CSystem
import Diagnostics
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The output folder's life cycle: build everything in a staging folder beside it, then swap it
/// in whole, so a failed or killed run leaves the previous output exactly as it was. emokit marks
/// the folders it creates and never replaces a non-empty folder without its mark.
package struct OutputFolder {
    package static let markerName = ".emokit-output"
    package static let markerText = "This folder was written by emokit; the next run replaces it whole.\n"

    package let destination: URL
    package let staging: URL
    /// Folders already made in staging (a tab's sheets go to one folder, per width with per-width
    /// sheets: thousands of `mkdir`s that all fail with EEXIST after the first), shared by every
    /// copy of this value.
    private let madeFolders = MadeFolders()

    private final class MadeFolders: Sendable {
        let paths = Mutex(Set<String>())
    }

    /// The SHA-256 of each file written through `writeStreamed` (manifests, previews), by
    /// relative path, so the seal lists them without reading them back (the site is tens of MB at
    /// nine widths). A path being written again is forgotten first. (Sheets' digests the seal has
    /// from the renderer; the few other files it reads.)
    private let writtenDigests = WrittenDigests()

    private final class WrittenDigests: Sendable {
        let byPath = Mutex([String: String]())
    }

    /// The digests of the files this run wrote whole (see `writtenDigests`), by relative path.
    package var digestsOfWrittenFiles: [String: String] { writtenDigests.byPath.withLock { $0 } }

    /// Notes `digest` as the contents of `relativePath` (called once the file is complete).
    func noteWritten(_ relativePath: String, digest: String) {
        writtenDigests.byPath.withLock { $0[relativePath] = digest }
    }

    package init(destination: URL) {
        self.destination = destination.standardizedFileURL
        let name = self.destination.lastPathComponent
        staging = self.destination.deletingLastPathComponent()
            .appendingPathComponent(".\(name).emokit-staging-\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// Checks, before any work, that the destination may be replaced.
    package func checkReplaceable() throws(OutputError) {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: destination.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw .refused(path: destination.path, reason: "exists and is not a folder; choose another \(setting: "out")")
        }
        if fm.fileExists(atPath: destination.appendingPathComponent(Self.markerName).path) { return }
        let contents = (try? fm.contentsOfDirectory(atPath: destination.path)) ?? []
        if !contents.isEmpty {
            throw .refused(
                path: destination.path,
                reason: "is not empty and was not written by emokit (no \(Self.markerName) file); refusing to replace it. Choose a new or empty folder for \(setting: "out")")
        }
    }

    /// The output is replaced whole, so it may not be the current folder or one holding it (the
    /// shell would be left in a folder that no longer exists) nor hold any input (the next run
    /// would delete the packs).
    package func checkSurroundings(inputs: [URL]) throws(OutputError) {
        let target = destination.resolvingSymlinksInPath().path
        func isWithinTarget(_ url: URL) -> Bool {
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            return path == target || path.hasPrefix(target == "/" ? "/" : target + "/")
        }
        if isWithinTarget(URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
            throw .refused(
                path: destination.path,
                reason: "is the current folder or holds it; emokit replaces the output folder whole, "
                    + "which would pull it from under your shell. Choose a folder of its own, e.g. \(setting: "out") emokit-output")
        }
        if let input = inputs.first(where: isWithinTarget) {
            throw .refused(
                path: destination.path,
                reason: "holds the input \(input.path); the output folder is replaced whole on every run. "
                    + "Choose an \(setting: "out") outside the packs")
        }
    }

    /// Set by the command line's signal handling: once stopped, nothing more is written.
    package var interruption: Interruption?

    /// What a killed run may have left beside the output: `.<out>.emokit-staging-<pid>` (a
    /// half-built output, or after the swap the previous one) and, from older versions,
    /// `.<out>.emokit-old-<pid>` (the previous output moved aside). Called with the lock held, so
    /// no other run owns them. A moved-aside output is put back when `<out>` itself is missing;
    /// everything else is removed. Returns a note per item.
    package func recoverLeftovers() -> [Diagnostic] {
        let fm = FileManager.default
        let parent = destination.deletingLastPathComponent()
        let name = destination.lastPathComponent
        guard let names = try? fm.contentsOfDirectory(atPath: parent.path) else { return [] }
        var notes: [Diagnostic] = []
        for leftover in names.sorted() where leftover.hasPrefix(".\(name).emokit-staging-") || leftover.hasPrefix(".\(name).emokit-old-") {
            let url = parent.appendingPathComponent(leftover)
            func note(_ message: Diagnostic.Message) { notes.append(Diagnostic("leftover", .note, file: url.path, message: "\(path: url.path): \(message)")) }
            if leftover.hasPrefix(".\(name).emokit-old-"), !fm.fileExists(atPath: destination.path),
                fm.fileExists(atPath: url.appendingPathComponent(Self.markerName).path),
                rename(url.path, destination.path) == 0
            {
                note("an interrupted run had moved the previous output aside; put it back as \(destination.path)")
                continue
            }
            do {
                try fm.removeItem(at: url)
                note("removed what an interrupted run left")
            } catch {
                note("an interrupted run left this and it cannot be removed (\(error.localizedDescription))")
            }
        }
        return notes
    }

    package func prepareStaging() throws(OutputError) {
        let fm = FileManager.default
        madeFolders.paths.withLock { $0.removeAll() }
        try? fm.removeItem(at: staging)
        // mkdir, not "create with intermediates": a link someone put at this name beside the
        // output makes it fail instead of sending the whole output into the link's target.
        guard mkdir(staging.path, 0o755) == 0 else {
            throw .cannotWrite(path: staging.path, reason: "cannot create the staging folder (\(String(cString: strerror(errno))))")
        }
        do { try NewFile.write(Data(Self.markerText.utf8), to: staging.appendingPathComponent(Self.markerName)) } catch {
            throw .cannotWrite(path: staging.path, reason: "cannot create the staging folder (\(error))")
        }
    }

    /// Writes `data` at `relativePath` inside staging. Paths come from emokit, never from plists.
    /// Folders are made one level at a time below the staging folder, never above it (so a
    /// write racing the signal handler's cleanup cannot bring the staging folder back), and a
    /// folder another worker made a moment earlier is fine (EEXIST).
    /// A file already at the path is unlinked first, never written through: it may be a link to
    /// a file of the previous output (`write(_:to:reusingPrevious:)`), which must stay as it was.
    package func write(_ data: Data, to relativePath: String) throws(OutputError) {
        let url = try prepareFile(relativePath)
        unlink(url.path)
        try writeNew(data, at: url)
    }

    /// Creates the staging file `url` (just unlinked by the caller) with `data`, mode 0666 less
    /// the umask, as any file a program writes.
    func writeNew(_ data: Data, at url: URL) throws(OutputError) {
        do { try NewFile.write(data, to: url, mode: 0o666) } catch {
            throw .cannotWrite(path: url.path, reason: "cannot write (\(error.description))")
        }
    }

    /// The staging URL for `relativePath`, its folders made; refused once a signal has stopped the run.
    package func prepareFile(_ relativePath: String) throws(OutputError) -> URL {
        let url = staging.appendingPathComponent(relativePath)
        if interruption?.isStopped == true { throw .cannotWrite(path: url.path, reason: "stopped by a signal") }
        writtenDigests.byPath.withLock { _ = $0.removeValue(forKey: relativePath) }
        var folder = staging.path
        for component in relativePath.split(separator: "/").dropLast() {
            folder += "/\(component)"
            if madeFolders.paths.withLock({ $0.contains(folder) }) { continue }
            if mkdir(folder, 0o755) != 0 && errno != EEXIST {
                throw .cannotWrite(path: folder, reason: "cannot create the folder (\(String(cString: strerror(errno))))")
            }
            madeFolders.paths.withLock { _ = $0.insert(folder) }
        }
        return url
    }

    /// Swaps the finished staging folder in with one atomic step: `renameat2(RENAME_EXCHANGE)`
    /// (macOS: `renamex_np(RENAME_SWAP)`) when there is a previous output, so `<out>` is complete
    /// at every instant, even if the process is killed right here; a plain no-replace rename on
    /// the first run. The previous output, now at the staging path, is then removed, unless
    /// `keepingPrevious` (the caller has one more thing to put in place first, the archive, and
    /// then calls `removePrevious`: removing a large output takes a while, and a run killed
    /// during it must not leave the new output beside the old archive). File systems that cannot
    /// exchange fall back to two renames.
    package func commit(keepingPrevious: Bool = false) throws(OutputError) {
        let fm = FileManager.default
        if let interruption, !interruption.beginSwap() {
            interruption.waitIfStopped()
            throw .cannotWrite(path: destination.path, reason: "stopped by a signal")
        }
        if !fm.fileExists(atPath: destination.path) {
            if emk_rename_noreplace(staging.path, destination.path) == 0 { return }
            if errno != EINVAL && errno != ENOSYS {
                throw .cannotWrite(path: destination.path, reason: "cannot move the new output into place (\(String(cString: strerror(errno))))")
            }
            if rename(staging.path, destination.path) == 0 { return }
            throw .cannotWrite(path: destination.path, reason: "cannot move the new output into place (\(String(cString: strerror(errno))))")
        }
        if emk_exchange(staging.path, destination.path) == 0 {
            if !keepingPrevious { removePrevious() }
            return
        }
        guard errno == EINVAL || errno == ENOSYS else {
            throw .cannotWrite(path: destination.path, reason: "cannot swap in the new output (\(String(cString: strerror(errno)))); the previous output is unchanged")
        }
        try commitWithTwoRenames(keepingPrevious: keepingPrevious)
    }

    /// Removes the previous output a `commit(keepingPrevious: true)` left at the staging path
    /// (or, after two renames, at `.<out>.emokit-old-<pid>`).
    package func removePrevious() {
        try? FileManager.default.removeItem(at: staging)
        try? FileManager.default.removeItem(at: previousAside)
    }

    /// Where `commitWithTwoRenames` moves the previous output aside.
    var previousAside: URL {
        destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).emokit-old-\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// For file systems without an exchange: previous output aside, new one in, previous one
    /// removed. A kill between the renames leaves the previous output at `.<out>.emokit-old-<pid>`,
    /// which the next run puts back (`recoverLeftovers`).
    package func commitWithTwoRenames(keepingPrevious: Bool = false) throws(OutputError) {
        let fm = FileManager.default
        let old = previousAside
        do {
            try fm.moveItem(at: destination, to: old)
            do {
                try fm.moveItem(at: staging, to: destination)
            } catch {
                try? fm.moveItem(at: old, to: destination)
                throw error
            }
            if !keepingPrevious { try? fm.removeItem(at: old) }
        } catch {
            throw .cannotWrite(path: destination.path, reason: "cannot swap in the new output (\(Self.reason(error))); the previous output is unchanged")
        }
    }

    package func discard() {
        try? FileManager.default.removeItem(at: staging)
    }

    /// The system's words for a failed write ("No space left on device"), not Foundation's.
    package static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let posix = ns.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if ns.domain == NSCocoaErrorDomain && ns.code == NSFileWriteOutOfSpaceError { return String(cString: strerror(ENOSPC)) }
        if ns.domain == NSCocoaErrorDomain && ns.code == NSFileWriteVolumeReadOnlyError { return String(cString: strerror(EROFS)) }
        return ns.localizedDescription
    }
}
