import EmoticonManifest
import Foundation
import Imaging
import OutputTransaction
import PipelineTestSupport
import RunSteps
import SiteOutputs
import TestSupport
import Testing

@testable import Pipeline

/// An output beside the sheets that exists only in this test target: it names an image set of
/// its own for every page and tab icon (a manifest field it owns, added through its annotation)
/// and writes one file of its own. It is registered in one place (`writers` below); nothing in
/// `ManifestBuilder`, `StepSettings` or `SiteStep` knows it.
struct SeamWriter: ManifestWriter {
    func annotation(for sources: ManifestSources) -> ManifestAnnotation? {
        ManifestAnnotation(
            header: { manifest in
                for tab in manifest.tabs.indices { manifest.tabs[tab].icon?.imageSet = "seam/\(sources.tabIDs[tab])/icon" }
            },
            page: { page, tab, width in page.imageSet = "seam/\(sources.tabIDs[tab])/\(width)/\(page.index)" })
    }

    func write(_ manifests: [PagedManifest], output: OutputFolder) throws(OutputError) {
        let lines = manifests.map { "\($0.screenWidth): \($0.header.tabs.map(\.id).joined(separator: ","))\n" }
        try output.write(Data(lines.joined().utf8), to: "seam/widths.txt")
    }
}

struct OutputSeamTests {
    /// The one place the test's writer is registered: beside the writers the options ask for.
    static func writers(_ options: GeneratorOptions) -> [any ManifestWriter] { OutputWriters.writers(for: options) + [SeamWriter()] }

    static func run(_ out: URL, seam: Bool) throws -> Generator.Report {
        var options = GeneratorOptions(inputs: [Fixtures.samplePacks], output: out)
        options.widths = [375, 414]
        return try Generator(options: options, outputWriters: seam ? writers(options) : OutputWriters.writers(for: options)).run()
    }

    @Test func aWriterDefinedOutsideTheLibraryAddsItsFieldAndItsFile() throws {
        let root = Fixtures.temporaryDirectory()
        let plain = root.appendingPathComponent("plain"), seam = root.appendingPathComponent("seam")
        _ = try Self.run(plain, seam: false)
        _ = try Self.run(seam, seam: true)

        // Its own file, written from the finished manifests.
        let widths = try String(contentsOf: seam.appendingPathComponent("seam/widths.txt"), encoding: .utf8)
        #expect(widths.hasPrefix("375: ") && widths.contains("\n414: "))

        // Its own field, in every page of every width, and on every tab icon.
        for width in [375, 414] {
            let manifest = try Manifest.decode(try Data(contentsOf: seam.appendingPathComponent("manifests/\(width).json")))
            let pages = manifest.tabs.flatMap { tab in tab.pages.map { (tab.id, $0) } }
            #expect(!pages.isEmpty)
            for (tab, page) in pages { #expect(page.imageSet == "seam/\(tab)/\(width)/\(page.index)") }
            for tab in manifest.tabs where tab.icon != nil { #expect(tab.icon?.imageSet == "seam/\(tab.id)/icon") }
            let without = try Manifest.decode(try Data(contentsOf: plain.appendingPathComponent("manifests/\(width).json")))
            #expect(without.tabs.allSatisfy { $0.pages.allSatisfy { $0.imageSet == nil } && $0.icon?.imageSet == nil })
        }

        // Without it, nothing else changes: the same files, and the same bytes outside the
        // manifests, the preview pages that embed them and its own folder.
        let withSeam = PipelineRun.digests(seam), withoutSeam = PipelineRun.digests(plain)
        #expect(Set(withSeam.keys) == Set(withoutSeam.keys).union(["/seam/widths.txt"]))
        let touched = ["/manifests/", "/preview/", "/SHA256SUMS", "/seam/"]
        for (path, digest) in withoutSeam where !touched.contains(where: path.hasPrefix) { #expect(withSeam[path] == digest, "\(path)") }
    }

    /// The run as the options alone assemble it is the run with exactly the writers they ask for.
    @Test func theOptionsRegisterTheWritersTheyAskFor() {
        var options = GeneratorOptions(inputs: [], output: URL(fileURLWithPath: "/tmp/out"))
        #expect(OutputWriters.writers(for: options).isEmpty)
        options.assetCatalog = "Stickers"
        options.writeWeb = true
        options.assetCatalogWidths = [375]
        options.encoder = PNGEncoder(compressionLevel: 9)
        let writers = OutputWriters.writers(for: options)
        #expect(writers.count == 2)
        let catalog = writers.first as? AssetCatalogWriter
        #expect(catalog?.name == "Stickers" && catalog?.widths == [375] && catalog?.encoder.compressionLevel == 9)
        #expect(writers.last is WebSpriteWriter)
    }

    /// Run fingerprints (in every shard record) read the options by reflection: the typed
    /// requests read as the dictionary they replaced, so fingerprints did not change.
    @Test func fingerprintsReadTheRequestsAsTheDictionaryTheyReplaced() {
        let requests = OutputRequests(assetCatalog: AssetCatalogRequest(name: "Stickers"), web: WebRequest())
        #expect(CanonicalText.of(requests) == CanonicalText.of(["xcassets": "Stickers", "web": ""]))
        #expect(CanonicalText.of(OutputRequests()) == CanonicalText.of([String: String]()))
    }
}
