import Foundation

/// What the CLI needs to know about terminals: whether a stream is one, whether colour is wanted
/// (https://no-color.org: `NO_COLOR` set to anything non-empty turns it off), and the escape codes.
enum Terminal {
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    static func colourAllowed(isTerminal: Bool, environment: [String: String]) -> Bool {
        guard isTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    static let red = "\u{1B}[31m"
    static let yellow = "\u{1B}[33m"
    static let bold = "\u{1B}[1m"
    static let reset = "\u{1B}[0m"

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
