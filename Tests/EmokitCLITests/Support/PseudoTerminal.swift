import Foundation
import TestSupport

/// The built `emokit` run under a pseudo-terminal, for what only a terminal shows (colour, the
/// progress line).
enum PseudoTerminal {
    static let escape = "\u{1B}["

    /// Runs the built emokit under a pseudo-terminal (util-linux `script`), so its stderr is a tty.
    static func run(_ arguments: [String], environment: [String: String?] = [:]) throws -> Subprocess.Result {
        let binary = try EmokitBinary.locate()
        let command = ([binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try Subprocess.run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], environment: environment)
    }
}
