import EmoticonManifest
import Foundation
import TestSupport
import Testing

/// What `generate` prints when it is done, and the counts it states.
struct GenerateSummaryTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    @Test func generateReportsWhatItWrote() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out").path
        let result = run(["generate", Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks").path, "--out", out, "--widths", "320", "--scales", "2"])
        #expect(result.status == 0, "\(result.err)")
        // 7 page sheets and the emoji tab's skin-tone variants sheet.
        #expect(result.out.contains("3 tabs, 7 pages, 8 sheets"))
        #expect(FileManager.default.fileExists(atPath: out + "/preview/320.html"))
        #expect(FileManager.default.fileExists(atPath: out + "/index.html"))
    }

    /// One emoticon on one page: the index, the preview page, the summaries and the Open Graph text
    /// say "1 emoticon" and "1 page".
    @Test func countsOfOneAreSingular() throws {
        let dir = Fixtures.temporaryDirectory()
        let one = dir.appendingPathComponent("one")
        try FileManager.default.createDirectory(at: one, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.samplePacks.appendingPathComponent("faces/f_haha.png"), to: one.appendingPathComponent("haha.png"))
        let out = dir.appendingPathComponent("out")
        // In English: the preview pages speak the run's --locale (the default, cn, has no plural).
        let result = run(["generate", one.path, "--out", out.path, "--widths", "375", "--scales", "2", "--no-cache", "--base-url", "https://example.com/kb/", "--locale", "en"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.hasPrefix("emokit: 1 tab, 1 page, 1 sheet ("), "\(result.out)")
        #expect(result.out.contains("  one: 1 emoticon, 1 page\n"), "\(result.out)")
        let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains(#"<span class="entries">1</span> emoticon · <span class="page-count">1</span> page · "#), "\(index)")
        #expect(index.contains(#"<meta property="og:description" content="1 tab, 1 emoticon">"#))
        let preview = try String(contentsOf: out.appendingPathComponent("preview/375.html"), encoding: .utf8)
        #expect(preview.contains("<small>(1 emoticon)</small>"))
        // The 64 px image is enlarged for @3x: one warning.
        let validate = run(["validate", one.path])
        #expect(validate.out == "emokit: 1 tab, 1 emoticon checked: no errors, 1 warning\n", "\(validate.out)")
        #expect(validate.err.contains("enlarged"), "\(validate.err)")
        // More than one keeps the plural.
        let samples = dir.appendingPathComponent("samples")
        #expect(run(["generate", Fixtures.samplePacks.appendingPathComponent("faces").path, "--out", samples.path, "--widths", "375", "--scales", "2", "--no-cache", "-q"]).status == 0)
        let many = try String(contentsOf: samples.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(many.contains(#"<span class="entries">44</span> emoticons · <span class="page-count">2</span> pages · "#), "\(many)")
    }
}
