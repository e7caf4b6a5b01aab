import Dispatch
import Synchronization

/// Runs independent jobs on a fixed number of threads and returns their results in job order.
///
/// Workers take the next job index from shared state guarded by a `Mutex` (the compiler checks
/// that nothing else is shared), so at most `workers` jobs are in memory at once. The first
/// error stops workers from taking new jobs and is thrown once all have returned.
package enum WorkQueue {
    private struct State<Result, Failure: Error> {
        package var next = 0
        package var results: [Result?]
        package var failure: Failure?
    }

    /// Shared by the workers of one `run`: a class only so the closures can hold the `Mutex`.
    private final class Shared<Result: Sendable, Failure: Error>: Sendable {
        package let state: Mutex<State<Result, Failure>>
        package init(count: Int) { state = Mutex(State(results: [Result?](repeating: nil, count: count))) }
    }

    /// `makeState` gives each worker its own scratch value (a cache), passed to every job it runs.
    package static func run<Job: Sendable, Result: Sendable, WorkerState, Failure: Error>(
        _ jobs: [Job], workers: Int, makeState: @Sendable () -> WorkerState,
        body: @Sendable (Job, inout WorkerState) throws(Failure) -> Result
    ) throws(Failure) -> [Result] {
        guard !jobs.isEmpty else { return [] }
        let shared = Shared<Result, Failure>(count: jobs.count)
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
                do throws(Failure) {
                    let result = try body(jobs[index], &scratch)
                    shared.state.withLock { $0.results[index] = result }
                } catch {
                    shared.state.withLock { state in if state.failure == nil { state.failure = error } }
                }
            }
        }
        return try shared.state.withLock { state throws(Failure) -> [Result] in
            if let failure = state.failure { throw failure }
            return state.results.map { $0! }
        }
    }
}
