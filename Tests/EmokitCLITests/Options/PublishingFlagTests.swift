import EmokitCLI
import Foundation
import Pipeline
import TestSupport
import Testing

/// The publishing flags on the command line: parsing, exit statuses and what is printed.
struct PublishingFlagTests {
    static func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    @Test func archiveAndBaseURLFromTheCommandLine() throws {
        let root = Fixtures.temporaryDirectory()
        let out = root.appendingPathComponent("site").path, archive = root.appendingPathComponent("site.tgz").path
        let packs = Fixtures.samplePacks.appendingPathComponent("faces").path
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
        let packs = Fixtures.samplePacks.appendingPathComponent("faces").path
        let out = root.appendingPathComponent("shard-1").path
        let shard = Self.run(["generate", packs, "--out", out, "--widths", "375", "--scales", "2", "--shard", "1/2", "--no-cache"])
        #expect(shard.status == 0, "\(shard.err)")
        #expect(!shard.out.contains("Preview:"), "\(shard.out)")
        #expect(!FileManager.default.fileExists(atPath: out + "/index.html"))
        #expect(shard.out.contains("Shard 1/2 of the tabs: join all 2 with 'emokit merge OUT SHARD_DIR...' to complete the site"))
        let single = Self.run(["generate", packs, "--out", root.appendingPathComponent("single").path, "--widths", "375", "--scales", "2", "--no-cache"])
        #expect(single.out.contains("Preview: open \(root.appendingPathComponent("single").path)/index.html"), "\(single.out)")
    }

    /// A shard's summary counts its own share (tabs and pages of all) and lists only its tabs;
    /// `merge` then points to the preview, as `generate` does, when the site has one.
    @Test func shardSummaryIsTheShardsShareAndMergeOpensThePreview() throws {
        let root = Fixtures.temporaryDirectory()
        let samples = Fixtures.samplePacks.path
        let common = ["--widths", "375", "--scales", "2", "--no-cache"]
        // The samples: faces (2 pages), emoji (4), animals (1); shard 1 gets emoji, shard 2 the rest.
        let first = Self.run(["generate", samples, "--out", root.appendingPathComponent("shard-1").path, "--shard", "1/2"] + common)
        #expect(first.status == 0, "\(first.err)")
        let lines = first.out.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("emokit: shard 1/2: 1 of 3 tabs, 4 of 7 pages, "), "\(first.out)")
        #expect(lines.filter { $0.hasPrefix("  ") && $0.contains(" emoticons, ") }.count == 1 && lines[1].hasPrefix("  emoji"), "\(first.out)")
        let second = Self.run(["generate", samples, "--out", root.appendingPathComponent("shard-2").path, "--shard", "2/2", "--json"] + common)
        #expect(second.status == 0, "\(second.err)")
        let json = try JSONSerialization.jsonObject(with: Data(second.out.utf8)) as? [String: Any]
        let shard = json?["shard"] as? [String: Any]
        #expect(shard?["index"] as? Int == 2 && shard?["count"] as? Int == 2 && (shard?["tabs"] as? [String])?.count == 2, "\(second.out)")
        #expect((json?["tabs"] as? [Any])?.count == 3)

        let site = root.appendingPathComponent("site").path
        let merged = Self.run(["merge", site, root.appendingPathComponent("shard-1").path, root.appendingPathComponent("shard-2").path])
        #expect(merged.status == 0, "\(merged.err)")
        let mergedLines = merged.out.split(separator: "\n").map(String.init)
        #expect(mergedLines.count == 2 && mergedLines[0].hasPrefix("emokit: merged 2 shards (3 tabs, "), "\(merged.out)")
        #expect(mergedLines.last == "Preview: open \(site)/index.html", "\(merged.out)")
        // The count is the site's real file count (sheets, manifests, preview, SHA256SUMS), not
        // only the files copied from the shards.
        let siteFiles = FileTree.files(URL(fileURLWithPath: site)).count
        #expect(siteFiles > 10 && mergedLines[0].contains(" tabs, \(siteFiles) files) into "), "\(merged.out)")
        #expect(FileManager.default.fileExists(atPath: site + "/index.html"))

        // Shards of a run without the preview: the merged site has none, and merge says nothing of it.
        let only = root.appendingPathComponent("only").path
        #expect(Self.run(["generate", samples, "--out", only, "--shard", "1/1", "--no-preview", "-q"] + common).status == 0)
        let bare = root.appendingPathComponent("bare").path
        let noPreview = Self.run(["merge", bare, only])
        #expect(noPreview.status == 0 && noPreview.out.hasPrefix("emokit: merged 1 shard (3 tabs, ") && !noPreview.out.contains("Preview:"), "\(noPreview.out)")
        #expect(!FileManager.default.fileExists(atPath: bare + "/index.html"))
    }

    @Test func commandLineCacheFlags() throws {
        #expect(CLI.userCache == nil, "in-process runs never default to the user's cache folder")
        let root = Fixtures.temporaryDirectory()
        let cache = root.appendingPathComponent("cache").path
        let faces = Fixtures.samplePacks.appendingPathComponent("faces").path
        let base = ["generate", faces, "--widths", "375", "--scales", "2"]
        let cold = Self.run(base + ["--out", root.appendingPathComponent("a").path, "--cache", cache])
        #expect(cold.status == 0 && cold.out.contains("Pages: 2 rendered, 0 reused from the cache in \(cache)"), "\(cold.out)\(cold.err)")
        let warm = Self.run(base + ["--out", root.appendingPathComponent("b").path, "--cache", cache])
        #expect(warm.out.contains("Pages: 0 rendered, 2 reused from the cache in \(cache)"))
        let none = Self.run(base + ["--out", root.appendingPathComponent("c").path, "--no-cache"])
        #expect(none.status == 0 && !none.out.contains("Pages:"))
        let both = Self.run(base + ["--out", root.appendingPathComponent("d").path, "--no-cache", "--cache", cache])
        #expect(both.status == 2 && both.err.contains("'--cache' and '--no-cache' cannot be used together"))
        #expect(PageCacheLocation.userDefault(environment: ["XDG_CACHE_HOME": "/x/cache"]).path == "/x/cache/emokit")
        #expect(PageCacheLocation.userDefault(environment: [:]).path == NSHomeDirectory() + "/.cache/emokit")
    }
}
