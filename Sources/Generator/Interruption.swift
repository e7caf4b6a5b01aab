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
    private let staging: URL
    private let outputLock: OutputLock
    /// Told `.stopping` before the message, so a progress line is off the screen first.
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

    private func stop(_ signalNumber: Int32) {
        lock.lock()
        stopped = true
        lock.unlock()
        // Writers stop creating files once `stopped` is set; a write already under way may still
        // add one, so removal is retried until the folder is gone.
        for _ in 0..<50 {
            try? FileManager.default.removeItem(at: staging)
            if !FileManager.default.fileExists(atPath: staging.path) { break }
            usleep(10_000)
        }
        progress.report(.stopping)
        FileHandle.standardError.write(Data("emokit: stopped by \(signalNumber == SIGINT ? "SIGINT" : "SIGTERM"); the previous output is unchanged\n".utf8))
        outputLock.release()
        _exit(128 + signalNumber)
    }
}
