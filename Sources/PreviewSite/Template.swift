import TextEscaping

/// A small logic-less template language, enough for emokit's pages and no more:
///
/// - `{{ name | html }}`, `{{ name | attr }}`, `{{ name | url }}`, `{{ name | json }}` insert a
///   value escaped for that context. The context is required: a tag without one is an error, so
///   nothing is ever inserted raw by accident.
/// - `{{#each name}} … {{/each}}` repeats over a list; inside, names resolve in the item first.
/// - `{{#if name}} … {{else}} … {{/if}}` tests a value (false, empty string or empty list is false).
///
/// Templates are parsed once; rendering walks the tree with a context.
public struct Template: Sendable {
    public indirect enum Value: Sendable {
        case text(String)
        case bool(Bool)
        case list([[String: Value]])
        /// JSON produced by emokit (already valid JSON); the `json` context makes it script-safe.
        case json(String)

        var isTruthy: Bool {
            switch self {
            case .text(let s): return !s.isEmpty
            case .bool(let b): return b
            case .list(let l): return !l.isEmpty
            case .json(let j): return !j.isEmpty
            }
        }
    }

    public struct SyntaxError: Error, CustomStringConvertible, Sendable {
        public let template: String
        public let message: String
        public var description: String { "\(template): \(message)" }
    }

    enum Context: String, Sendable { case html, attr, url, json }

    indirect enum Node: Sendable {
        case literal(String)
        case insert(name: String, context: Context)
        case each(name: String, body: [Node])
        case conditional(name: String, then: [Node], otherwise: [Node])
    }

    let name: String
    let nodes: [Node]

    public init(_ source: String, name: String) throws(SyntaxError) {
        self.name = name
        var tokens = Template.tokenize(source)[...]
        nodes = try Template.parse(&tokens, name: name, until: nil).nodes
        if !tokens.isEmpty { throw SyntaxError(template: name, message: "unexpected {{\(tokens.first!)}}") }
    }

    enum Token { case text(String), tag(String) }

    static func tokenize(_ source: String) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(source)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { tokens.append(.text(String(rest[..<open.lowerBound]))) }
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                tokens.append(.text(String(rest[open.lowerBound...])))
                return tokens
            }
            tokens.append(.tag(rest[open.upperBound..<close.lowerBound].trimmingSpaces))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { tokens.append(.text(String(rest))) }
        return tokens
    }

    static func parse(_ tokens: inout ArraySlice<Token>, name: String, until terminators: Set<String>?) throws(SyntaxError) -> (nodes: [Node], terminator: String?) {
        var nodes: [Node] = []
        while let token = tokens.first {
            tokens = tokens.dropFirst()
            switch token {
            case .text(let text):
                nodes.append(.literal(text))
            case .tag(let tag):
                if let terminators, terminators.contains(tag) { return (nodes, tag) }
                if tag.hasPrefix("#each ") {
                    let variable = String(tag.dropFirst(6)).trimmingSpaces
                    let body = try parse(&tokens, name: name, until: ["/each"])
                    guard body.terminator == "/each" else { throw SyntaxError(template: name, message: "{{#each \(variable)}} is not closed") }
                    nodes.append(.each(name: variable, body: body.nodes))
                } else if tag.hasPrefix("#if ") {
                    let variable = String(tag.dropFirst(4)).trimmingSpaces
                    let then = try parse(&tokens, name: name, until: ["else", "/if"])
                    var otherwise: [Node] = []
                    if then.terminator == "else" {
                        let rest = try parse(&tokens, name: name, until: ["/if"])
                        guard rest.terminator == "/if" else { throw SyntaxError(template: name, message: "{{#if \(variable)}} is not closed") }
                        otherwise = rest.nodes
                    } else if then.terminator != "/if" {
                        throw SyntaxError(template: name, message: "{{#if \(variable)}} is not closed")
                    }
                    nodes.append(.conditional(name: variable, then: then.nodes, otherwise: otherwise))
                } else {
                    let parts = tag.split(separator: "|", maxSplits: 1).map { String($0).trimmingSpaces }
                    guard parts.count == 2, let context = Context(rawValue: parts[1]) else {
                        throw SyntaxError(template: name, message: "{{\(tag)}} needs a context: {{ name | html }}, attr, url or json")
                    }
                    nodes.append(.insert(name: parts[0], context: context))
                }
            }
        }
        return (nodes, nil)
    }

    public struct RenderError: Error, CustomStringConvertible, Sendable {
        public let template: String
        public let name: String
        /// Why the value cannot be used; nil: there is no value of that name.
        public var problem: String? = nil
        public var description: String { "\(template): " + (problem.map { "'\(name)' \($0)" } ?? "no value named '\(name)'") }
    }

    public func render(_ context: [String: Value]) throws(RenderError) -> String {
        var out = ""
        do { try render(context, streams: [:]) { out += $0 } } catch let error as RenderError { throw error } catch {
            throw RenderError(template: name, name: "", problem: "\(error)")  // appending to a string cannot fail
        }
        return out
    }

    /// Writes a JSON value in pieces (each piece escaped on its own, as a `.json` value is).
    public typealias JSONStream = (_ emit: (String) throws -> Void) throws -> Void

    /// Renders piece by piece into `write`, in order. `streams` are JSON values too large to hold
    /// as one string (a page's manifest): each is produced while its `{{ name | json }}` renders.
    public func render(_ context: [String: Value], streams: [String: JSONStream], into write: (String) throws -> Void) throws {
        try render(nodes, scopes: [context], streams: streams, into: write)
    }

    private func lookup(_ key: String, _ scopes: [[String: Value]]) throws(RenderError) -> Value {
        for scope in scopes.reversed() { if let value = scope[key] { return value } }
        throw RenderError(template: name, name: key)
    }

    private func render(_ nodes: [Node], scopes: [[String: Value]], streams: [String: JSONStream], into write: (String) throws -> Void) throws {
        for node in nodes {
            switch node {
            case .literal(let text): try write(text)
            case let .insert(key, context):
                if let stream = streams[key] {
                    guard context == .json else { throw RenderError(template: name, name: key, problem: "is JSON; insert it with {{ \(key) | json }}") }
                    try stream { try write(Escape.scriptJSON($0)) }
                    continue
                }
                let value = try lookup(key, scopes)
                let text: String
                switch value {
                case .text(let s): text = s
                case .bool(let b): text = b ? "true" : "false"
                case .list(let l): text = "\(l.count)"
                case .json(let j): text = j
                }
                switch context {
                case .html, .attr: try write(Escape.html(text))
                case .url: try write(Escape.url(text))
                case .json:
                    if case .json = value { try write(Escape.scriptJSON(text)) } else { try write(Escape.scriptJSON(Escape.jsonString(text))) }
                }
            case let .each(key, body):
                // Over anything but a list, {{#each}} would silently render nothing: a template bug.
                guard case .list(let items) = try lookup(key, scopes) else {
                    throw RenderError(template: name, name: key, problem: "is not a list; {{#each}} needs one")
                }
                for item in items { try render(body, scopes: scopes + [item], streams: streams, into: write) }
            case let .conditional(key, then, otherwise):
                // An unknown name is a typo, not "false".
                let value = try lookup(key, scopes)
                try render(value.isTruthy ? then : otherwise, scopes: scopes, streams: streams, into: write)
            }
        }
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
