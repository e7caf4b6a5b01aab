/// One pipeline step's wall time, as `--json` reports it.
public struct StepTiming: Sendable, Equatable, Codable {
    public var step: String
    public var seconds: Double
}

/// Times the pipeline's steps back to back: each `finish` closes the step that began when the
/// previous one ended, so the timings add up to the whole run.
package struct StepClock {
    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant
    private(set) var timings: [StepTiming] = []

    package init() { last = clock.now }

    package mutating func finish(_ step: String) {
        let now = clock.now
        let elapsed = last.duration(to: now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        timings.append(StepTiming(step: step, seconds: (seconds * 1000).rounded() / 1000))
        last = now
    }
}
