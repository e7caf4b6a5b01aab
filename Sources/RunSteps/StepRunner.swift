/// A step's error, stamped with the step that threw it.
package struct StepFailure<Failure: Error>: Error {
    package let step: RunStep
    package let error: Failure
}

/// Runs a run's steps one after another, each a named body that returns its value to the next:
/// tells `progress` as each begins, times each (back to back, so the timings add up to the whole
/// run) and stamps the step's name on any error. The name is the step's only name: the progress
/// display's (`RunStep`), the `--json` timings' and the error context's (`StepFailure`).
/// A run reads as its list of steps, top to bottom, each handing the next what it made.
package struct StepRunner<Failure: Error> {
    private let progress: GenerationProgress
    private var clock = StepClock()

    package init(progress: GenerationProgress) { self.progress = progress }

    /// The finished steps' timings, in run order.
    package var timings: [StepTiming] { clock.timings }

    /// Runs the step `name`: `body`'s value, or its error stamped with `name`.
    package mutating func run<Value>(_ name: RunStep, _ body: () throws(Failure) -> Value) throws(StepFailure<Failure>) -> Value {
        progress.began(name)
        let value: Value
        do { value = try body() } catch { throw StepFailure(step: name, error: error) }
        clock.finish(name.rawValue)
        return value
    }
}
