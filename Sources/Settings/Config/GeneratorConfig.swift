import Diagnostics
import FileAccess
import Foundation
import TextMatching

/// A JSON config file (`emokit generate --config emokit.json`) for builds that run emokit the
/// same way every time. Every key is optional; command-line flags override it. Paths are
/// relative to the config file's folder. Unknown keys are errors (a typo must not be ignored).
/// Its keys are the config keys of `SettingsTable.rows`, and each value is read and applied by
/// its row, as the row's flag is (Documentation/ConfigFile.md lists them).
///
/// ```json
/// { "packs": ["Packs"], "out": "build/emoticons", "widths": [375, 414], "scales": [2, 3],
///   "layout": "classic",
///   "grid": { "columns": 8, "rows": 4, "rowHeight": 50, "iconSize": 32,
///             "insets": { "top": 0, "left": 0, "bottom": 0, "right": 0 },
///             "columnSpacing": 0, "rowSpacing": 0, "snapToPixels": false },
///   "metrics": { "toolbarHeight": 50, "pageControlHeight": 30, "tabBarHeight": 37,
///                "gridTop": 0, "pageControlTop": 200, "keyboardHeight": 267 },
///   "colors": { "background": "#F4F4F6", "pageDot": "#CECECE", "dark": { "background": "#1C1C1E" } },
///   "locale": "cn", "deleteIcon": "icons/delete.png", "emojiFont": "/path/NotoColorEmoji.ttf",
///   "missingGlyph": "fail", "lenient": false, "maxPlistSizeMB": 10, "compression": 6,
///   "preview": true, "xcassets": "Emoticons", "web": false, "emojiKeyboard": true }
/// ```
public struct GeneratorConfig: Sendable {
    /// The values the file sets, by config key (`grid.columns`); `null` sets nothing.
    let values: [String: JSONValue]
    /// The folder the config's relative paths start from.
    public let base: URL
    public let path: String

    public struct Problem: Error, CustomStringConvertible, Sendable {
        public let description: String
        /// A value out of its documented range, or two keys that cannot go together: a usage
        /// error (exit 2), like the same flags.
        public var isUsage = false

        public init(description: String, isUsage: Bool = false) {
            self.description = description
            self.isUsage = isUsage
        }
    }

    public static func load(_ url: URL) throws(Problem) -> GeneratorConfig {
        let path = url.path
        let data: Data
        do { data = try RegularFile.read(url, maxBytes: 1_048_576) } catch {
            throw Problem(description: "\(path): cannot read the config (\(error.description))")
        }
        if let mistake = JSONSyntax.firstMistake(in: [UInt8](data)) {
            throw Problem(description: "\(path):\(mistake.line):\(mistake.column): not valid JSON: \(mistake.message)")
        }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw Problem(description: "\(path): not valid JSON (\((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"))")
        }
        guard case .object(let root) = JSONValue(object) else { throw Problem(description: "\(path): expected a JSON object at the top level") }
        var values: [String: JSONValue] = [:]
        try collect(root, prefix: "", into: &values, path: path)
        return GeneratorConfig(values: values, base: url.deletingLastPathComponent(), path: path)
    }

    /// The values of `object` by their keys below `prefix`: a row's key is a value, a key the
    /// rows nest under (`grid`) an object to look into, any other key a mistake.
    private static func collect(_ object: [String: JSONValue], prefix: String, into values: inout [String: JSONValue], path: String) throws(Problem) {
        let allowed = SettingsTable.configObjects[prefix] ?? []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            let full = prefix.isEmpty ? key : "\(prefix).\(key)"
            guard allowed.contains(key) else {
                let near = NameSuggestion.closest(to: key, among: allowed, ignoringCase: true)
                let shownPrefix = prefix.isEmpty ? "" : "\(prefix)."
                throw Problem(description: "\(path): unknown key '\(full)'" + (near.map { " (did you mean '\(shownPrefix)\($0)'?)" } ?? ""))
            }
            if SettingsTable.configObjects[full] != nil {
                if case .null = value { continue }
                guard case .object(let nested) = value else { throw Problem(description: "\(path): key '\(full)': expected an object") }
                try collect(nested, prefix: full, into: &values, path: path)
            } else if value != .null {
                values[full] = value
            }
        }
    }

    /// Applies every key the config sets, in the table's order, each checked and written by its
    /// row as its flag is; `skipping` are the rows whose flags are given and applied already
    /// (`--layout`, which the config's `grid` and `metrics` keys then refine). `overridden` are
    /// the keys whose flags are given: a pair of keys that cannot go together is no mistake when
    /// a flag decides. With `flagsFollow`, the options as a whole are checked after the flags
    /// (a flag may mend what the config alone could not run with), not here.
    public func apply(
        to options: inout GeneratorOptions, skipping: Set<String> = [], overridden: Set<String> = [], flagsFollow: Bool = false
    ) throws(Problem) {
        var set: Set<String> = []
        for row in SettingsTable.rows {
            guard let key = row.configKey, let json = values[key], let apply = row.apply, !skipping.contains(key) else { continue }
            let value = try read(json, for: row, key: key)
            do { try apply(&options, value) } catch {
                let given = if case .text(let text) = value { ", not \(Diagnostic.Message.quote(text))" } else { "" }
                let shown = error.at.map { "\(key).\($0)" } ?? key
                throw Problem(description: "\(path): key '\(shown)': expected \(error.expected)\(error.at == nil ? given : "")")
            }
            if value != .on(false) { set.insert(key) }
        }
        for (first, second) in SettingsTable.exclusive.compactMap({ pair in
            SettingsTable.rows.first { $0.flag == pair.0 }?.configKey.flatMap { a in SettingsTable.rows.first { $0.flag == pair.1 }?.configKey.map { (a, $0) } }
        }) where set.contains(first) && set.contains(second) && overridden.isDisjoint(with: [first, second]) {
            throw Problem(description: "\(path): keys '\(first)' and '\(second)' cannot both be set", isUsage: true)
        }
        if flagsFollow { return }
        var probe = options
        if probe.inputs.isEmpty { probe.inputs = [base] }  // packs may come from the command line
        if let problem = probe.problem { throw Problem(description: "\(path): \(problem.text(namingSettings: { "--" + $0 }))", isUsage: true) }
    }

    /// Why the options this config makes on its own (from the defaults, without flags) cannot run,
    /// or nil: when the flags leave the same problem, it is the config's to fix, and named so.
    public var problemAlone: Diagnostic.Message? {
        var options = GeneratorOptions(inputs: [base], output: URL(fileURLWithPath: RunDefaults.output))
        guard (try? apply(to: &options, flagsFollow: true)) != nil else { return nil }
        return options.problem
    }

    /// A JSON value as the row's type takes it; a number outside the row's range is a usage error.
    private func read(_ json: JSONValue, for row: Setting, key: String) throws(Problem) -> SettingValue {
        func expected(_ what: String) -> Problem { Problem(description: "\(path): key '\(key)': expected \(what)") }
        func inRange(_ number: Double) throws(Problem) -> Double {
            guard let range = row.range, !range.contains(number) else { return number }
            throw Problem(
                description: "\(path): key '\(key)': \(OptionRanges.number(number)) is out of range; expected \(range.whole ? "a whole number" : "a number") from \(range.text)",
                isUsage: true)
        }
        if case .optionalValue(let name) = row.kind {
            switch json {
            case .bool(let on): return .on(on)
            case .string(let text): return .text(text)
            default: throw expected("true, false or a \(name) such as \"\(row.defaultText ?? "")\"")
            }
        }
        switch (row.type, json) {
        case (.onOff, .bool(let on)): return .on(on)
        case (.onOff, _): throw expected("true or false")
        case (.number, .number(let number)), (.wholeNumber, .number(let number)): return .number(try inRange(number))
        case (.number, .string(let word)) where row.words.contains(word), (.wholeNumber, .string(let word)) where row.words.contains(word): return .text(word)
        case (.number, _), (.wholeNumber, _):
            let kind = row.type == .number ? "a number" : "a whole number"
            let given = if case .string(let word) = json { ", not \(Diagnostic.Message.quote(word))" } else { "" }
            let words = row.words.map { " or \"\($0)\"" }.joined()
            throw expected(row.words.isEmpty ? kind : "\(kind) from \(row.range?.text ?? "")\(words)\(given)")
        case (.wholeNumbers, .array(let items)):
            var numbers: [Int] = []
            for (index, item) in items.enumerated() {
                guard case .number(let number) = item else { throw Problem(description: "\(path): key '\(key)[\(index)]': expected a whole number") }
                numbers.append(Int(try inRange(number)))
            }
            return .numbers(numbers)
        case (.wholeNumbers, _): throw expected("an array of whole numbers")
        case (.paths, .array(let items)):
            var urls: [URL] = []
            for (index, item) in items.enumerated() {
                guard case .string(let text) = item, Self.isPath(text) else { throw Problem(description: "\(path): key '\(key)[\(index)]': expected a path") }
                urls.append(resolve(text))
            }
            return .paths(urls)
        case (.paths, _): throw expected("an array of strings")
        case (.object, .object(let object)):
            var texts: [String: String] = [:]
            for (name, item) in object.sorted(by: { $0.key < $1.key }) {
                guard case .string(let text) = item else { throw Problem(description: "\(path): key '\(key).\(name)': expected a string") }
                texts[name] = text
            }
            return .object(texts)
        case (.object, _): throw expected("an object of pack folder names (or plist ids) to tab ids")
        case (.objects, .object(let object)):
            var objects: [String: [String: String]] = [:]
            for (name, item) in object.sorted(by: { $0.key < $1.key }) where item != .null {
                guard case .object(let inner) = item else { throw Problem(description: "\(path): key '\(key).\(name)': expected an object") }
                var texts: [String: String] = [:]
                for (innerName, innerItem) in inner.sorted(by: { $0.key < $1.key }) where innerItem != .null {
                    guard case .string(let text) = innerItem else { throw Problem(description: "\(path): key '\(key).\(name).\(innerName)': expected a string") }
                    texts[innerName] = text
                }
                objects[name] = texts
            }
            return .objects(objects)
        case (.objects, _): throw expected("an object of pack folder names (or plist ids) to objects")
        case (.path, .string(let text)):
            guard Self.isPath(text) else { throw expected("a path") }
            return .path(resolve(text))
        case (.path, _): throw expected("a path")
        case (_, .string(let text)) where row.atFileItems: return .text(resolveAtFiles(text))
        case (_, .string(let text)): return .text(text)
        default: throw expected("a string")
        }
    }

    /// Empty text would name the config's own folder, and no path holds a NUL.
    static func isPath(_ text: String) -> Bool { !text.isEmpty && !text.contains("\0") }

    /// A comma-separated list with each `@FILE` item's path resolved (`resolve`); other items
    /// as they were.
    func resolveAtFiles(_ list: String) -> String {
        list.split(separator: ",", omittingEmptySubsequences: false).map { item in
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("@"), Self.isPath(String(trimmed.dropFirst())) else { return String(item) }
            return "@" + resolve(String(trimmed.dropFirst())).path
        }.joined(separator: ",")
    }

    /// An absolute path: the config's relative paths start from its folder.
    func resolve(_ relative: String) -> URL {
        URL(fileURLWithPath: relative.hasPrefix("/") ? relative : base.appendingPathComponent(relative).path)
    }
}

/// A JSON value as Foundation's parser gives it, kept as a value (`Sendable`, comparable).
enum JSONValue: Sendable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(_ any: Any) {
        switch any {
        // Foundation's parser gives true/false as a boolean NSNumber: its type is "c", never a number's.
        case let number as NSNumber where String(cString: number.objCType) == "c": self = .bool(number.boolValue)
        case let number as NSNumber: self = .number(number.doubleValue)
        case let text as String: self = .string(text)
        case let items as [Any]: self = .array(items.map(JSONValue.init))
        case let object as [String: Any]: self = .object(object.mapValues(JSONValue.init))
        default: self = .null
        }
    }
}
