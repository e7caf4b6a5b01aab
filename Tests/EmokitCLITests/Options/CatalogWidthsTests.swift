import EmoticonManifest
import Foundation
import TestSupport
import Testing

/// `--xcassets-widths` (config `xcassetsWidths`), with per-width sheets: the asset catalog holds
/// only the pages of the widths an app asks for; the other widths' manifests name no image set; a
/// width that is not generated is refused. With any-width sheets (the default) the catalog holds
/// each page once, for every width, and the flag is refused.
struct CatalogWidthsTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    static func imageSets(_ out: URL) -> Set<String> {
        Set(FileTree.files(out.appendingPathComponent("Emoticons.xcassets")).filter { $0.hasSuffix(".imageset/Contents.json") }.map { String($0.dropLast("/Contents.json".count)) })
    }

    @Test func theCatalogHoldsOnlyTheWidthsAskedFor() throws {
        let dir = Fixtures.temporaryDirectory()
        let common = [
            Fixtures.samplePacks.appendingPathComponent("faces").path, "--widths", "375,393", "--scales", "2", "--no-preview", "--no-cache", "-q", "--xcassets",
            "--sheets", "per-width",
        ]
        let all = dir.appendingPathComponent("all"), some = dir.appendingPathComponent("some")
        #expect(run(["generate", "--out", all.path] + common).status == 0)
        let limited = run(["generate", "--out", some.path, "--xcassets-widths", "393"] + common)
        #expect(limited.status == 0, "\(limited.err)")
        // faces: 2 pages; every width's pages and the tab icon, or 393's and the tab icon.
        #expect(Self.imageSets(all) == ["faces/375-page-000.imageset", "faces/375-page-001.imageset", "faces/393-page-000.imageset", "faces/393-page-001.imageset", "faces/tab-icon.imageset"])
        #expect(Self.imageSets(some) == ["faces/393-page-000.imageset", "faces/393-page-001.imageset", "faces/tab-icon.imageset"])
        let narrow = try Manifest.decode(Data(contentsOf: some.appendingPathComponent("manifests/375.json")))
        let wide = try Manifest.decode(Data(contentsOf: some.appendingPathComponent("manifests/393.json")))
        #expect(narrow.tabs[0].pages.allSatisfy { $0.imageSet == nil } && narrow.tabs[0].icon?.imageSet == "faces/tab-icon")
        #expect(wide.tabs[0].pages.map(\.imageSet) == ["faces/393-page-000", "faces/393-page-001"])
        // The same from the config file.
        let config = dir.appendingPathComponent("emokit.json")
        try Data(#"{"xcassetsWidths": [393]}"#.utf8).write(to: config)
        let configured = dir.appendingPathComponent("configured")
        #expect(run(["generate", "--out", configured.path, "--config", config.path] + common).status == 0)
        #expect(Self.imageSets(configured) == Self.imageSets(some))
        // A width that is not generated.
        let refused = run(["generate", "--out", dir.appendingPathComponent("refused").path, "--xcassets-widths", "430"] + common)
        #expect(refused.status == 2 && refused.err.contains("--xcassets-widths lists 430, which is not one of --widths (375,393)"), "\(refused.err)")
    }

    @Test func anyWidthSheetsMakeOneImageSetPerPageForEveryWidth() throws {
        let dir = Fixtures.temporaryDirectory()
        let common = [Fixtures.samplePacks.appendingPathComponent("faces").path, "--widths", "375,393", "--scales", "2", "--no-preview", "--no-cache", "-q", "--xcassets"]
        let out = dir.appendingPathComponent("out")
        let result = run(["generate", "--out", out.path] + common)
        #expect(result.status == 0, "\(result.err)")
        #expect(Self.imageSets(out) == ["faces/page-000.imageset", "faces/page-001.imageset", "faces/tab-icon.imageset"])
        for width in [375, 393] {
            let manifest = try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifests/\(width).json")))
            #expect(manifest.tabs[0].pages.map(\.imageSet) == ["faces/page-000", "faces/page-001"], "\(width)")
        }
        let refused = run(["generate", "--out", dir.appendingPathComponent("refused").path, "--xcassets-widths", "393"] + common)
        #expect(refused.status == 2 && refused.err.contains("--xcassets-widths chooses among per-width sheets"), "\(refused.err)")
    }
}
