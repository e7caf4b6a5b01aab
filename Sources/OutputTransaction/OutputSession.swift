import Diagnostics
import Foundation
import RunSteps

/// One run's hold on its output folder, from taking it to the swap: the preamble every command
/// that replaces an output runs (`generate` and `merge`), written once. It checks where the
/// output is, locks it, clears what a killed run left, checks it may be replaced and installs the
/// signal handling; `stage()` makes the staging folder; `end(swappedIn:)` removes the staging
/// folder of a run that failed, then lifts the signal handling and the lock.
package final class OutputSession {
    package private(set) var folder: OutputFolder
    private let lock: OutputLock
    /// Notes on what an interrupted run had left beside the output, removed.
    package let recovered: [Diagnostic]
    /// Whether the staging folder exists (from `stage()`): a failed run discards it.
    package private(set) var staged = false

    /// - Parameters:
    ///   - inputs: what the run reads; the output may not be one of them nor hold one.
    ///   - wait: when another run holds the lock, wait for it (`--wait`) instead of failing.
    ///   - exitOnSignal: SIGINT/SIGTERM remove the staging folder and exit 130/143.
    ///   - recoverBeside: clears what a killed run left beside the output besides its staging
    ///     folder (an archive waiting for its swap), after the lock is taken.
    package init(
        destination: URL, inputs: [URL], wait: Bool, exitOnSignal: Bool, progress: GenerationProgress,
        recoverBeside: (OutputFolder) -> [Diagnostic] = { _ in [] }
    ) throws(OutputError) {
        var folder = OutputFolder(destination: destination)
        try folder.checkSurroundings(inputs: inputs)
        // One run per output at a time; then clear what a killed run left (Reliability.md).
        let lock = OutputLock(for: folder.destination)
        try lock.acquire(wait: wait)
        recovered = folder.recoverLeftovers() + recoverBeside(folder)
        do { try folder.checkReplaceable() } catch {
            lock.release()
            throw error
        }
        if exitOnSignal {
            let interruption = Interruption(staging: folder.staging, outputLock: lock, progress: progress)
            interruption.install()
            folder.interruption = interruption
        }
        self.folder = folder
        self.lock = lock
    }

    /// Makes the staging folder the run writes into.
    package func stage() throws(OutputError) {
        try folder.prepareStaging()
        staged = true
    }

    /// Ends the session: a run that did not swap its output in has its staging folder removed
    /// (after a signal's handler, which removes it itself, if one stopped the run); then the
    /// signal handling and the lock are lifted.
    package func end(swappedIn: Bool) {
        if !swappedIn && staged {
            folder.interruption?.waitIfStopped()
            folder.discard()
        }
        folder.interruption?.uninstall()
        lock.release()
    }
}
