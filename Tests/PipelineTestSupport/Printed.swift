import Diagnostics

/// A diagnostic's words as the command line prints them (settings named as `--flags`), for tests
/// that check what a user reads without running the command line.
public enum Printed {
    public static func text(_ message: Diagnostic.Message) -> String { message.text(namingSettings: { "--" + $0 }) }
    public static func text(_ diagnostic: Diagnostic) -> String { text(diagnostic.message) }
}
