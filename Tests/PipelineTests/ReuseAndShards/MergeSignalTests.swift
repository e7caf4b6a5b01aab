import Foundation
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// SIGINT/SIGTERM stop `merge` the way they stop `generate`: the message, exit 130/143, and
/// nothing left (staging, lock, partial archive), the previous output and archive unchanged.
/// Before, the default action killed it silently and left all three behind.
struct MergeSignalTests {
    /// The two shards every signal's merge reads (only read: each test merges into a folder of
    /// its own), made once. Enough pages (23, five widths, two scales) that the merge is still
    /// copying when the signal comes.
    static func shards() throws -> [URL] {
        try SharedFixture.value("MergeSignalTests.shards") {
            let root = Fixtures.temporaryDirectory("mergeSignalShards")
            return try (1...2).map { index in
                let folder = root.appendingPathComponent("s-\(index)")
                var options = GeneratorOptions(inputs: [ShardMergeTests.packsRoot], output: folder)
                options.publishing.shard = ShardSpec(index: index, count: 2)
                _ = try Generator(options: options).run()
                return folder
            }
        }
    }

    @Test(arguments: [(SIGTERM, Int32(143), "SIGTERM"), (SIGINT, Int32(130), "SIGINT")])
    func aSignalStopsTheMergeCleanly(signal: Int32, status: Int32, name: String) throws {
        let root = Fixtures.temporaryDirectory("mergeSignal\(name)")
        let folders = try Self.shards()
        let out = root.appendingPathComponent("site"), archive = root.appendingPathComponent("site.tar.gz")
        _ = try ShardMerge(output: out, shards: folders, archive: archive).run()
        let before = FileTree.tree(out)
        let archiveBefore = try Data(contentsOf: archive)

        let process = Process()
        process.executableURL = try EmokitBinary.locate()
        process.arguments = ["merge", out.path, folders[0].path, folders[1].path, "--archive", archive.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let staging = root.appendingPathComponent(".site.emokit-staging-\(process.processIdentifier)")
        for _ in 0..<20_000 where process.isRunning && !FileManager.default.fileExists(atPath: staging.path) { usleep(500) }
        kill(process.processIdentifier, signal)
        let stderr = String(decoding: Subprocess.readAll(errors.fileHandleForReading), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationReason == .exit && process.terminationStatus == status, "\(stderr)")
        #expect(stderr.contains("emokit: stopped by \(name); the previous output is unchanged"), "\(stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["site", "site.tar.gz"])
        #expect(FileTree.tree(out) == before)
        #expect(try Data(contentsOf: archive) == archiveBefore)
    }
}
