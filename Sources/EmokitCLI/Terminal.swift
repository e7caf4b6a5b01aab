import CSystem
import Foundation

/// What the CLI needs to know about terminals: whether a stream is one, whether colour is wanted
/// (https://no-color.org: `NO_COLOR` set to anything non-empty turns it off), whether a line may
/// be redrawn in place, how wide it is, and the escape codes.
enum Terminal {
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// A progress line is redrawn with `\r` and erase-to-end-of-line: only on a terminal, and not
    /// on `TERM=dumb` (which may not understand the erase). Colour is a separate question.
    static func redrawAllowed(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && environment["TERM"] != "dumb"
    }

    /// The terminal's width in columns: its window size (TIOCGWINSZ), else `COLUMNS`, else 80.
    static func columns(_ descriptor: Int32, environment: [String: String]) -> Int {
        let measured = Int(emk_terminal_columns(descriptor))
        if measured > 0 { return measured }
        if let text = environment["COLUMNS"], let value = Int(text), value > 0 { return value }
        return 80
    }

    static func colourAllowed(isTerminal: Bool, environment: [String: String]) -> Bool {
        guard isTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    static let red = "\u{1B}[31m"
    static let yellow = "\u{1B}[33m"
    static let green = "\u{1B}[32m"
    static let bold = "\u{1B}[1m"
    static let reset = "\u{1B}[0m"
    /// Erases from the cursor to the end of the line (EL), so a shorter redraw leaves no tail.
    static let eraseToEnd = "\u{1B}[K"

    /// `error: x` becomes a bold red `error:` then `x`; `warning:` yellow; other lines unchanged.
    /// Multi-line messages (usage errors) are styled line by line.
    static func paintLabel(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            for (label, colour) in [("error:", red), ("Error:", red), ("warning:", yellow)] where line.hasPrefix(label) {
                return bold + colour + label + reset + line.dropFirst(label.count)
            }
            return String(line)
        }.joined(separator: "\n")
    }
}
