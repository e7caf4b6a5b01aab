import Foundation
import Pipeline

/// `emokit merge OUT SHARD_DIR...`: joins the outputs of `generate --shard K/N` into one site.
enum MergeCommand {
    static let spec = CommandSpec(
        name: "merge",
        abstract: "Join the outputs of 'generate --shard K/N' runs into the site a single run writes.",
        positionalName: "out> <shard", positionalHelp: "The output folder, then every shard's output folder (in any order).",
        minimumPositionals: 2,
        options: [
            .value("archive", "file.tar.gz", help: "Also write the merged site as a reproducible .tar.gz there (outside the output folder)."),
            .flag("quiet", short: "q", help: "Print only errors (no progress line)."),
        ],
        discussion: """
            Every shard of one run must be given once: a missing, repeated or foreign shard (other flags,
            packs or emokit version) is an error naming it, and so is a shard file that does not match the
            shard's SHA256SUMS. The merged manifests, sheets, preview and SHA256SUMS are byte-identical to
            what 'emokit generate' without --shard writes. OUT is built beside itself and swapped in whole.

            A shard is checked before anything of it is used: its record must be one emokit writes (every
            path, name and count in range, the tabs shared as emokit shares them), and only the files the
            record implies are taken. The output may be none of the shards, nor inside one. SIGINT or
            SIGTERM stops the merge as it stops 'generate': the previous output and archive are unchanged.

            Exit status: 0 done, 1 a shard was refused, 2 usage error, 3 the output could not be written,
            130/143 stopped by SIGINT/SIGTERM.
            """)

    static func run(_ arguments: ParsedArguments, console: Console, exitOnSignal: Bool = false) throws(UsageError) -> ExitCode {
        let output = URL(fileURLWithPath: arguments.positionals[0])
        let shards = arguments.positionals.dropFirst().map { URL(fileURLWithPath: $0) }
        let archive = arguments.value("archive").map { URL(fileURLWithPath: $0) }
        if let archive, let problem = PublishingOptions.archiveProblem(archive, output: output, inputs: Array(shards)) {
            throw UsageError(message: DiagnosticPrinter.text(problem))
        }
        let printer = DiagnosticPrinter(console)
        do {
            var merge = ShardMerge(output: output, shards: Array(shards), archive: archive)
            merge.exitOnSignal = exitOnSignal
            let report = try ProgressBar.showing(on: console, when: !arguments.has("quiet")) { progress throws(MergeError) in
                // A signal's stop is said as `generate` says it (`emokit: stopped by SIGINT; …`).
                merge.progress = GenerationProgress { event in
                    progress.report(event)
                    if case .stopping(let why) = event { printer.stopped(why) }
                }
                return try merge.run()
            }
            if !arguments.has("quiet") {
                printer.print(report.notes)
                let count = GenerateCommand.count
                console.out("emokit: merged \(count(report.shards, "shard")) (\(count(report.tabs, "tab")), \(count(siteFiles(report.output) ?? report.files, "file"))) into \(report.output.path)")
                if report.wrotePreview { console.out("Preview: open \(report.output.appendingPathComponent("index.html").path)") }
                if let archive { console.out("Archive: \(archive.path)") }
            }
            return .success
        } catch {
            guard case .output(let failure) = error else {
                printer.print(error.diagnostics)
                return .inputError
            }
            printer.print(failure.diagnostics)
            return failure.isOutputFailure ? .outputError : .inputError
        }
    }

    /// How many files the merged site holds (sheets, manifests, preview, SHA256SUMS), counted in
    /// the folder just swapped in: the shards' copied files are only part of it. Nil when it
    /// cannot be listed (then the copied files are counted).
    static func siteFiles(_ output: URL) -> Int? {
        guard let walker = FileManager.default.enumerator(at: output, includingPropertiesForKeys: [.isRegularFileKey]) else { return nil }
        var count = 0
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { count += 1 }
        return count
    }
}
