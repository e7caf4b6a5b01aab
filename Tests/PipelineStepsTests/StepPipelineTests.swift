import Diagnostics
import Synchronization
import Testing

@testable import PipelineSteps

/// The run's one shape: each step's one name is what the progress display shows, what the
/// timings list and what a failure carries.
struct StepPipelineTests {
    final class Log: Sendable {
        private let events = Mutex<[ProgressEvent]>([])
        var all: [ProgressEvent] { events.withLock { $0 } }
        func append(_ event: ProgressEvent) { events.withLock { $0.append(event) } }
    }

    /// A stage's own error: the runner is generic over it, and knows no reader's error.
    enum StageError: Error, Equatable { case diskFull(path: String) }

    @Test func stepsRunInOrderNamedOnce() throws {
        let log = Log()
        let steps: [PipelineStep<[String], StageError>] = [
            .step(.readingPacks) { $0.append("read") },
            .step(.renderingPages) { $0.append("render") },
            .step(.sealing) { $0.append("seal") },
        ]
        var done: [String] = []
        let timings = try StepPipeline(steps, progress: GenerationProgress { log.append($0) }).run(&done)
        #expect(done == ["read", "render", "seal"])
        #expect(log.all == [.began(.readingPacks), .began(.renderingPages), .began(.sealing)])
        #expect(timings.map(\.step) == ["reading packs", "rendering pages", "writing checksums"])
    }

    @Test func aFailureNamesItsStepAndStopsTheRun() {
        let steps: [PipelineStep<[String], StageError>] = [
            .step(.readingPacks) { $0.append("read") },
            .step(.writingSite) { _ throws(StageError) in throw .diskFull(path: "index.html") },
            .step(.sealing) { $0.append("seal") },
        ]
        var done: [String] = []
        do {
            _ = try StepPipeline(steps, progress: .none).run(&done)
            Issue.record("the run went on")
        } catch {
            #expect(error.step == .writingSite)
            #expect(error.error == .diskFull(path: "index.html"))
        }
        #expect(done == ["read"])
    }
}
