import Dispatch
import Synchronization

/// Runs independent jobs on a fixed number of threads and returns their results in job order.
///
/// Workers take the next job index from shared state guarded by a `Mutex` (the compiler checks
/// that nothing else is shared), so at most `workers` jobs are in memory at once. The first
/// error stops workers from taking new jobs and is thrown once all have returned.
package enum WorkQueue {
    private struct State<Result> {
        package var next = 0
        package var results: [Result?]
        package var failure: GenerationError?
    }

    /// Shared by the workers of one `run`: a class only so the closures can hold the `Mutex`.
    private final class Shared<Result: Sendable>: Sendable {
        package let state: Mutex<State<Result>>
        package init(count: Int) { state = Mutex(State(results: [Result?](repeating: nil, count: count))) }
    }

    /// `makeState` gives each worker its own scratch value (a cache), passed to every job it runs.
    package static func run<Job: Sendable, Result: Sendable, WorkerState>(
        _ jobs: [Job], workers: Int, makeState: @Sendable () -> WorkerState,
        body: @Sendable (Job, inout WorkerState) throws(GenerationError) -> Result
    ) throws(GenerationError) -> [Result] {
        guard !jobs.isEmpty else { return [] }
        let shared = Shared<Result>(count: jobs.count)
        let threads = max(1, min(workers, jobs.count))
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            var scratch = makeState()
            while true {
                let index: Int? = shared.state.withLock { state in
                    guard state.failure == nil, state.next < jobs.count else { return nil }
                    state.next += 1
                    return state.next - 1
                }
                guard let index else { return }
                do throws(GenerationError) {
                    let result = try body(jobs[index], &scratch)
                    shared.state.withLock { $0.results[index] = result }
                } catch {
                    shared.state.withLock { state in if state.failure == nil { state.failure = error } }
                }
            }
        }
        return try shared.state.withLock { state throws(GenerationError) -> [Result] in
            if let failure = state.failure { throw failure }
            return state.results.map { $0! }
        }
    }
}
