import Diagnostics
import Dispatch
import Foundation
import RunSteps
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT and SIGTERM during a run: stop within a second, remove the staging folder and the lock,
/// exit 130 / 143 (128 + the signal, as shells report). The previous output is never touched:
/// it is only ever replaced by the one atomic swap at the end.
///
/// Only the command line turns this on (`GeneratorOptions.exitOnSignal`): a library caller keeps
/// its own signal handling.
package final class Interruption: Sendable {
    /// Everything that changes, shared by the run's threads and the signal handler's.
    private let state = Mutex(State())

    private struct State {
        package var sources = SignalSources()
        package var stopped = false
        /// Set when the swap begins: from then on a signal is ignored (see `beginSwap`).
        package var swapping = false
        /// Files written outside the staging folder (the archive's partial file), removed with it.
        package var extraFiles: [URL] = []
    }

    /// The signal sources. Dispatch objects may be used from any thread (libdispatch's own
    /// guarantee), but Linux's Dispatch does not mark them `Sendable`; they are only ever
    /// reached through `state`'s lock.
    private struct SignalSources: @unchecked Sendable {
        package var list: [DispatchSourceSignal] = []
    }
    private let staging: URL
    private let outputLock: OutputLock
    /// Told `.stopping` with the message, which its observer (the command line) shows: a progress
    /// line is taken off the screen first.
    private let progress: GenerationProgress

    package init(staging: URL, outputLock: OutputLock, progress: GenerationProgress = .none) {
        self.staging = staging
        self.outputLock = outputLock
        self.progress = progress
    }

    /// Whether a signal arrived: writers check it before each file so none lands after cleanup.
    package var isStopped: Bool { state.withLock { $0.stopped } }

    /// A worker's write fails once the signal handler has removed the staging folder; that failure
    /// is the signal's doing, not the disk's, so the failing thread waits here for the handler's
    /// `_exit(130/143)` instead of reporting an output error (exit 3).
    package func waitIfStopped() {
        guard isStopped else { return }
        while true { pause() }
    }

    /// Called just before the output is swapped in. False when a signal already stopped the run
    /// (its handler is removing the staging folder and exits). Once true, signals are ignored:
    /// the handler's cleanup would race the rename (deleting files of the new output as it moves
    /// into place, or the previous output while the run removes it and exits 0), and "the
    /// previous output is unchanged" would no longer be true. The run ends a moment later anyway.
    package func beginSwap() -> Bool {
        state.withLock { state in
            if !state.stopped { state.swapping = true }
            return !state.stopped
        }
    }

    /// Whether a signal stops the run: false once the swap has begun.
    package func claimStop() -> Bool {
        state.withLock { state in
            if !state.swapping { state.stopped = true }
            return !state.swapping
        }
    }

    /// `url` is removed with the staging folder if a signal stops the run.
    package func removeOnStop(_ url: URL) {
        state.withLock { $0.extraFiles.append(url) }
    }

    /// Removes the staging folder and the extra files. Writers stop creating files once `stopped`
    /// is set; a write already under way may still add one, so removal is retried until each is gone.
    package func cleanUp() {
        let paths = [staging] + state.withLock { $0.extraFiles }
        for url in paths {
            for _ in 0..<50 {
                try? FileManager.default.removeItem(at: url)
                if !FileManager.default.fileExists(atPath: url.path) { break }
                usleep(10_000)
            }
        }
    }

    package func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global(qos: .userInteractive))
            source.setEventHandler { [self] in stop(signalNumber) }
            source.resume()
            state.withLock { $0.sources.list.append(source) }
        }
    }

    package func uninstall() {
        let sources = state.withLock { state in
            defer { state.sources.list = [] }
            return state.sources.list
        }
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    /// What a stop says (`stopped by SIGINT; the previous output is unchanged`); the command line
    /// prints it as `emokit: …`.
    static func stopped(by signalNumber: Int32) -> Diagnostic {
        Diagnostic("stopped-by-signal", .error, message: "stopped by \(signalNumber == SIGINT ? "SIGINT" : "SIGTERM"); the previous output is unchanged")
    }

    private func stop(_ signalNumber: Int32) {
        guard claimStop() else { return }
        cleanUp()
        progress.report(.stopping(Self.stopped(by: signalNumber)))
        outputLock.release()
        _exit(128 + signalNumber)
    }
}
