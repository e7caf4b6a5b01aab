import Foundation

/// The output folder's life cycle: build everything in a staging folder beside it, then swap it
/// in whole, so a failed or killed run leaves the previous output exactly as it was. emokit marks
/// the folders it creates and never replaces a non-empty folder without its mark.
struct OutputFolder {
    static let markerName = ".emokit-output"
    static let markerText = "This folder was written by emokit; the next run replaces it whole.\n"

    let destination: URL
    let staging: URL

    init(destination: URL) {
        self.destination = destination.standardizedFileURL
        let name = self.destination.lastPathComponent
        staging = self.destination.deletingLastPathComponent()
            .appendingPathComponent(".\(name).emokit-staging-\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// Checks, before any work, that the destination may be replaced.
    func checkReplaceable() throws(GenerationError) {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: destination.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw .output(path: destination.path, reason: "exists and is not a folder; choose another --out")
        }
        if fm.fileExists(atPath: destination.appendingPathComponent(Self.markerName).path) { return }
        let contents = (try? fm.contentsOfDirectory(atPath: destination.path)) ?? []
        if !contents.isEmpty {
            throw .output(path: destination.path, reason: "is not empty and was not written by emokit (no \(Self.markerName) file); refusing to replace it. Choose a new or empty folder for --out")
        }
    }

    /// The output is replaced whole, so it may not be the current folder or one holding it (the
    /// shell would be left in a folder that no longer exists) nor hold any input (the next run
    /// would delete the packs).
    func checkSurroundings(inputs: [URL]) throws(GenerationError) {
        let target = destination.resolvingSymlinksInPath().path
        func isWithinTarget(_ url: URL) -> Bool {
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            return path == target || path.hasPrefix(target == "/" ? "/" : target + "/")
        }
        if isWithinTarget(URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
            throw .output(
                path: destination.path,
                reason: "is the current folder or holds it; emokit replaces the output folder whole, "
                    + "which would pull it from under your shell. Choose a folder of its own, e.g. --out emokit-output")
        }
        if let input = inputs.first(where: isWithinTarget) {
            throw .output(
                path: destination.path,
                reason: "holds the input \(input.path); the output folder is replaced whole on every run. "
                    + "Choose an --out outside the packs")
        }
    }

    func prepareStaging() throws(GenerationError) {
        let fm = FileManager.default
        try? fm.removeItem(at: staging)
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            try Data(Self.markerText.utf8).write(to: staging.appendingPathComponent(Self.markerName))
        } catch {
            throw .output(path: staging.path, reason: "cannot create the staging folder (\(error.localizedDescription))")
        }
    }

    /// Writes `data` at `relativePath` inside staging. Paths come from emokit, never from plists.
    func write(_ data: Data, to relativePath: String) throws(GenerationError) {
        let url = staging.appendingPathComponent(relativePath)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        } catch {
            throw .output(path: url.path, reason: "cannot write (\(error.localizedDescription))")
        }
    }

    func commit() throws(GenerationError) {
        let fm = FileManager.default
        let old = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).emokit-old-\(ProcessInfo.processInfo.processIdentifier)")
        let hadPrevious = fm.fileExists(atPath: destination.path)
        do {
            if hadPrevious { try fm.moveItem(at: destination, to: old) }
            do {
                try fm.moveItem(at: staging, to: destination)
            } catch {
                if hadPrevious { try? fm.moveItem(at: old, to: destination) }
                throw error
            }
            if hadPrevious { try? fm.removeItem(at: old) }
        } catch {
            throw .output(path: destination.path, reason: "cannot swap in the new output (\(error.localizedDescription)); the previous output is unchanged")
        }
    }

    func discard() {
        try? FileManager.default.removeItem(at: staging)
    }
}
