import Foundation
import Testing

@testable import Generator

/// SIGINT/SIGTERM and the swap exclude each other: a signal before the swap stops the run (the
/// staging folder removed, the previous output kept); once the swap has begun, a signal is
/// ignored, so its cleanup never races the rename and the run never exits 130/143 having
/// replaced the output.
struct InterruptionTests {
    static func make() -> Interruption {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("emokit-interruption-\(UUID().uuidString)")
        return Interruption(staging: folder, outputLock: OutputLock(for: folder))
    }

    @Test func aSignalOnceTheSwapBeganIsIgnored() {
        let interruption = Self.make()
        #expect(interruption.beginSwap())
        #expect(!interruption.claimStop())
        #expect(!interruption.isStopped)
    }

    @Test func noSwapAfterASignal() {
        let interruption = Self.make()
        #expect(interruption.claimStop())
        #expect(interruption.isStopped)
        #expect(!interruption.beginSwap())
    }
}
