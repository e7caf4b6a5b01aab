import Foundation
import TestSupport
import Testing

@testable import OutputTransaction

/// The output folder as a transaction: staging, the one-step swap, concurrent writes.
struct OutputFolderTests {
    /// The swap exchanges the two folders in one step: afterwards the staging path holds the
    /// previous output (removed at once) and nothing else is left.
    @Test func theSwapIsOneExchange() throws {
        let root = Fixtures.temporaryDirectory()
        let out = root.appendingPathComponent("out")
        let folder = OutputFolder(destination: out)
        try folder.prepareStaging()
        try folder.write(Data("old".utf8), to: "a/b/file.txt")
        try folder.commit()  // first run: a plain rename
        try folder.prepareStaging()
        try folder.write(Data("new".utf8), to: "a/b/file.txt")
        try folder.commit()
        #expect(try String(contentsOf: out.appendingPathComponent("a/b/file.txt"), encoding: .utf8) == "new")
        #expect(FileTree.leftovers(beside: out).isEmpty)
    }

    /// Many workers create the same `sheets/<tab>/<width>` folder at once: every write lands.
    @Test func concurrentWritesIntoOneNewFolder() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let folder = OutputFolder(destination: out)
        try folder.prepareStaging()
        let failures = FailureCount()
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            do { try folder.write(Data([UInt8(index)]), to: "sheets/tab/375/page-\(index).png") } catch { failures.add() }
        }
        #expect(failures.value == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.staging.appendingPathComponent("sheets/tab/375").path).count == 16)
        folder.discard()
    }

    final class FailureCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }
}
