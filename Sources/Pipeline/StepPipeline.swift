/// One step of a run, in the one shape every step has: a name and a body that works on the run's
/// context. The name is the step's only name: the progress display's (`GenerationStep`), the
/// `--json` timings' and the error context's (`StepFailure`).
struct PipelineStep<Context, Failure: Error> {
    let name: GenerationStep
    let body: (inout Context) throws(Failure) -> Void

    static func step(_ name: GenerationStep, _ body: @escaping (inout Context) throws(Failure) -> Void) -> Self {
        Self(name: name, body: body)
    }
}

/// A step's error, stamped with the step that threw it.
struct StepFailure<Failure: Error>: Error {
    let step: GenerationStep
    let error: Failure
}

/// Runs a list of steps in order: tells `progress` as each begins, times each (back to back, so
/// the timings add up to the whole run) and stamps the step's name on any error.
struct StepPipeline<Context, Failure: Error> {
    let steps: [PipelineStep<Context, Failure>]
    let progress: GenerationProgress

    init(_ steps: [PipelineStep<Context, Failure>], progress: GenerationProgress) {
        self.steps = steps
        self.progress = progress
    }

    /// The steps' timings, in run order.
    func run(_ context: inout Context) throws(StepFailure<Failure>) -> [StepTiming] {
        var clock = StepClock()
        for step in steps {
            progress.began(step.name)
            do { try step.body(&context) } catch { throw StepFailure(step: step.name, error: error) }
            clock.finish(step.name.rawValue)
        }
        return clock.timings
    }
}
