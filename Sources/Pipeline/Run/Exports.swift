// The steps' vocabulary (errors, progress, timings) and the options are part of the pipeline's API:
// `Generator.run()` throws `GenerationError`, takes `GeneratorOptions` (in `Settings`, with the
// config file and the settings table), whose `progress` is a `GenerationProgress`; the report's
// timings are `StepTiming`s. Re-exported so a caller imports `Pipeline` alone.
@_exported import RunSteps
@_exported import Settings
