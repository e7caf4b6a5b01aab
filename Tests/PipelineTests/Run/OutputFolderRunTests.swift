import Foundation
import PipelineTestSupport
import TestSupport
import Testing

@testable import OutputTransaction
@testable import Pipeline

/// The output folder under faults: what a killed run left is recovered, one run holds the lock,
/// the swap is one exchange. (Signals, SIGKILL timing, full disk and read-only mounts run against
/// the real binary in `Tests/Scripts/fault-check.sh`.)
struct OutputFolderRunTests {
    static let pack = Fixtures.conformance.appendingPathComponent("plists/weibo-valid")

    static func options(_ out: URL) -> GeneratorOptions {
        var options = GeneratorOptions(inputs: [pack], output: out)
        options.widths = [375]
        options.scales = [2]
        options.writePreview = false
        return options
    }

    /// A killed run's `.out.emokit-staging-PID` was never cleaned by later runs.
    @Test func aKilledRunsStagingIsRemovedByTheNextRun() throws {
        let root = Fixtures.temporaryDirectory()
        let out = root.appendingPathComponent("out")
        for stale in [".out.emokit-staging-99991", ".out.emokit-staging-99992"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent("\(stale)/sheets"), withIntermediateDirectories: true)
        }
        let report = try Generator(options: Self.options(out)).run()
        #expect(FileTree.leftovers(beside: out).isEmpty)
        #expect(report.notes.map(Printed.text).contains { $0.hasSuffix(".out.emokit-staging-99991: removed what an interrupted run left") })
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("manifests/375.json").path))
    }

    /// A SIGKILL between the two renames of the old swap left no output folder at all (the
    /// previous one sat in `.out.emokit-old-PID`): the next run puts it back before anything else.
    @Test func aPreviousOutputMovedAsideIsPutBack() throws {
        let root = Fixtures.temporaryDirectory()
        let out = root.appendingPathComponent("out")
        _ = try Generator(options: Self.options(out)).run()
        let aside = root.appendingPathComponent(".out.emokit-old-99993")
        try FileManager.default.moveItem(at: out, to: aside)
        let recovered = OutputFolder(destination: out).recoverLeftovers()
        #expect(recovered.count == 1 && Printed.text(recovered[0]).contains("put it back"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(".emokit-output").path))
        #expect(FileTree.leftovers(beside: out).isEmpty)
    }

    /// A second run on the same output fails at once naming the first run's pid.
    @Test func aSecondRunFailsAtOnceNamingThePid() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let held = OutputLock(for: out)
        try held.acquire(wait: false)
        defer { held.release() }
        // flock locks belong to the open file description, so a second open in this process
        // conflicts just as another process's would.
        let error = #expect(throws: GenerationError.self) { _ = try Generator(options: Self.options(out)).run() }
        #expect(error?.diagnostics.map(Printed.text) == ["\(out.path): another emokit run (pid \(getpid())) is writing this output; wait for it to finish, or pass --wait to wait for it"])
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func theLockIsReleasedAndItsFileRemoved() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        _ = try Generator(options: Self.options(out)).run()
        _ = try Generator(options: Self.options(out)).run()
        #expect(FileTree.leftovers(beside: out).isEmpty)
    }

    static func leftovers(_ out: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path)) ?? []
        return names.filter { $0.hasPrefix(".\(out.lastPathComponent).emokit-") }.sorted()
    }
}
