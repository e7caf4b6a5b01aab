import Foundation
import Synchronization

/// A value made once per test process and handed to every test that asks for it by the same key:
/// most often a whole `generate` output that several tests only read.
///
/// Why: a full run of the pipeline in a debug build costs seconds of CPU, and the suite ran the
/// same run (same packs, same options) once per test that looked at it. Sharing it keeps what each
/// test proves (each still checks its own property of that output) and pays for the run once.
/// Tests run in parallel: the first caller of a key makes the value while later callers of that
/// key wait for it (other keys are not held up); an error is remembered and thrown to every caller.
///
/// A shared output is READ-ONLY by contract: a test that modifies, moves or re-runs into its
/// output must make its own (the suite runs as root in CI, so file modes cannot enforce this).
public enum SharedFixture {
    private final class Slot: @unchecked Sendable {
        /// Held while the value is made, and while it is read; guards `result`.
        let lock = NSLock()
        var result: Result<any Sendable, any Error>?
    }

    private static let slots = Mutex<[String: Slot]>([:])

    /// The value for `key`, made by `make` on the first call in this process.
    public static func value<Value: Sendable>(_ key: String, _ make: () throws -> Value) throws -> Value {
        let slot = slots.withLock { slots in
            if let slot = slots[key] { return slot }
            let slot = Slot()
            slots[key] = slot
            return slot
        }
        slot.lock.lock()
        defer { slot.lock.unlock() }
        if slot.result == nil {
            slot.result = Result { try make() as any Sendable }
        }
        guard let value = try slot.result?.get() as? Value else {
            preconditionFailure("SharedFixture: the key \(key) was made with another type than \(Value.self)")
        }
        return value
    }
}
