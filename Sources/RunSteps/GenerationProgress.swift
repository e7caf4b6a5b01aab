import Diagnostics
import Synchronization

/// A step of a run, named as a progress display shows it. `generate` goes from `readingPacks` to
/// `sealing`; `merge` from `checkingShards` to `sealing`.
public enum RunStep: String, Sendable, CaseIterable {
    /// Reading every pack, checking every image header and emoji glyph (and the emoji data).
    case readingPacks = "reading packs"
    /// Every tab page, all its widths and scales; counted in pages (the emoji keyboard's included).
    case renderingPages = "rendering pages"
    /// Tab icons, animations and the skin-tone variant sheets.
    case drawingExtras = "drawing tab icons and variants"
    /// What an app ships per platform and scale, against `--size-budget`.
    case checkingSizes = "checking sizes"
    case writingManifests = "writing manifests"
    /// Manifest files, preview, asset catalog, web data (or a shard's record).
    case writingSite = "writing the site"
    /// SHA256SUMS, the archive, and swapping the output in.
    case sealing = "writing checksums"
    /// `merge`: each shard's files checked against its SHA256SUMS and copied; counted in shards.
    case checkingShards = "checking shards"

    /// What `ProgressEvent.advanced` counts in this step, or nil when it reports no count.
    public var unit: String? {
        switch self {
        case .renderingPages: return "pages"
        case .checkingShards: return "shards"
        default: return nil
        }
    }
}

/// What a run tells its observer, in order: a step begins, then (for steps with a `unit`) how
/// many units of it are done.
public enum ProgressEvent: Sendable, Equatable {
    case began(RunStep)
    /// `done` of `total` units of the current step. A page reused from the page cache counts as
    /// done like a rendered one. Reported from worker threads, but `done` never goes backwards.
    case advanced(done: Int, total: Int)
    /// A signal stopped the run: a display should take itself off the screen now; the observer
    /// then shows the message saying so (the library prints nothing), and the process exits.
    case stopping(Diagnostic)
}

/// Who watches a run (`GeneratorOptions.progress`). The generator reports steps and counts and
/// knows nothing of terminals: the command line draws a bar from these events, a library caller
/// may log them or ignore them (the default). The observer is called from worker threads and
/// must be quick; it never changes what is written.
public struct GenerationProgress: Sendable {
    private let observe: @Sendable (ProgressEvent) -> Void

    public init(_ observe: @escaping @Sendable (ProgressEvent) -> Void) { self.observe = observe }

    /// Reports nothing.
    public static let none = GenerationProgress { _ in }

    /// Tells the observer `event` (a caller that wraps another observer forwards with this).
    public func report(_ event: ProgressEvent) { observe(event) }

    package func began(_ step: RunStep) { observe(.began(step)) }

    /// A counter of `total` units of the current step, safe to advance from any thread; reports
    /// `0 of total` at once.
    package func counter(total: Int) -> ProgressCounter {
        observe(.advanced(done: 0, total: total))
        return ProgressCounter(total: total, observe: observe)
    }
}

/// Counts finished units across worker threads. The report is made under the lock, so the
/// observer sees `done` rise one by one.
package final class ProgressCounter: Sendable {
    private let total: Int
    private let observe: @Sendable (ProgressEvent) -> Void
    private let done = Mutex(0)

    package init(total: Int, observe: @escaping @Sendable (ProgressEvent) -> Void) {
        self.total = total
        self.observe = observe
    }

    package func advance() {
        done.withLock { done in
            done += 1
            observe(.advanced(done: done, total: total))
        }
    }
}
