import Foundation
import PipelineTestSupport
import TestSupport
import Testing

/// The same inputs give the same bytes: run twice, with one job or many, and in two processes with
/// different hash seeds (what one process cannot show).
struct DeterminismTests {
    /// Two processes, one with Swift's per-process hash seed and one with a fixed seed, write
    /// byte-identical trees: no output depends on dictionary or set order.
    @Test func twoProcessesWriteIdenticalTrees() throws {
        let dir = Fixtures.temporaryDirectory()
        let samples = Fixtures.samplePacks.path
        var trees: [[String: String]] = []
        for (name, hashing) in [("seeded", "1"), ("random", nil)] as [(String, String?)] {
            let out = dir.appendingPathComponent(name).path
            let run = try EmokitBinary.run(["generate", samples, "--out", out, "--widths", "320,375,414", "--quiet"], environment: ["SWIFT_DETERMINISTIC_HASHING": hashing])
            #expect(run.status == 0, "\(run.stderr)")
            trees.append(PipelineRun.digests(URL(fileURLWithPath: out)))
        }
        #expect(trees[0].count > 20, "\(trees[0].count) files")
        #expect(trees[0].keys.sorted() == trees[1].keys.sorted())
        let differing = trees[0].keys.sorted().filter { trees[0][$0] != trees[1][$0] }
        #expect(differing.isEmpty, "files that differ between the two processes: \(differing)")
    }

    @Test func outputIsDeterministic() throws {
        let dir = Fixtures.temporaryDirectory()
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: dir.appendingPathComponent("a"))
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: dir.appendingPathComponent("b")) { $0.concurrency = 1 }
        let a = PipelineRun.digests(dir.appendingPathComponent("a")), b = PipelineRun.digests(dir.appendingPathComponent("b"))
        #expect(a.count > 10)
        #expect(a == b)
    }
}
