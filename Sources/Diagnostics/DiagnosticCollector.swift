import Synchronization

/// A consumer that keeps every diagnostic it is given, in order, safe to feed from any thread.
public final class DiagnosticCollector: Sendable {
    private let collected = Mutex<[Diagnostic]>([])

    public init() {}

    /// The consumer to hand to the library.
    public var consumer: DiagnosticConsumer { { [self] in consume($0) } }

    public func consume(_ diagnostic: Diagnostic) { collected.withLock { $0.append(diagnostic) } }

    /// Everything collected so far.
    public var diagnostics: [Diagnostic] { collected.withLock { $0 } }

    /// Those of one severity, in the order given.
    public func diagnostics(_ severity: Diagnostic.Severity) -> [Diagnostic] { diagnostics.filter { $0.severity == severity } }
}
