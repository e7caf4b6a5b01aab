import Foundation
import TestSupport
import Testing

@testable import OutputTransaction

/// The files emokit creates beside the output sit where others may write: a symbolic link put at
/// one of their names is refused or removed, never followed (before, a linked lock file truncated
/// its target anywhere on the disk).
struct BesideOutputTests {
    @Test func aLinkedLockFileIsRefusedAndItsTargetUntouched() throws {
        let root = Fixtures.temporaryDirectory()
        let victim = root.appendingPathComponent("victim.txt")
        try Data("precious".utf8).write(to: victim)
        let out = root.appendingPathComponent("out")
        let lock = OutputLock(for: out)
        try FileManager.default.createSymbolicLink(at: lock.url, withDestinationURL: victim)
        #expect {
            try lock.acquire(wait: false)
        } throws: { error in
            "\(error)".contains(".out.emokit-lock: is a symbolic link; emokit follows no link beside")
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        // A FIFO there is refused too (opening it neither blocks nor reads).
        try FileManager.default.removeItem(at: lock.url)
        #expect(mkfifo(lock.url.path, 0o644) == 0)
        #expect {
            try lock.acquire(wait: false)
        } throws: { error in
            "\(error)".contains("is not a regular file")
        }
    }

    /// A new file is never one already there: `NewFile` refuses an existing file and a link.
    @Test func newFilesAreNeverExistingOnesOrLinks() throws {
        let root = Fixtures.temporaryDirectory()
        let victim = root.appendingPathComponent("victim.txt")
        try Data("precious".utf8).write(to: victim)
        let link = root.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)
        #expect(throws: NewFile.Failure.self) { try NewFile.write(Data("x".utf8), to: link) }
        #expect(throws: NewFile.Failure.self) { try NewFile.write(Data("x".utf8), to: victim) }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        try NewFile.write(Data("new".utf8), to: root.appendingPathComponent("fresh"))
        #expect(try String(contentsOf: root.appendingPathComponent("fresh"), encoding: .utf8) == "new")
    }
}
