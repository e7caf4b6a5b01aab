import Foundation

/// One row of the settings table (`SettingsTable.rows`): everything emokit knows about one option, so
/// that the command line, `--help`, shell completions, the config file's keys, the starter
/// config and `Documentation/Options.md` are all read from the same declaration and cannot
/// disagree. A row has a flag, a config key, or both.
public struct Setting: Sendable {
    /// How the flag takes its value on the command line.
    public enum Kind: Sendable, Equatable {
        /// `--web`: present or not.
        case flag
        /// `--widths <list>`: the value is the next word or follows `=`.
        case value(String)
        /// `--xcassets[=<name>]`: alone, or with a value after `=` (never the next word, which
        /// could be a pack).
        case optionalValue(String)
    }

    /// What the value is, as `Documentation/Options.md` names it.
    public enum ValueType: String, Sendable {
        case onOff = "true/false"
        case wholeNumber = "whole number"
        case number = "number"
        case wholeNumbers = "whole numbers"
        case word = "word"
        case path = "path"
        case paths = "paths"
        case text = "text"
        case colour = "colour"
        case object = "object"
        case objects = "object of objects"
    }

    /// The long flag without dashes (`row-height`); nil for a config-only key.
    public let flag: String?
    public let short: Character?
    public let kind: Kind
    /// The config file's key, nested with dots (`grid.rowHeight`, `colors.dark.pageDot`); nil
    /// for a flag the config file has no key for (`--jobs`, `--no-web`).
    public let configKey: String?
    public let type: ValueType
    /// The allowed numbers; the help text's `{range}` is its bounds.
    public let range: NumberRange?
    /// The default as `--help` shows it; the help text's `{default}`.
    public let defaultText: String?
    /// The default as JSON, for rows that `emokit init` writes into the starter config.
    public let starterJSON: String?
    /// A value that shows the form (`375,414`), for the message refusing a list.
    public let example: String?
    /// Whether `validate` takes the flag too: it changes what is checked (the grid sets the icon
    /// box, the limits refuse images).
    public let validates: Bool
    /// The help text with `{range}` and `{default}` where the row's own values go: a range or
    /// default is never typed twice.
    public let template: String
    /// Words a number row takes besides numbers (`max` for `--compression`).
    public let words: [String]
    /// Where the value goes in the options; nil for a flag only the command line reads
    /// (`--config`, `--quiet`, `--json`).
    public let apply: Apply?
    /// Applied before the config file, so the config's keys refine it (`--layout` chooses the
    /// keyboard that the config's `grid` and `metrics` adjust).
    public let appliesFirst: Bool
    /// A comma-separated list whose `@FILE` items name files (`--emoji-exclude`): in a config
    /// file those paths start from the config file's folder, as every other path in it does.
    public let atFileItems: Bool

    public init(
        flag: String?, short: Character? = nil, kind: Kind = .flag, configKey: String? = nil, type: ValueType,
        range: NumberRange? = nil, defaultText: String? = nil, starterJSON: String? = nil, example: String? = nil, validates: Bool = false,
        words: [String] = [], appliesFirst: Bool = false, atFileItems: Bool = false, help template: String, apply: Apply?
    ) {
        self.flag = flag
        self.short = short
        self.kind = kind
        self.configKey = configKey
        self.type = type
        self.range = range
        self.defaultText = defaultText
        self.starterJSON = starterJSON
        self.example = example
        self.validates = validates
        self.template = template
        self.words = words
        self.appliesFirst = appliesFirst
        self.atFileItems = atFileItems
        self.apply = apply
    }

    /// The help text, with the row's range bounds and default in place.
    public var help: String {
        template.replacingOccurrences(of: "{range}", with: range?.bounds ?? "{range}")
            .replacingOccurrences(of: "{default}", with: defaultText ?? "{default}")
    }

    /// `row-height` → `pt`: the word that stands for the value in usage lines, or nil for a flag.
    public var valueName: String? {
        switch kind {
        case .flag: return nil
        case .value(let name), .optionalValue(let name): return name
        }
    }

    /// `--widths <list>`, `--xcassets[=<name>]`, `--web`: the option as usage lines show it.
    public var usageText: String {
        guard let flag else { return "" }
        if case .optionalValue(let name) = kind { return "--\(flag)[=<\(name)>]" }
        return valueName.map { "--\(flag) <\($0)>" } ?? "--\(flag)"
    }
}

extension Setting {
    /// A flag that takes a value (`--columns <n>`).
    static func value(
        _ flag: String, _ valueName: String, short: Character? = nil, key: String? = nil, type: ValueType, range: NumberRange? = nil,
        default defaultText: String? = nil, starter: String? = nil, example: String? = nil, validates: Bool = false,
        words: [String] = [], appliesFirst: Bool = false, atFileItems: Bool = false, help: String, apply: Apply?
    ) -> Setting {
        Setting(
            flag: flag, short: short, kind: .value(valueName), configKey: key, type: type, range: range, defaultText: defaultText,
            starterJSON: starter, example: example, validates: validates, words: words, appliesFirst: appliesFirst,
            atFileItems: atFileItems, help: help, apply: apply)
    }

    /// An on/off flag (`--web`), with the config key it overrides, if any.
    static func onOff(
        _ flag: String, short: Character? = nil, key: String? = nil, starter: String? = nil, validates: Bool = false, help: String,
        apply: Apply?
    ) -> Setting {
        Setting(
            flag: flag, short: short, configKey: key, type: .onOff, starterJSON: starter, validates: validates, help: help,
            apply: apply)
    }

    /// A key only the config file has (`grid.insets.top`).
    /// Its numbers are lengths in points (insets, spacing, where the parts sit), 0 to 2000.
    static func configOnly(_ key: String, type: ValueType, starter: String? = nil, help: String, apply: @escaping Apply) -> Setting {
        Setting(
            flag: nil, configKey: key, type: type, range: type == .number ? OptionRanges.length(key) : nil, starterJSON: starter,
            help: help, apply: apply)
    }
}

extension Setting {
    /// An output written beside the sheets, asked for by a typed request in the options'
    /// `outputs` (`request` sets it, nil turns it off), and the `--no-` flag that turns off what
    /// a config file turns on: on/off (`--web`), or with a value after `=` (`--xcassets[=<name>]`,
    /// `defaultValue` when none is given; `check` refuses a value no output can take). Which
    /// writer serves the request is not the table's business: it is registered where the run is
    /// assembled (`OutputWriters`, in `Pipeline`).
    static func output(
        _ flag: String, request: @escaping @Sendable (inout OutputRequests, String?) -> Void, valueName: String? = nil, default defaultValue: String? = nil,
        key: String, help: String, offHelp: String, check: (@Sendable (String) -> RowRefusal?)? = nil
    ) -> [Setting] {
        let on = Setting(
            flag: flag, kind: valueName.map(Kind.optionalValue) ?? .flag, configKey: key, type: valueName == nil ? .onOff : .text,
            defaultText: defaultValue, starterJSON: "false", help: help,
            apply: { (options, value) throws(RowRefusal) in
                switch value {
                case .on(let on): request(&options.outputs, on ? (defaultValue ?? "") : nil)
                case .text(let text):
                    if let problem = check?(text) { throw problem }
                    request(&options.outputs, text)
                default: preconditionFailure("an output takes on/off or a name")
                }
            })
        let off = Setting.onOff("no-\(flag)", help: offHelp, apply: { options, _ in request(&options.outputs, nil) })
        return [on, off]
    }
}
