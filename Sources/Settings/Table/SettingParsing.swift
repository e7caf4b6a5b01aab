import EmoticonPacks
import Foundation
import KeyboardLayout
import TextMatching

/// A command-line value its row refuses; `description` is the whole message, naming the option
/// as the user wrote it (the wording follows swift-argument-parser).
public struct FlagValueError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

/// Reading a flag's text by its row: the row's range, choices and example decide what is
/// accepted and what the refusal says, so every command that takes the flag (`generate`,
/// `validate`, `inspect`) checks it the same way.
extension Setting {
    /// A number within the row's range (ASCII digits only).
    public func number(_ text: String) throws(FlagValueError) -> Double {
        let range = checkedRange
        guard let value = range.parse(text) else { throw FlagValueError(description: range.refusal(text, name: range.flag)) }
        return value
    }

    /// Whole numbers separated by commas (`375,414`), each within the row's range.
    public func wholeNumbers(_ text: String) throws(FlagValueError) -> [Int] {
        let range = checkedRange
        var values: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = range.parse(part.trimmingCharacters(in: .whitespaces)) else {
                throw FlagValueError(
                    description:
                        "The value '\(text)' is invalid for '\(range.flag)': expected whole numbers separated by commas, e.g. \(example ?? ""); each from \(range.text)")
            }
            values.append(Int(value))
        }
        return values
    }

    /// One of the words of the row's value name (`classic|weibo`), with the word the user most
    /// likely meant when it is none of them.
    public func choice(_ text: String) throws(FlagValueError) -> String {
        let choices = (valueName ?? "").split(separator: "|").map(String.init)
        guard choices.contains(text) else {
            let meant = NameSuggestion.likely(text, among: choices).map { "\nHelp: Did you mean '\($0)'?" } ?? ""
            throw FlagValueError(description: "The value '\(text)' is invalid for '\(usageText)'" + meant)
        }
        return text
    }

    /// A colour (`#RGB` or `#RRGGBB`), normalised as `KeyboardColors.normalize` does.
    public func colour(_ text: String) throws(FlagValueError) -> String {
        guard let value = KeyboardColors.normalize(text) else {
            throw FlagValueError(description: "The value '\(text)' is invalid for '--\(flag ?? "")': expected a colour like #F4F4F6")
        }
        return value
    }

    /// The row's range; a row read as a number without one is a mistake in the table.
    private var checkedRange: NumberRange {
        guard let range else { preconditionFailure("the setting '\(flag ?? configKey ?? "")' has no range") }
        return range
    }
}

extension SettingsTable {
    /// The row of a flag the caller knows is in the table (`"columns"`).
    public static subscript(flag: String) -> Setting {
        guard let row = row(flag: flag) else { preconditionFailure("no setting has the flag '--\(flag)'") }
        return row
    }
}
