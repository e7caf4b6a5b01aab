// The steps' vocabulary (errors, progress, timings) is part of the pipeline's API: `Generator.run()`
// throws `GenerationError`, `GeneratorOptions.progress` is a `GenerationProgress`, the report's
// timings are `StepTiming`s. Re-exported so a caller (and every file here) imports `Pipeline` alone.
@_exported import PipelineSteps
// The settings files (`GeneratorOptions`, `GeneratorConfig`, `ConfigValues`) check an asset
// catalog's name with `AssetCatalogWriter`'s rules; they reach them through this re-export until
// they move to a module of their own.
@_exported import SiteOutputs
