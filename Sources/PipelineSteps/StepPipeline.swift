/// One step of a run, in the one shape every step has: a name and a body that works on the run's
/// context. The name is the step's only name: the progress display's (`GenerationStep`), the
/// `--json` timings' and the error context's (`StepFailure`).
package struct PipelineStep<Context, Failure: Error> {
    package let name: GenerationStep
    package let body: (inout Context) throws(Failure) -> Void

    package static func step(_ name: GenerationStep, _ body: @escaping (inout Context) throws(Failure) -> Void) -> Self {
        Self(name: name, body: body)
    }
}

/// A step's error, stamped with the step that threw it.
package struct StepFailure<Failure: Error>: Error {
    package let step: GenerationStep
    package let error: Failure
}

/// Runs a list of steps in order: tells `progress` as each begins, times each (back to back, so
/// the timings add up to the whole run) and stamps the step's name on any error.
package struct StepPipeline<Context, Failure: Error> {
    package let steps: [PipelineStep<Context, Failure>]
    package let progress: GenerationProgress

    package init(_ steps: [PipelineStep<Context, Failure>], progress: GenerationProgress) {
        self.steps = steps
        self.progress = progress
    }

    /// The steps' timings, in run order.
    package func run(_ context: inout Context) throws(StepFailure<Failure>) -> [StepTiming] {
        var clock = StepClock()
        for step in steps {
            progress.began(step.name)
            do { try step.body(&context) } catch { throw StepFailure(step: step.name, error: error) }
            clock.finish(step.name.rawValue)
        }
        return clock.timings
    }
}
