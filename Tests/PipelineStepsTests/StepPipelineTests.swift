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

    @Test func stepsRunInOrderNamedOnce() throws {
        let log = Log()
        let steps: [PipelineStep<[String], GenerationError>] = [
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
        let steps: [PipelineStep<[String], GenerationError>] = [
            .step(.readingPacks) { $0.append("read") },
            .step(.writingSite) { _ throws(GenerationError) in throw .output(path: "index.html", reason: "disk full") },
            .step(.sealing) { $0.append("seal") },
        ]
        var done: [String] = []
        do {
            _ = try StepPipeline(steps, progress: .none).run(&done)
            Issue.record("the run went on")
        } catch {
            #expect(error.step == .writingSite)
            #expect(error.error.diagnostics.filter { $0.severity == .error }.map(\.description) == ["index.html: disk full"])
        }
        #expect(done == ["read"])
    }
}
