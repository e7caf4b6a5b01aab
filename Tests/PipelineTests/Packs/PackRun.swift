import EmoticonManifest
import Foundation
import Imaging
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// How each pack layout's end-to-end test runs, written once: its packs (fixtures, or a copy
/// made to change one) generated without the preview, the 375 pt manifest read back, and each
/// image button's sprite compared with the file it is drawn from.
enum PackRun {
    /// The pack layouts' fixtures (their origins and licences in the README.md there).
    static let fixtures = Fixtures.packageRoot.appendingPathComponent("Tests/EmoticonPacksTests/Fixtures")

    /// A finished run: the output folder, its 375 pt manifest (the file and its content) and the
    /// run's report.
    struct Output {
        let out: URL
        let manifestFile: URL
        let manifest: Manifest
        let report: Generator.Report
    }

    /// `packs` generated at 375 pt without the preview into `out`, by default `out` in a fresh
    /// folder named after the test; `configure` sets what the test is about.
    static func generate(
        _ packs: [URL], out: URL? = nil, test: String = #function, configure: (inout GeneratorOptions) -> Void = { _ in }
    ) throws -> Output {
        let out = out ?? Fixtures.temporaryDirectory(test).appendingPathComponent("out")
        let report = try PipelineRun.generate(packs, out: out) { options in
            options.writePreview = false
            configure(&options)
        }
        let manifestFile = out.appendingPathComponent("manifests/375.json")
        return Output(out: out, manifestFile: manifestFile, manifest: try Manifest.decode(try Data(contentsOf: manifestFile)), report: report)
    }

    /// The fixtures at `paths` (below `fixtures`) generated as `generate` does.
    static func generate(fixtures paths: [String], test: String = #function, configure: (inout GeneratorOptions) -> Void = { _ in }) throws -> Output {
        try generate(paths.map { fixtures.appendingPathComponent($0) }, test: test, configure: configure)
    }

    /// A copy of the fixture at `path`, named `name`, in a fresh folder named after the test: a
    /// pack to change without touching the fixture.
    static func copy(fixture path: String, as name: String, test: String = #function) throws -> URL {
        let folder = Fixtures.temporaryDirectory(test).appendingPathComponent(name)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(path), to: folder)
        return folder
    }

    /// Each tab's first image buttons (`buttons[tab]`, as many as `files[tab]` names) are drawn
    /// from their fixture files (paths below `fixtures`, in the same order): the centre of the
    /// button's @2x sprite is its file's colour (the fixtures' images are one colour each).
    static func expectSpritesDrawn(
        fromFixtures files: [[String]], buttons: [[Manifest.Button]], in run: Output, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let decoder = PNGDecoder()
        for (tab, (tabButtons, tabFiles)) in zip(run.manifest.tabs, zip(buttons, files)) {
            for (button, file) in zip(tabButtons, tabFiles) {
                guard let rect = button.sprite["2"], let page = tab.pages.first(where: { $0.buttons.contains(button) }), let sheet = page.sheets["2"] else {
                    Issue.record("no 2x sprite for \(file)", sourceLocation: sourceLocation)
                    continue
                }
                let image = try decoder.decode(contentsOf: run.out.appendingPathComponent(sheet)).image
                let pixel = image.pixel(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
                let source = try firstPixel(of: fixtures.appendingPathComponent(file))
                #expect(pixel.r == source.r && pixel.g == source.g && pixel.b == source.b, "\(tab.id) \(file)", sourceLocation: sourceLocation)
            }
        }
    }

    /// The colour of a fixture image (each is one colour; a GIF's first frame).
    static func firstPixel(of url: URL) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        if url.pathExtension == "gif" { return try GIFDecoder().decode(contentsOf: url).firstFrame.pixel(x: 0, y: 0) }
        return try PNGDecoder().decode(contentsOf: url).image.pixel(x: 0, y: 0)
    }
}
