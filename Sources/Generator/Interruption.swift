import Diagnostics
import Dispatch
import Foundation

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
final class Interruption: @unchecked Sendable {
    private let lock = NSLock()
    private var sources: [DispatchSourceSignal] = []
    private var stopped = false
    /// Set when the swap begins: from then on a signal is ignored (see `beginSwap`).
    private var swapping = false
    /// Files written outside the staging folder (the archive's partial file), removed with it.
    private var extraFiles: [URL] = []
    private let staging: URL
    private let outputLock: OutputLock
    /// Told `.stopping` with the message, which its observer (the command line) shows: a progress
    /// line is taken off the screen first.
    private let progress: GenerationProgress

    init(staging: URL, outputLock: OutputLock, progress: GenerationProgress = .none) {
        self.staging = staging
        self.outputLock = outputLock
        self.progress = progress
    }

    /// Whether a signal arrived: writers check it before each file so none lands after cleanup.
    var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }

    /// A worker's write fails once the signal handler has removed the staging folder; that failure
    /// is the signal's doing, not the disk's, so the failing thread waits here for the handler's
    /// `_exit(130/143)` instead of reporting an output error (exit 3).
    func waitIfStopped() {
        guard isStopped else { return }
        while true { pause() }
    }

    /// Called just before the output is swapped in. False when a signal already stopped the run
    /// (its handler is removing the staging folder and exits). Once true, signals are ignored:
    /// the handler's cleanup would race the rename (deleting files of the new output as it moves
    /// into place, or the previous output while the run removes it and exits 0), and "the
    /// previous output is unchanged" would no longer be true. The run ends a moment later anyway.
    func beginSwap() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if !stopped { swapping = true }
        return !stopped
    }

    /// Whether a signal stops the run: false once the swap has begun.
    func claimStop() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if !swapping { stopped = true }
        return !swapping
    }

    /// `url` is removed with the staging folder if a signal stops the run.
    func removeOnStop(_ url: URL) {
        lock.lock()
        extraFiles.append(url)
        lock.unlock()
    }

    /// Removes the staging folder and the extra files. Writers stop creating files once `stopped`
    /// is set; a write already under way may still add one, so removal is retried until each is gone.
    func cleanUp() {
        lock.lock()
        let paths = [staging] + extraFiles
        lock.unlock()
        for url in paths {
            for _ in 0..<50 {
                try? FileManager.default.removeItem(at: url)
                if !FileManager.default.fileExists(atPath: url.path) { break }
                usleep(10_000)
            }
        }
    }

    func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global(qos: .userInteractive))
            source.setEventHandler { [self] in stop(signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    func uninstall() {
        for source in sources { source.cancel() }
        sources = []
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
