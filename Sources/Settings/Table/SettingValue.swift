import Foundation

/// A setting's value once read from the command line or the config file and checked against its
/// row's type and range: a row writes it into `GeneratorOptions` the same way whichever source
/// gave it, so a flag and its config key cannot drift apart.
public enum SettingValue: Sendable, Equatable {
    /// An on/off flag given (`true`), or a config file's `true`/`false`.
    case on(Bool)
    /// A number within the row's range.
    case number(Double)
    /// Whole numbers, each within the row's range (`--widths 375,414`).
    case numbers([Int])
    /// A word or text; a row that takes only some words refuses the others when it applies it.
    case text(String)
    /// A path: as given on the command line (relative to the working folder), or resolved against
    /// the config file's folder.
    case path(URL)
    case paths([URL])
    /// Text by text (`tabIds`).
    case object([String: String])
    /// Text by text, by name (`tabTitles`: a pack's titles by locale, by pack).
    case objects([String: [String: String]])

    var isOn: Bool { if case .on(let on) = self { on } else { true } }
    var number: Double { if case .number(let value) = self { value } else { preconditionFailure("not a number: \(self)") } }
    var whole: Int { Int(number) }
    var numbers: [Int] { if case .numbers(let values) = self { values } else { preconditionFailure("not numbers: \(self)") } }
    var text: String { if case .text(let text) = self { text } else { preconditionFailure("not text: \(self)") } }
    var url: URL { if case .path(let url) = self { url } else { preconditionFailure("not a path: \(self)") } }
    var urls: [URL] { if case .paths(let urls) = self { urls } else { preconditionFailure("not paths: \(self)") } }
    var object: [String: String] { if case .object(let object) = self { object } else { preconditionFailure("not an object: \(self)") } }
    var objects: [String: [String: String]] { if case .objects(let objects) = self { objects } else { preconditionFailure("not objects: \(self)") } }
}

/// A value of the right type that its row still refuses (a word it does not know, a colour that
/// is none): what was expected, in words that name neither a flag nor a key, so the command line
/// and the config file each say it in their own form.
public struct RowRefusal: Error, Sendable {
    /// Fits after "expected": `"classic" or "weibo"`, `a colour like #F4F4F6`.
    public let expected: String
    /// Where inside an object value the problem is (`小喵.map` of `packFiles`), or nil for the
    /// value as a whole.
    public let at: String?

    public init(expected: String, at: String? = nil) {
        self.expected = expected
        self.at = at
    }

    /// `"cn", "tw" or "en"`.
    static func oneOf(_ words: [String]) -> RowRefusal {
        let quoted = words.map { "\"\($0)\"" }
        return RowRefusal(expected: quoted.count > 1 ? quoted.dropLast().joined(separator: ", ") + " or " + quoted.last! : quoted.joined())
    }
}

extension Setting {
    /// How a row writes its value into the options; it throws when the value is of the right
    /// type but not one the row takes.
    public typealias Apply = @Sendable (inout GeneratorOptions, SettingValue) throws(RowRefusal) -> Void

    /// The value of a word row as the type `make` builds from it, or the row's words as the problem.
    static func word<T>(_ value: SettingValue, among words: [String], _ make: (String) -> T?) throws(RowRefusal) -> T {
        guard let made = make(value.text) else { throw .oneOf(words) }
        return made
    }
}
