import Foundation
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// The same inputs and flags give the same bytes, wherever and however the packs sit on disk.
struct ReproducibilityTests {
    /// Two runs: the second on copies written in reverse order, with other mtimes, under another
    /// parent folder, into another output path. Trees, SHA256SUMS and archives are identical, and
    /// no file of the output names a path of this machine.
    @Test func twoRunsGiveIdenticalTreesChecksumsAndArchives() throws {
        let root = Fixtures.temporaryDirectory()
        let firstPacks = root.appendingPathComponent("one/SamplePacks")
        let secondPacks = root.appendingPathComponent("two/elsewhere/deeper/SamplePacks")
        try FileTree.copy(Fixtures.samplePacks, to: firstPacks, reverse: false, mtime: Date(timeIntervalSince1970: 1_000_000_000))
        try FileTree.copy(Fixtures.samplePacks, to: secondPacks, reverse: true, mtime: Date(timeIntervalSince1970: 1_700_000_000))

        var first = PipelineRun.options([firstPacks], out: root.appendingPathComponent("one/site"), widths: [375, 414], scales: [2, 3])
        first.publishing.archive = root.appendingPathComponent("one/site.tar.gz")
        var second = PipelineRun.options([secondPacks], out: root.appendingPathComponent("two/out/elsewhere-site"), widths: [375, 414], scales: [2, 3])
        second.publishing.archive = root.appendingPathComponent("two/other.tgz")
        _ = try Generator(options: first).run()
        _ = try Generator(options: second).run()

        #expect(FileTree.differences(first.output, second.output) == [])
        let sums = try Data(contentsOf: first.output.appendingPathComponent("SHA256SUMS"))
        #expect(sums == (try Data(contentsOf: second.output.appendingPathComponent("SHA256SUMS"))))
        let archive = try Data(contentsOf: first.publishing.archive!)
        #expect(archive == (try Data(contentsOf: second.publishing.archive!)))
        #expect(archive.count > 1000)

        // No machine paths: not the temporary folders, the font's folder or the home folder.
        let forbidden = [root.path, "/usr/share", "/tmp/", NSHomeDirectory() + "/", Fixtures.packageRoot.path]
        for (path, data) in FileTree.tree(first.output) {
            let text = String(decoding: data, as: UTF8.self)
            for machinePath in forbidden { #expect(!text.contains(machinePath), "\(path) contains \(machinePath)") }
        }
        let index = try String(contentsOf: first.output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("NotoColorEmoji.ttf"), "the index names the emoji font by name")
        #expect(index.range(of: "sha256 [0-9a-f]{16}", options: .regularExpression) != nil, "and by content hash")
    }
}
