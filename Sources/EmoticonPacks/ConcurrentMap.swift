import Dispatch
import Foundation

/// A map over a plist's items on every core, results in item order. Reading a pack's entries
/// looks each file up on disk; for a pack of thousands of entries that was a single-threaded
/// part of every run, before any page could be drawn.
enum ConcurrentMap {
    /// Below this many items one thread is as fast.
    static let minimumCount = 256

    static func map<T>(_ items: [Any], _ transform: (Any, Int) -> T) -> [T] {
        guard items.count >= minimumCount else { return items.enumerated().map { transform($1, $0) } }
        let chunks = min(items.count, 4 * max(1, ProcessInfo.processInfo.activeProcessorCount))
        return [T](unsafeUninitializedCapacity: items.count) { buffer, initialized in
            // Each chunk writes only its own slots; the plist's values are immutable once parsed.
            nonisolated(unsafe) let slots = buffer.baseAddress!
            nonisolated(unsafe) let values = items
            withoutActuallyEscaping(transform) { transform in
                nonisolated(unsafe) let work = transform
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let range = (chunk * values.count / chunks)..<((chunk + 1) * values.count / chunks)
                    for index in range { (slots + index).initialize(to: work(values[index], index)) }
                }
            }
            initialized = items.count
        }
    }
}
