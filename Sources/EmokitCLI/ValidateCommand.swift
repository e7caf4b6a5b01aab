import EmoticonPacks
import Foundation
import Pipeline
import Settings

/// `emokit validate <pack>...`: the generator's checks, and the linter's, without writing.
enum ValidateCommand {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check emoticon packs the way generate does, plus lint, without writing anything.",
        positionalName: "pack", positionalHelp: "A pack folder (Emoji.plist or info.plist) or a folder of packs.",
        minimumPositionals: 1,
        options: SettingsTable.flags.filter(\.validates).map(OptionSpec.init)
            + [.flag("quiet", short: "q", help: "Print only errors and warnings.")],
        discussion: """
            Reports everything generate would refuse or warn about (missing or unreadable images,
            repeated chs, unknown keys, emoji without a glyph, images enlarged for the largest scale),
            and also: PNG files in a pack folder that no entry names (other than delete.png and icon.png),
            images more than 1.5 times as long as they are wide (or wide as long), and @2x/@3x files whose
            size is not 2x/3x the base file's. Each line names the file, the entry and the key.
            On a folder no layout reads, it lists each layout it tried and why each did not fit.

            Exit status: 0 no problems (warnings may be printed), 1 problems found (with --strict,
            warnings count), 2 usage error.
            """,
        positionalsFrom: ["config"])

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        let options: GeneratorOptions
        switch try GenerateCommand.resolveOptions(arguments, console: console) {
        case .options(let resolved): options = resolved
        case .refused(let status): return status
        }
        let printer = DiagnosticPrinter(console, inputs: options.inputs)
        do {
            let lint = try Generator(options: options).lint()
            // One diagnostic made and printed at a time (the same lines, in the same order, as
            // `lint.diagnostics`): a pack of 121,328 enlarged entries once held every line at once.
            for warning in lint.warnings { printer.print(warning.diagnostic(as: .warning)) }
            if !arguments.has("quiet") { for note in lint.plan.notes { printer.print(note.diagnostic) } }
            if !arguments.has("quiet") {
                let entries = lint.plan.packs.reduce(0) { $0 + $1.entries.count }
                let count = GenerateCommand.count
                let strict = options.strict ? " with --strict" : ""
                console.out("emokit: \(count(lint.plan.packs.count, "tab")), \(count(entries, "emoticon")) checked\(strict): no errors, \(count(lint.warnings.count, "warning"))")
            }
            return .success
        } catch {
            let diagnostics = error.diagnostics
            printer.print(diagnostics, notes: !arguments.has("quiet"))
            // The run's last line says how it ended, as when all is well (`--quiet` leaves it out).
            if !arguments.has("quiet") {
                let count = GenerateCommand.count
                let errors = diagnostics.filter { $0.severity == .error }.count
                let warnings = diagnostics.filter { $0.severity == .warning }.count
                let strict = options.strict ? " (--strict makes warnings errors)" : ""
                console.out("emokit: checked: \(count(errors, "error")), \(count(warnings, "warning"))\(strict)")
            }
            return .inputError
        }
    }
}
