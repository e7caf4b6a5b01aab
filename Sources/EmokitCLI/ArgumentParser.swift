import EmoticonPacks
import Settings
import TextMatching

/// A small argument parser: one table of options per command drives parsing, `--help` and the
/// error text (the wording follows swift-argument-parser, which users already know).
struct OptionSpec: Sendable {
    /// `optionalValue`: `--xcassets` alone or `--xcassets=NAME` (a separate word is never taken as
    /// its value, since it could be a pack).
    enum Kind: Sendable { case flag, value(String), repeatedValue(String), optionalValue(String) }
    let name: String  // long name without dashes
    let short: Character?
    let kind: Kind
    let help: String

    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .flag, help: help)
    }
    static func value(_ name: String, _ valueName: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .value(valueName), help: help)
    }
    static func optionalValue(_ name: String, _ valueName: String, help: String) -> OptionSpec {
        OptionSpec(name: name, short: nil, kind: .optionalValue(valueName), help: help)
    }

    var valueName: String? {
        switch kind {
        case .flag: return nil
        case .value(let v), .repeatedValue(let v), .optionalValue(let v): return v
        }
    }
    var usageText: String {
        if case .optionalValue(let v) = kind { return "--\(name)[=<\(v)>]" }
        return valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
    }
}

extension OptionSpec {
    /// The option of a row of the settings table: its flag, short name, value and help.
    init(_ setting: Setting) {
        let kind: Kind =
            switch setting.kind {
            case .flag: .flag
            case .value(let name): .value(name)
            case .optionalValue(let name): .optionalValue(name)
            }
        self.init(name: setting.flag ?? "", short: setting.short, kind: kind, help: setting.help)
    }

    /// The options of the settings table's rows with these flags, in the table's order.
    static func settings(_ flags: Set<String>) -> [OptionSpec] {
        SettingsTable.flags.filter { flags.contains($0.flag ?? "") }.map(OptionSpec.init)
    }
}

struct CommandSpec: Sendable {
    let name: String
    let abstract: String
    let positionalName: String?
    let positionalHelp: String
    let minimumPositionals: Int
    let options: [OptionSpec]
    let discussion: String
    /// Options that can stand in for the positionals (`generate --config` names its packs,
    /// `generate --emoji-keyboard` needs none).
    var positionalsFrom: [String] = []
    /// At most one positional (`init <folder>`): a second is a usage error, and the usage line has no `...`.
    var singlePositional = false

    static let helpOption = OptionSpec.flag("help", short: "h", help: "Show help information.")
    var allOptions: [OptionSpec] { options + [Self.helpOption] }

    /// `<pack> ...`, `<folder>` or `[<pack> ...]`; nil for a command without positionals.
    var positionalUsage: String? {
        guard let positional = positionalName else { return nil }
        let many = singlePositional ? "" : " ..."
        return minimumPositionals > 0 ? "<\(positional)>\(many)" : "[<\(positional)>\(many)]"
    }

    var usageLine: String {
        var parts = ["emokit", name]
        if let positionalUsage { parts.append(positionalUsage) }
        parts += options.filter { $0.name != "help" }.map { "[\($0.usageText)]" }
        return parts.joined(separator: " ")
    }

    /// The usage line after a usage error: in full for a command with a few options, else the
    /// arguments and `[<options>]` (generate's fifty options would bury the error; `--help` lists them).
    var errorUsageLine: String {
        guard options.count > 6 else { return usageLine }
        return (["emokit", name] + (positionalUsage.map { [$0] } ?? []) + ["[<options>]"]).joined(separator: " ")
    }

    var helpText: String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usageLine)", ""]
        if let positional = positionalName {
            lines += ["ARGUMENTS:", "  <\(positional)>".padding(30) + positionalHelp, ""]
        }
        lines.append("OPTIONS:")
        for option in allOptions {
            var left = "  "
            if let short = option.short { left += "-\(short), " }
            left += option.usageText
            lines.append(left.padding(30) + option.help)
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n") + "\n"
    }
}

struct ParsedArguments: Sendable {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func has(_ name: String) -> Bool { flags.contains(name) }
}

/// Values of settings-table flags, read and checked by their rows (`SettingParsing`); nil when
/// the flag is not given. A refused value is a usage error with the row's message.
extension ParsedArguments {
    func number(_ flag: String) throws(UsageError) -> Double? { try read(flag) { (row, text) throws(FlagValueError) in try row.number(text) } }
    func wholeNumbers(_ flag: String) throws(UsageError) -> [Int]? { try read(flag) { (row, text) throws(FlagValueError) in try row.wholeNumbers(text) } }
    func choice(_ flag: String) throws(UsageError) -> String? { try read(flag) { (row, text) throws(FlagValueError) in try row.choice(text) } }
    func colour(_ flag: String) throws(UsageError) -> String? { try read(flag) { (row, text) throws(FlagValueError) in try row.colour(text) } }

    private func read<T>(_ flag: String, _ parse: (Setting, String) throws(FlagValueError) -> T) throws(UsageError) -> T? {
        guard let text = value(flag) else { return nil }
        do { return try parse(SettingsTable[flag], text) } catch { throw UsageError(message: error.description) }
    }
}

struct UsageError: Error, Sendable {
    let message: String
}

enum ArgumentParser {
    static func parse(_ arguments: [String], for command: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                // An empty argument ("$UNSET") would be read as the current folder.
                if argument.isEmpty { throw UsageError(message: "An argument is empty (an unset shell variable?)") }
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                let letter = argument.dropFirst()
                guard letter.count == 1, let option = command.allOptions.first(where: { $0.short == letter.first }) else {
                    // `-widths` for `--widths`: one dash is for one letter.
                    let long = letter.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                    let meant = letter.count > 1 ? NameSuggestion.likely(long, among: command.allOptions.map(\.name)) : nil
                    throw UsageError(message: "Unknown option '\(argument)'" + (meant.map { "\nHelp: Did you mean '--\($0)'?" } ?? ""))
                }
                name = option.name
            }
            guard let option = command.allOptions.first(where: { $0.name == name }) else {
                var message = "Unknown option '--\(name)'"
                if let suggestion = NameSuggestion.likely(name, among: command.allOptions.map(\.name)) {
                    message += "\nHelp: Did you mean '--\(suggestion)'?"
                } else if let owner = CLI.commands.first(where: { $0.name != command.name && $0.options.contains { $0.name == name } }) {
                    // `validate --out`, `generate --force`: the right option for another command.
                    message += "\nHelp: '--\(name)' is an option of 'emokit \(owner.name)'"
                }
                throw UsageError(message: message)
            }
            switch option.kind {
            case .flag:
                if inlineValue != nil { throw UsageError(message: "The flag '--\(name)' does not take a value") }
                parsed.flags.insert(name)
            case .optionalValue:
                // `--xcassets=A --xcassets=B` (or `--xcassets --xcassets=B`): which was meant?
                if parsed.flags.contains(name) {
                    throw UsageError(message: "The option '--\(name)' was given more than once; give it once")
                }
                parsed.flags.insert(name)
                if let inlineValue { parsed.values[name, default: []].append(inlineValue) }
            case .value, .repeatedValue:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError(message: "Missing value for '\(option.usageText)'")
                }
                // An empty value (`--cache "$UNSET"`) would be the current folder for a path.
                if value.isEmpty { throw UsageError(message: "The value for '\(option.usageText)' is empty") }
                // A value given twice is ambiguous (which one did the user mean?): refuse it.
                if case .value = option.kind, let first = parsed.values[name]?.first {
                    throw UsageError(message: "The option '--\(name)' was given more than once ('\(first)' and '\(value)'); give it once")
                }
                parsed.values[name, default: []].append(value)
            }
        }
        if parsed.has("help") { return parsed }
        // `--no-web` turns off what a config file turns on; with `--web` as well, which was meant?
        for negation in parsed.flags.sorted() where negation.hasPrefix("no-") {
            let name = String(negation.dropFirst(3))
            if parsed.has(name) || parsed.values[name] != nil { throw UsageError(message: "'--\(name)' and '--\(negation)' cannot be used together") }
        }
        let supplied = command.positionalsFrom.contains { parsed.values[$0] != nil || parsed.has($0) }
        if !supplied, parsed.positionals.count < command.minimumPositionals, let positional = command.positionalName {
            throw UsageError(message: "Missing expected argument '<\(positional)>\(command.singlePositional ? "" : " ...")'")
        }
        if command.singlePositional, let extra = parsed.positionals.dropFirst().first {
            throw UsageError(message: "Unexpected argument '\(extra)' (one <\(command.positionalName ?? "argument")> at a time)")
        }
        if command.positionalName == nil, let extra = parsed.positionals.first {
            throw UsageError(message: "Unexpected argument '\(extra)'")
        }
        return parsed
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + "  " : self + String(repeating: " ", count: width - count)
    }
}
