import Diagnostics
import Synchronization
import Testing

@testable import RunSteps

/// The run's one shape: each step's one name is what the progress display shows, what the
/// timings list and what a failure carries; each step hands the next its value.
struct StepRunnerTests {
    final class Log: Sendable {
        private let events = Mutex<[ProgressEvent]>([])
        var all: [ProgressEvent] { events.withLock { $0 } }
        func append(_ event: ProgressEvent) { events.withLock { $0.append(event) } }
    }

    /// A stage's own error: the runner is generic over it, and knows no reader's error.
    enum StageError: Error, Equatable { case diskFull(path: String) }

    @Test func stepsRunInOrderNamedOnce() throws {
        let log = Log()
        var steps = StepRunner<StageError>(progress: GenerationProgress { log.append($0) })
        let read = try steps.run(.readingPacks) { ["read"] }
        let rendered = try steps.run(.renderingPages) { read + ["render"] }
        let sealed = try steps.run(.sealing) { rendered + ["seal"] }
        #expect(sealed == ["read", "render", "seal"])
        #expect(log.all == [.began(.readingPacks), .began(.renderingPages), .began(.sealing)])
        #expect(steps.timings.map(\.step) == ["reading packs", "rendering pages", "writing checksums"])
    }

    @Test func aFailureNamesItsStepAndStopsTheRun() {
        var steps = StepRunner<StageError>(progress: .none)
        var done: [String] = []
        do {
            done += try steps.run(.readingPacks) { ["read"] }
            try steps.run(.writingSite) { () throws(StageError) in throw .diskFull(path: "index.html") }
            done += try steps.run(.sealing) { ["seal"] }
            Issue.record("the run went on")
        } catch {
            #expect(error.step == .writingSite)
            #expect(error.error == .diskFull(path: "index.html"))
        }
        #expect(done == ["read"])
        #expect(steps.timings.map(\.step) == ["reading packs"])
    }
}
