import EmoticonManifest
import Foundation
import Imaging
import PipelineTestSupport
import TestSupport
import Testing

@testable import Pipeline
@testable import SiteOutputs

/// `--xcassets`: every Contents.json against golden files (Apple's format, byte for byte), the
/// image sets hold exactly the sheets, and the manifest's `imageSet` names an image set that exists.
struct AssetCatalogTests {
    static let golden = Fixtures.packageRoot.appendingPathComponent("Tests/SiteOutputsTests/Golden/Emoticons.xcassets")

    static func contentsFiles(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.lastPathComponent == "Contents.json" else { continue }
            files[String(url.path.dropFirst(root.path.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }

    /// Any-width sheets (the default): one image set per page (`faces/page-000`); per-width
    /// sheets: one per page and width (`faces/375-page-000`), as before.
    @Test(arguments: [Manifest.SheetLayout.anyWidth, .perWidth])
    func contentsJSONMatchesGoldenFiles(sheets: Manifest.SheetLayout) throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: out) {
            $0.assetCatalog = "Emoticons"
            $0.sheetLayout = sheets
        }
        let produced = try Self.contentsFiles(out.appendingPathComponent("Emoticons.xcassets"))
        #expect(produced.count == 14)
        let golden = sheets == .perWidth ? Self.golden : Self.golden.deletingLastPathComponent().appendingPathComponent("any-width/Emoticons.xcassets")
        try Golden.check(files: produced, against: golden, including: { $0.hasSuffix("Contents.json") })
    }

    /// Every width's manifest names its page's image set, which holds exactly the sheets the
    /// manifest names: with any-width sheets the same set in every manifest, each written once.
    @Test(arguments: [Manifest.SheetLayout.anyWidth, .perWidth])
    func imageSetsHoldTheSheetsTheManifestNames(sheets: Manifest.SheetLayout) throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: out, widths: [320, 414]) {
            $0.assetCatalog = "Keyboard"
            $0.sheetLayout = sheets
        }
        let catalog = out.appendingPathComponent("Keyboard.xcassets")
        var imageSets = Set<String>()
        for width in [320, 414] {
            let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/\(width).json")))
            for tab in manifest.tabs {
                for page in tab.pages {
                    let name = try #require(page.imageSet)
                    let widthPart = sheets == .perWidth ? "\(width)-" : ""
                    #expect(name == "\(tab.id.replacingOccurrences(of: ".", with: "-"))/\(widthPart)page-\(String(format: "%03d", page.index))")
                    let set = catalog.appendingPathComponent("\(name).imageset")
                    let contents = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: set.appendingPathComponent("Contents.json"))) as? [String: Any])
                    let images = try #require(contents["images"] as? [[String: String]])
                    #expect(images.map { $0["scale"] } == ["2x", "3x"])
                    #expect(images.allSatisfy { $0["idiom"] == "universal" })
                    let listed = Set(images.compactMap { $0["filename"] } + ["Contents.json"])
                    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: set.path)) == listed)
                    for (image, scale) in zip(images, [2, 3]) {
                        let copy = try Data(contentsOf: set.appendingPathComponent(image["filename"]!))
                        #expect(copy == (try Data(contentsOf: out.appendingPathComponent(page.sheets["\(scale)"]!))))
                    }
                    imageSets.insert(name)
                }
            }
        }
        #expect(imageSets.count == (sheets == .perWidth ? 2 : 1) * (2 + 4 + 1))
        let written = FileTree.files(catalog).filter { $0.hasSuffix(".imageset/Contents.json") && !$0.contains("tab-icon") }
        #expect(written.count == imageSets.count, "no image set the manifests do not name")
        // Without --xcassets there is no catalog and no imageSet.
        let plain = Fixtures.temporaryDirectory().appendingPathComponent("plain")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: plain)
        #expect(!(try String(contentsOf: plain.appendingPathComponent("manifests/375.json"), encoding: .utf8)).contains("imageSet"))
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: plain.path)).contains { $0.hasSuffix(".xcassets") })
    }

    /// Each tab's icon is an image set of its own (`faces/tab-icon`): the icon's whole square cut
    /// from the strip, pixel for pixel, the same name at every width.
    @Test func tabIconImageSetsAreTheSquareCutFromTheStrip() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: out, widths: [320, 414]) { $0.assetCatalog = "Keyboard" }
        let catalog = out.appendingPathComponent("Keyboard.xcassets")
        let manifests = try [320, 414].map { try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/\($0).json"))) }
        #expect(manifests[0].tabs.map(\.icon?.imageSet) == manifests[1].tabs.map(\.icon?.imageSet))
        for (index, tab) in manifests[0].tabs.enumerated() {
            let icon = try #require(tab.icon)
            #expect(icon.imageSet == "\(AssetCatalogWriter.folderNames(for: manifests[0].tabs.map(\.id))[index])/tab-icon")
            let set = catalog.appendingPathComponent("\(icon.imageSet!).imageset")
            #expect(try FileManager.default.contentsOfDirectory(atPath: set.path).sorted() == ["Contents.json", "tab-icon@2x.png", "tab-icon@3x.png"])
            for scale in [2, 3] {
                let box = 24 * scale
                let image = try PNGDecoder().decode(contentsOf: set.appendingPathComponent("tab-icon@\(scale)x.png")).image
                let strip = try PNGDecoder().decode(contentsOf: out.appendingPathComponent(icon.sheets["\(scale)"]!)).image
                #expect(image.width == box && image.height == box)
                var same = true
                for y in 0..<box { for x in 0..<box where image.pixel(x: x, y: y) != strip.pixel(x: index * box + x, y: y) { same = false } }
                #expect(same, "\(tab.id) @\(scale)x differs from its square in the strip")
                let sprite = icon.sprite["\(scale)"]!
                #expect(image.pixel(x: sprite.x - index * box + sprite.width / 2, y: sprite.y + sprite.height / 2).a > 0)
            }
        }
        // Without --xcassets the manifest names no image set for the icons.
        let plain = Fixtures.temporaryDirectory().appendingPathComponent("plain")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: plain)
        #expect(try Manifest.decode(try Data(contentsOf: plain.appendingPathComponent("manifests/375.json"))).tabs.allSatisfy { $0.icon != nil && $0.icon?.imageSet == nil })
    }

    @Test func cropKeepsPixelsAndPadsOutsideTheImage() {
        var image = RGBAImage(width: 3, height: 2)
        image.setPixel(x: 2, y: 1, (1, 2, 3, 4))
        let cut = AssetCatalogWriter.crop(image, to: Manifest.PixelRect(x: 1, y: 0, width: 3, height: 3))
        #expect(cut.width == 3 && cut.height == 3 && cut.pixel(x: 1, y: 1) == (1, 2, 3, 4))
        #expect(cut.pixel(x: 2, y: 1) == (0, 0, 0, 0) && cut.pixel(x: 1, y: 2) == (0, 0, 0, 0))
    }

    @Test func folderNamesAvoidExtensionsAndClashes() {
        #expect(
            AssetCatalogWriter.folderNames(for: ["faces", "com.emokit.animals", "com-emokit-animals", "Faces", "a.b", "a-b", "a-b-2"])
                == ["faces", "com-emokit-animals", "com-emokit-animals-2", "Faces-2", "a-b", "a-b-2", "a-b-2-2"])
    }

    @Test func badNamesAndScalesAreRefused() {
        #expect(AssetCatalogName.problem(name: "Emoticons", scales: [1, 2, 3]) == nil)
        for name in ["", ".hidden", "a/b", "x.xcassets"] {
            #expect(AssetCatalogName.problem(name: name, scales: [2]) != nil, "\(name)")
        }
        #expect(AssetCatalogName.problem(name: "Emoticons", scales: [2, 4]) == "asset catalogs hold 1x, 2x and 3x images; remove 4 from --scales or drop --xcassets")
        #expect(AssetCatalogName.problem(name: nil, scales: [4]) == nil)
    }
}
