import TextEscaping

/// One finding about the inputs, the options or the run, as a value: what kind it is (`code`),
/// how serious (`severity`), where (`file`, `entryIndex`, `key`) and what to say (`message`).
/// The library creates these and never prints them; the command line (or any other caller)
/// decides how they are shown: it alone names settings as flags or config keys.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// How serious a finding is. Errors stop the run; warnings are worth fixing; notes need no fix.
    public enum Severity: String, Sendable, Equatable, CaseIterable {
        case error, warning, note
    }

    /// A stable identifier of a kind of finding (`unknown-key`), for tools that filter or count.
    public struct Code: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { rawValue = value }
        public var description: String { rawValue }
    }

    public var code: Code
    public var severity: Severity
    /// The file the finding is about (a plist, an image, an output folder), when there is one.
    public var file: String?
    /// The entry of `file` (its index in the plist), for entry findings.
    public var entryIndex: Int?
    /// The entry key (or config key) concerned, when there is one.
    public var key: String?
    /// The words, which already name the file and entry as a user reads them.
    public var message: Message

    public init(_ code: Code, _ severity: Severity, file: String? = nil, entryIndex: Int? = nil, key: String? = nil, message: Message) {
        self.code = code
        self.severity = severity
        self.file = file
        self.entryIndex = entryIndex
        self.key = key
        self.message = message
    }

    /// The same finding at another severity (a warning that `--strict` makes an error).
    public func with(severity: Severity) -> Diagnostic {
        var copy = self
        copy.severity = severity
        return copy
    }

    /// The message with settings named by their plain names (see `Message.description`).
    public var description: String { message.description }
}

extension Diagnostic {
    /// A message in parts: plain words, text quoted from a pack (escaped so it stays on one line),
    /// and references to settings, which only the caller names (`--max-plist-size` on the command
    /// line, `maxPlistSizeMB` in a config file). Written as a string literal with interpolations:
    /// `"raise it with \(setting: "max-plist-size")"`, `"unknown key \(quoted: key)"`.
    public struct Message: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
        public enum Part: Sendable, Equatable {
            case text(String)
            /// Text from a pack or the user, shown in double quotes with control characters escaped.
            case quoted(String)
            /// A setting by its name (the long flag's name without dashes: `max-plist-size`).
            case setting(String)
            /// A file or folder as the library names it: a pack's files from the input's own name
            /// (`Emoticons/小喵/info.plist`), the output as given. The caller may name it
            /// otherwise (the command line names pack files from the working folder).
            case path(String)
        }

        public private(set) var parts: [Part]

        public init(parts: [Part]) {
            self.parts = []
            for part in parts { append(part) }
        }

        public init(_ text: String) { self.init(parts: [.text(text)]) }

        public init(stringLiteral value: String) { self.init(value) }

        public init(stringInterpolation: StringInterpolation) { self.init(parts: stringInterpolation.parts) }

        public struct StringInterpolation: StringInterpolationProtocol {
            fileprivate var parts: [Part] = []
            public init(literalCapacity: Int, interpolationCount: Int) {}
            public mutating func appendLiteral(_ literal: String) { parts.append(.text(literal)) }
            public mutating func appendInterpolation(_ value: some CustomStringConvertible) { parts.append(.text(value.description)) }
            public mutating func appendInterpolation(_ message: Message) { parts += message.parts }
            public mutating func appendInterpolation(quoted text: String) { parts.append(.quoted(text)) }
            public mutating func appendInterpolation(setting name: String) { parts.append(.setting(name)) }
            public mutating func appendInterpolation(path: String) { parts.append(.path(path)) }
        }

        /// Adjacent plain parts are kept as one, so equal words compare equal however written.
        private mutating func append(_ part: Part) {
            if case .text(let next) = part {
                if next.isEmpty { return }
                if case .text(let previous)? = parts.last {
                    parts[parts.count - 1] = .text(previous + next)
                    return
                }
            }
            parts.append(part)
        }

        public static func + (lhs: Message, rhs: Message) -> Message { Message(parts: lhs.parts + rhs.parts) }

        /// The words, with each setting named by `name` (the command line passes `--` + name) and
        /// each path by `path` (as the library names it, unless told otherwise).
        public func text(namingSettings name: (String) -> String, namingPaths path: (String) -> String = { $0 }) -> String {
            parts.reduce(into: "") { out, part in
                switch part {
                case .text(let text): out += text
                case .quoted(let text): out += Message.quote(text)
                case .setting(let setting): out += name(setting)
                case .path(let file): out += path(file)
                }
            }
        }

        /// The words with settings under their plain names: for logs and debugging, not for users.
        public var description: String { text(namingSettings: { $0 }) }

        /// Quotes a value for a one-line message: control characters and line breaks escaped.
        public static func quote(_ text: String) -> String { Escape.message(text) }
    }
}
