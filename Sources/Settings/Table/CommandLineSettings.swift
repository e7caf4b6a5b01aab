import Foundation

/// The settings the command line gave, as the argument parser found them: each flag's last
/// text, and which on/off flags are present.
public struct GivenFlags: Sendable {
    /// Flag (without dashes) → its last value (`--widths 375 --widths 414` gives `414`).
    public var texts: [String: String]
    /// The flags present, with or without a value.
    public var present: Set<String>
    public var positionals: [String]

    public init(texts: [String: String], present: Set<String>, positionals: [String]) {
        self.texts = texts
        self.present = present
        self.positionals = positionals
    }

    func given(_ flag: String) -> Bool { present.contains(flag) || texts[flag] != nil }
}

extension SettingsTable {
    /// Pairs of flags that cannot be used together; the config file's keys of such a pair cannot
    /// both be set either.
    /// (A flag and its own `--no-` flag are refused by the argument parser.)
    public static let exclusive = [("emoji-font", "emoji-images"), ("strict", "lenient")]

    /// The options of a run: the defaults, then the config file (if any), then the flags, each
    /// read and written by its row, in the table's order (the order `--help` lists them), so the
    /// first refused value reported is the first in `--help`. A `--layout` flag goes before the
    /// config file, whose `grid` and `metrics` keys refine it. `cache` is where the page cache
    /// goes unless `--cache` or `--no-cache` says otherwise (the user's cache folder: only the
    /// command line knows it). The options are not checked as a whole: see `problem`.
    public static func options(
        _ flags: GivenFlags, config: GeneratorConfig?, cache: URL?
    ) throws(CommandLineSettingsError) -> GeneratorOptions {
        var options = GeneratorOptions(inputs: [], output: URL(fileURLWithPath: RunDefaults.output))
        options.publishing.cache = cache
        let given = self.flags.filter { $0.apply != nil && flags.given($0.flag ?? "") }
        for row in given where row.appliesFirst { try apply(row, flags, to: &options) }
        if let config {
            do {
                try config.apply(
                    to: &options, skipping: Set(given.filter(\.appliesFirst).compactMap(\.configKey)),
                    overridden: Set(given.compactMap(\.configKey) + given.compactMap { row in negated(row).flatMap(\.configKey) }), flagsFollow: true)
            } catch { throw .config(error) }
        }
        if !flags.positionals.isEmpty { options.inputs = flags.positionals.map { URL(fileURLWithPath: $0) } }
        for (first, second) in exclusive where flags.given(first) && flags.given(second) {
            throw .usage("'--\(first)' and '--\(second)' cannot be used together")
        }
        for row in given where !row.appliesFirst { try apply(row, flags, to: &options) }
        return options
    }

    /// The row a `--no-` flag turns off (`no-strict` → `strict`), or nil.
    private static func negated(_ row: Setting) -> Setting? {
        guard let flag = row.flag, flag.hasPrefix("no-") else { return nil }
        return self.row(flag: String(flag.dropFirst(3)))
    }

    /// Reads a flag's text by its row's type and writes it into `options`.
    private static func apply(_ row: Setting, _ flags: GivenFlags, to options: inout GeneratorOptions) throws(CommandLineSettingsError) {
        guard let flag = row.flag, let apply = row.apply else { return }
        let text = flags.texts[flag]
        let value: SettingValue
        do throws(FlagValueError) {
            switch (row.kind, row.type, text) {
            case (.flag, _, _), (.optionalValue, _, nil): value = .on(true)
            case (_, _, nil): return
            case (_, .wholeNumbers, let text?): value = .numbers(try row.wholeNumbers(text))
            case (_, .number, let text?), (_, .wholeNumber, let text?):
                if row.words.contains(text) {
                    value = .text(text)
                } else {
                    do { value = .number(try row.number(text)) } catch {
                        throw FlagValueError(description: error.description + row.words.map { ", or \($0)" }.joined())
                    }
                }
            case (_, .path, let text?): value = .path(URL(fileURLWithPath: text))
            case (_, .colour, let text?): value = .text(try row.colour(text))
            case (_, _, let text?): value = .text(text)
            }
            do { try apply(&options, value) } catch {
                // A word the row does not take: say so as the row's choices do, or with what it expects.
                if row.valueName?.contains("|") == true, case .text(let text) = value { _ = try row.choice(text) }
                throw FlagValueError(description: "The value '\(text ?? "")' is invalid for '\(row.usageText)': expected \(error.expected)")
            }
        } catch {
            throw .usage(error.description)
        }
    }
}

/// Why the command line's settings cannot make a run.
public enum CommandLineSettingsError: Error, Sendable {
    /// A flag's value or a pair of flags, as a usage message naming the flags.
    case usage(String)
    /// The config file, naming the file and key.
    case config(GeneratorConfig.Problem)
}
