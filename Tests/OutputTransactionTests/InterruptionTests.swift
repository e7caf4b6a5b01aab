import Foundation
import TestSupport
import Testing

@testable import OutputTransaction

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

    /// A signal removes the staging folder and the archive being written beside its destination.
    @Test func cleanUpRemovesStagingAndTheArchivesPartialFile() throws {
        let folder = Fixtures.temporaryDirectory()
        let staging = folder.appendingPathComponent(".out.emokit-staging-1")
        try FileManager.default.createDirectory(at: staging.appendingPathComponent("sheets"), withIntermediateDirectories: true)
        let partial = folder.appendingPathComponent(".a.tar.gz.emokit-partial-1")
        try Data([1, 2, 3]).write(to: partial)
        let interruption = Interruption(staging: staging, outputLock: OutputLock(for: folder.appendingPathComponent("out")))
        interruption.removeOnStop(partial)
        interruption.cleanUp()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
