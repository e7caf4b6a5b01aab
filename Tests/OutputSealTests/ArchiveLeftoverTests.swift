import Archive
import Checksum
import Foundation
import OutputTransaction
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

@testable import OutputSeal

/// A ready archive's name is predictable (the SHA-256 of the output's `SHA256SUMS`, which anyone
/// can read): a file planted under it must never become the archive. What a run killed after
/// its swap left is only a sign that the archive is behind its output; the archive put in place
/// is the output's own.
struct ArchiveLeftoverTests {
    @Test func aPlantedReadyArchiveIsNotMovedIntoPlace() throws {
        let root = Fixtures.temporaryDirectory()
        let out = root.appendingPathComponent("site"), archive = root.appendingPathComponent("site.tar.gz")
        var options = PipelineRun.options([ArchiveTogetherTests.faces], out: out)
        options.publishing.archive = archive
        _ = try Generator(options: options).run()
        let good = try Data(contentsOf: archive)
        #expect(good == (try ArchiveTogetherTests.archiveOf(out, in: root)))

        // Someone who can write beside the archive plants another tree under the ready name.
        let other = root.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("<script>evil()</script>".utf8).write(to: other.appendingPathComponent("index.html"))
        let sums = try Data(contentsOf: out.appendingPathComponent("SHA256SUMS"))
        let planted = root.appendingPathComponent(".site.tar.gz.emokit-ready-\(SHA256.hexDigest([UInt8](sums)))")
        try TarArchive.write(folder: other, to: planted)
        try FileManager.default.removeItem(at: other)

        // The next run fails (its pack is gone) after clearing what was left beside the archive.
        var failing = options
        failing.inputs = [root.appendingPathComponent("no-such-pack")]
        #expect(throws: GenerationError.self) { _ = try Generator(options: failing).run() }
        #expect(try Data(contentsOf: archive) == ArchiveTogetherTests.archiveOf(out, in: root))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["site", "site.tar.gz"])
    }
}
