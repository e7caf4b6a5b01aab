import EmokitCLI
import Foundation
import TestSupport
import Testing

/// The publishing flags on the command line: parsing, exit statuses and what is printed.
struct PublishingCLITests {
    final class Recorder: @unchecked Sendable {
        var out = "", err = ""
        lazy var console = Console(out: { [unowned self] in self.out += $0 }, error: { [unowned self] in self.err += $0 })
    }

    static func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let recorder = Recorder()
        let status = CLI.run(arguments, console: recorder.console)
        return (status, recorder.out, recorder.err)
    }

    @Test func archiveAndBaseURLFromTheCommandLine() throws {
        let root = Fixtures.temporaryDirectory()
        let out = root.appendingPathComponent("site").path, archive = root.appendingPathComponent("site.tgz").path
        let packs = PublishingFixtures.samples.appendingPathComponent("faces").path
        let result = Self.run([
            "generate", packs, "--out", out, "--widths", "375", "--scales", "2", "--archive", archive,
            "--base-url", "https://example.com/kb/",
        ])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("Archive: \(archive)"))
        #expect(FileManager.default.fileExists(atPath: archive) && FileManager.default.fileExists(atPath: out + "/sitemap.xml"))

        let badURL = Self.run(["generate", packs, "--out", out, "--base-url", "example.com"])
        #expect(badURL.status == 2 && badURL.err.contains("'--base-url <url>'"))
        let inside = Self.run(["generate", packs, "--out", out, "--archive", out + "/x.tar.gz"])
        #expect(inside.status == 2 && inside.err.contains("is inside the output folder"))
    }

    /// A shard has no preview site (merge writes it), so its report points to merge, not to an
    /// index.html that does not exist.
    @Test func shardReportPointsToMergeNotToAPreview() throws {
        let root = Fixtures.temporaryDirectory()
        let packs = PublishingFixtures.samples.appendingPathComponent("faces").path
        let out = root.appendingPathComponent("shard-1").path
        let shard = Self.run(["generate", packs, "--out", out, "--widths", "375", "--scales", "2", "--shard", "1/2", "--no-cache"])
        #expect(shard.status == 0, "\(shard.err)")
        #expect(!shard.out.contains("Preview:"), "\(shard.out)")
        #expect(!FileManager.default.fileExists(atPath: out + "/index.html"))
        #expect(shard.out.contains("Shard 1/2 of the tabs: join all 2 with 'emokit merge OUT SHARD_DIR...'"))
        let single = Self.run(["generate", packs, "--out", root.appendingPathComponent("single").path, "--widths", "375", "--scales", "2", "--no-cache"])
        #expect(single.out.contains("Preview: open \(root.appendingPathComponent("single").path)/index.html"), "\(single.out)")
    }
}
