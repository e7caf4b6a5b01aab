import Foundation
import TestSupport
import Testing

/// Runs of the built `emokit` executable itself, as separate processes: what one process cannot
/// show (hash-seed dependent ordering, state left between runs).
struct CrossProcessTests {
    /// The `emokit` built with these tests (it sits beside the test bundle in the build folder).
    static func emokitBinary() throws -> URL {
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        folders.append(Fixtures.packageRoot.appendingPathComponent(".build/debug"))
        for folder in folders {
            let candidate = folder.appendingPathComponent("emokit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(message: "no emokit executable beside the tests (looked in \(folders.map(\.path))); build with `swift build --build-tests`")
    }

    struct Failure: Error, CustomStringConvertible { let message: String; var description: String { message } }

    /// Runs emokit with `arguments`; `environment` entries set (or, when nil, remove) variables.
    @discardableResult
    static func emokit(_ arguments: [String], environment changes: [String: String?] = [:]) throws -> (status: Int32, stderr: String) {
        let result = try Subprocess.run(try emokitBinary(), arguments, environment: changes, currentDirectory: Fixtures.packageRoot)
        return (result.status, result.stderr)
    }

    /// Two processes, one with Swift's per-process hash seed and one with a fixed seed, write
    /// byte-identical trees: no output depends on dictionary or set order.
    @Test func twoProcessesWriteIdenticalTrees() throws {
        let dir = Fixtures.temporaryDirectory()
        let samples = GeneratorRunTests.samples.path
        var trees: [[String: String]] = []
        for (name, hashing) in [("seeded", "1"), ("random", nil)] as [(String, String?)] {
            let out = dir.appendingPathComponent(name).path
            let run = try Self.emokit(["generate", samples, "--out", out, "--widths", "320,375,414", "--quiet"], environment: ["SWIFT_DETERMINISTIC_HASHING": hashing])
            #expect(run.status == 0, "\(run.stderr)")
            trees.append(GeneratorRunTests.tree(URL(fileURLWithPath: out)))
        }
        #expect(trees[0].count > 20, "\(trees[0].count) files")
        #expect(trees[0].keys.sorted() == trees[1].keys.sorted())
        let differing = trees[0].keys.sorted().filter { trees[0][$0] != trees[1][$0] }
        #expect(differing.isEmpty, "files that differ between the two processes: \(differing)")
    }
}
