import Dispatch
import Pipeline
import Synchronization

/// The progress line `generate` and `merge` draw on standard error while they run:
///
///     [#####-----] 63/127 pages  0:04 elapsed  ETA 0:03
///
/// or the step's name (`writing the site  0:05 elapsed`) in steps without a count. One line,
/// redrawn in place at most ten times a second (and once a second to move the clock), fitted to
/// the terminal's width, and erased before anything else is printed (`Console.status`). Only a
/// console that is `interactive` shows it, so pipes, files, CI logs and `TERM=dumb` get exactly
/// the bytes they got before; `--quiet` turns it off.
///
/// Events come from the generator's worker threads; the state and every redraw are behind one
/// `Mutex`. The clock is injected so tests drive time by hand.
final class ProgressBar: Sendable {
    /// What one line shows.
    struct Snapshot {
        var step: RunStep
        /// Units done and in all, for steps that count (`RunStep.unit`).
        var count: (done: Int, total: Int)?
        /// Since the run began.
        var elapsed: Duration
        /// Since the step began: the rate behind the ETA.
        var stepElapsed: Duration
    }

    private struct State {
        var step: RunStep?
        var count: (done: Int, total: Int)?
        var stepStarted = Duration.zero
        var lastDrawn: Duration?
        var finished = false
    }

    /// Redraws closer together than this are skipped (a step's start and its first and last
    /// count are always drawn).
    static let redrawInterval = Duration.milliseconds(100)

    private let console: Console
    /// Time since the run began.
    private let now: @Sendable () -> Duration
    private let state = Mutex(State())

    init(console: Console, now: @escaping @Sendable () -> Duration) {
        self.console = console
        self.now = now
    }

    /// Runs `body` with a bar's observer when `wanted` and the console is interactive, else with
    /// `.none`; the bar is erased and stopped when `body` returns or throws, before the command
    /// prints its report.
    static func showing<T, E: Error>(on console: Console, when wanted: Bool, _ body: (GenerationProgress) throws(E) -> T) throws(E) -> T {
        guard wanted, console.interactive else { return try body(.none) }
        let start = ContinuousClock.now
        let bar = ProgressBar(console: console, now: { ContinuousClock.now - start })
        // Once a second the clock moves on even when no page finishes.
        let ticker = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        ticker.schedule(deadline: .now() + 1, repeating: 1)
        ticker.setEventHandler { bar.tick() }
        ticker.resume()
        defer {
            ticker.cancel()
            bar.finish()
        }
        return try body(GenerationProgress { bar.handle($0) })
    }

    func handle(_ event: ProgressEvent) {
        let time = now()
        state.withLock { state in
            guard !state.finished else { return }
            let due: Bool
            switch event {
            case .began(let step):
                state.step = step
                state.count = nil
                state.stepStarted = time
                due = true
            case .advanced(let done, let total):
                state.count = (done, total)
                due = done == 0 || done >= total
            case .stopping:
                stop(&state)
                return
            }
            let throttled = state.lastDrawn.map { time - $0 < Self.redrawInterval } ?? false
            if due || !throttled { draw(&state, at: time) }
        }
    }

    /// Redraws the current line with the clock moved on (called once a second).
    func tick() {
        let time = now()
        state.withLock { state in
            guard !state.finished, state.step != nil else { return }
            draw(&state, at: time)
        }
    }

    /// Erases the line and stops redrawing; later events are ignored.
    func finish() { state.withLock { stop(&$0) } }

    private func stop(_ state: inout State) {
        state.finished = true
        console.clearStatus()
    }

    private func draw(_ state: inout State, at time: Duration) {
        guard let step = state.step else { return }
        let snapshot = Snapshot(step: step, count: state.count, elapsed: time, stepElapsed: time - state.stepStarted)
        console.status(Self.line(snapshot, width: console.columns() - 1, colour: console.colour))
        state.lastDrawn = time
    }
}

// MARK: - The line

extension ProgressBar {
    /// Narrowest and widest bar, in cells between the brackets.
    static let barCells = 10...30

    /// The line for `snapshot`, at most `width` columns. As the width shrinks, the bar narrows to
    /// its minimum, then the elapsed time goes, then the bar, then the ETA; the count stays (cut
    /// short only below its own length).
    /// With `colour`, the done part of the bar is green (the width counts only what is visible).
    static func line(_ snapshot: Snapshot, width: Int, colour: Bool) -> String {
        let width = max(width, 1)
        let elapsed = "\(clock(snapshot.elapsed)) elapsed"
        guard let count = snapshot.count, let unit = snapshot.step.unit else {
            return fitted([snapshot.step.rawValue, elapsed], width: width) ?? truncated(snapshot.step.rawValue, width)
        }
        let counted = "\(count.done)/\(count.total) \(unit)"
        let eta = remaining(count, stepElapsed: snapshot.stepElapsed).map { ["ETA \(clock($0, roundingUp: true))"] } ?? []
        for parts in [[counted, elapsed] + eta, [counted] + eta] {
            let text = parts.joined(separator: "  ")
            let room = width - text.count - 3  // "[", "] "
            guard room >= barCells.lowerBound else { continue }
            return bar(done: count.done, total: count.total, cells: min(room, barCells.upperBound), colour: colour) + " " + text
        }
        return fitted([counted] + eta, width: width) ?? truncated(counted, width)
    }

    /// `[#####-----]`: `cells` cells, filled in proportion (full only when all is done).
    static func bar(done: Int, total: Int, cells: Int, colour: Bool) -> String {
        let filled = total <= 0 ? cells : min(cells, done * cells / total)
        let full = String(repeating: "#", count: filled)
        let empty = String(repeating: "-", count: cells - filled)
        return "[" + (colour && filled > 0 ? Terminal.green + full + Terminal.reset : full) + empty + "]"
    }

    /// Time left at the step's rate so far; nil before the first unit and once all are done.
    static func remaining(_ count: (done: Int, total: Int), stepElapsed: Duration) -> Duration? {
        guard count.done > 0, count.done < count.total else { return nil }
        return stepElapsed / count.done * (count.total - count.done)
    }

    /// `0:04`, `12:30`, `1:02:03`: whole seconds, rounded down (or up, for a time left).
    static func clock(_ duration: Duration, roundingUp: Bool = false) -> String {
        let (whole, fraction) = duration.components
        let seconds = max(0, Int(whole) + (roundingUp && fraction > 0 ? 1 : 0))
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        if seconds >= 3600 { return "\(seconds / 3600):\(two(seconds / 60 % 60)):\(two(seconds % 60))" }
        return "\(seconds / 60):\(two(seconds % 60))"
    }

    private static func fitted(_ parts: [String], width: Int) -> String? {
        for end in stride(from: parts.count, through: 1, by: -1) {
            let text = parts[..<end].joined(separator: "  ")
            if text.count <= width { return text }
        }
        return nil
    }

    private static func truncated(_ text: String, _ width: Int) -> String { String(text.prefix(width)) }
}
