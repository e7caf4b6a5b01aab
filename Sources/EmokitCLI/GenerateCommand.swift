import EmoticonPacks
import Foundation
import Imaging
import KeyboardLayout
import Pipeline
import Settings
import TextEscaping
import TextMatching

/// `emokit generate <pack or packs root>... --out DIR`: the main job.
enum GenerateCommand {
    static let spec = CommandSpec(
        name: "generate",
        abstract: "Generate sprite sheets, manifests and the HTML preview from emoticon packs.",
        positionalName: "pack", positionalHelp: "A pack folder (Emoji.plist or info.plist) or a folder of packs.",
        minimumPositionals: 1,
        options: SettingsTable.flags.map(OptionSpec.init),
        discussion: """
            Writes, inside the output folder: sheets/<tab>/page-NNN@Sx.png (one per page and scale, for
            every width; with --sheets per-width, sheets/<tab>/<width>/page-NNN@Sx.png), manifests/<width>.json
            (each lays the keyboard out at any width) and the preview, index.html. The output is built
            beside the folder and swapped in only when complete; a failed run leaves the previous output
            as it was.

            With --config, the packs may come from the config file instead of the command line, and flags
            override its keys: --no-xcassets, --no-web, --no-emoji-keyboard, --no-lenient and --no-strict
            turn off what it turns on, --preview and --no-preview override its "preview". With
            --emoji-keyboard, packs are optional: the emoji tabs come after any packs given.

            Exit status: 0 done (warnings may be printed), 1 an input was refused or the sheets are over
            --size-budget, 2 usage error, 3 the output could not be written (the previous output is left
            as it was).
            """,
        positionalsFrom: ["config", "emoji-keyboard"])

    static func run(_ arguments: ParsedArguments, console: Console, exitOnSignal: Bool = false) throws(UsageError) -> ExitCode {
        let options: GeneratorOptions
        switch try resolveOptions(arguments, console: console) {
        case .options(let resolved): options = resolved
        case .refused(let status): return status
        }
        var configured = options
        configured.exitOnSignal = exitOnSignal
        return execute(configured, quiet: arguments.has("quiet"), json: arguments.has("json"), console: console)
    }

    /// The config file (if any), then the flags, as `generate` and `validate` both read them; a
    /// refused config or value is reported here, once.
    enum ResolvedOptions { case options(GeneratorOptions), refused(ExitCode) }

    static func resolveOptions(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ResolvedOptions {
        var config: GeneratorConfig?
        if let path = arguments.value("config") {
            do { config = try GeneratorConfig.load(URL(fileURLWithPath: path)) } catch {
                DiagnosticPrinter(console).error("config", error.description)
                return .refused(.inputError)
            }
        }
        do { return .options(try makeOptions(arguments, config: config)) } catch let problem as GeneratorConfig.Problem {
            DiagnosticPrinter(console).error("config", problem.description)
            return .refused(problem.isUsage ? .usage : .inputError)
        } catch let usage as UsageError {
            throw usage
        } catch {
            throw UsageError(message: "\(error)")
        }
    }

    /// `emokit` with no arguments: the sample packs into ./emokit-output.
    static func runDefault(console: Console, exitOnSignal: Bool = false) -> ExitCode {
        var options = GeneratorOptions(inputs: [EmokitResources.samplePacks], output: URL(fileURLWithPath: "emokit-output"))
        options.exitOnSignal = exitOnSignal
        options.publishing.cache = CLI.userCache
        return execute(options, quiet: false, console: console)
    }

    static func execute(_ options: GeneratorOptions, quiet: Bool, json: Bool = false, console: Console) -> ExitCode {
        let printer = DiagnosticPrinter(console, inputs: options.inputs)
        do {
            // The progress bar (a terminal only, not --quiet) is erased before anything is printed.
            let report = try ProgressBar.showing(on: console, when: !quiet) { progress throws(GenerationError) in
                var observed = options
                observed.progress = GenerationProgress { event in
                    progress.report(event)
                    if case .stopping(let why) = event { printer.stopped(why) }
                }
                return try Generator(options: observed).run()
            }
            printer.print(report.warnings)
            if json {
                printer.print(report.notes, notes: !quiet)
                console.out(GenerateSummary(report: report, shard: options.publishing.shard, budget: options.publishing.sizeBudget, printer: printer).jsonText())
            } else if !quiet {
                printer.print(report.notes)
                for line in summaryLines(report, shard: options.publishing.shard) { console.out(line) }
                if options.publishing.shard == nil { for line in ShippedSizesSummary.lines(report.sizes, budget: options.publishing.sizeBudget) { console.out(line) } }
                if let keyboard = report.emojiKeyboard { for line in EmojiKeyboardSummary.lines(keyboard) { console.out(line) } }
                if options.writePreview && options.publishing.shard == nil { console.out("Preview: open \(report.output.appendingPathComponent("index.html").path)") }
                if let archive = options.publishing.archive { console.out("Archive: \(archive.path)") }
                if let cache = options.publishing.cache {
                    let repaired = report.pages.repaired > 0 ? " (\(report.pages.repaired) damaged cache entries replaced)" : ""
                    console.out("Pages: \(report.pages.rendered) rendered, \(report.pages.reused) reused from the cache in \(cache.path)\(repaired)")
                }
                if let shard = options.publishing.shard {
                    console.out("Shard \(shard) of the tabs: join all \(shard.count) with 'emokit merge OUT SHARD_DIR...' to complete the site")
                }
            }
            return .success
        } catch {
            printer.print(error.diagnostics)
            if json { console.out(GenerateSummary(failure: error, output: options.output, printer: printer).jsonText()) }
            return error.isOutputFailure ? .outputError : .inputError
        }
    }

    /// Defaults, then the config file, then the flags (`SettingsTable.options`), then the checks
    /// of the options as a whole.
    static func makeOptions(_ arguments: ParsedArguments, config: GeneratorConfig?) throws -> GeneratorOptions {
        let given = GivenFlags(texts: arguments.values.compactMapValues(\.last), present: arguments.flags, positionals: arguments.positionals)
        let options: GeneratorOptions
        do { options = try SettingsTable.options(given, config: config, cache: CLI.userCache) } catch {
            switch error {
            case .usage(let message): throw UsageError(message: message)
            case .config(let problem): throw problem
            }
        }
        if options.inputs.isEmpty && !options.emojiKeyboard { throw UsageError(message: "Missing expected argument '<pack> ...'") }
        if let problem = options.publishing.problem(output: options.output, inputs: options.inputs) ?? options.problem {
            // A problem the config has on its own, which no flag mended, names the config file.
            if let config, let alone = config.problemAlone, DiagnosticPrinter.text(alone) == DiagnosticPrinter.text(problem) {
                throw GeneratorConfig.Problem(description: "\(config.path): \(DiagnosticPrinter.text(problem))", isUsage: true)
            }
            throw UsageError(message: DiagnosticPrinter.text(problem))
        }
        return options
    }

    /// The summary's first line and a line per tab. A shard speaks of its own share: the tabs and
    /// pages it rendered, of all (the other tabs are other shards' work, and `merge` joins them).
    static func summaryLines(_ report: Generator.Report, shard: ShardSpec?) -> [String] {
        let allPages = report.tabs.reduce(0) { $0 + $1.pages }
        let sheets = "\(count(report.sheetCount, "sheet")) (\(formatBytes(report.sheetBytes))) in \(report.output.path)"
        let shown: [Int]
        var lines: [String]
        if let shard, let own = report.shardTabs {
            let pages = own.reduce(0) { $0 + report.tabs[$1].pages }
            lines = ["emokit: shard \(shard): \(own.count) of \(count(report.tabs.count, "tab")), \(pages) of \(count(allPages, "page")), \(sheets)"]
            shown = own
        } else {
            lines = ["emokit: \(count(report.tabs.count, "tab")), \(count(allPages, "page")), \(sheets)"]
            shown = Array(report.tabs.indices)
        }
        for tab in shown.map({ report.tabs[$0] }) {
            lines.append("  \(tab.id == tab.title ? tab.id : "\(tab.id)  \(tab.title)"): \(count(tab.entries, "emoticon")), \(count(tab.pages, "page"))")
        }
        // Titles (and the output path) come from packs and users: escaped for the terminal.
        return lines.map(Escape.terminal)
    }

    /// "1 tab", "3 tabs": the summary reads as a sentence.
    static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

    static func formatBytes(_ bytes: Int) -> String {
        bytes >= 1_048_576 ? String(format: "%.1f MB", Double(bytes) / 1_048_576) : String(format: "%.0f KB", Double(bytes) / 1024)
    }
}
