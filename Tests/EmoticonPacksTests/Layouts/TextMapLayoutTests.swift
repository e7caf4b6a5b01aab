import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// Text-to-image dictionary plists under a chat kit's own name, images in a subfolder or `.bundle`.
struct TextMapLayoutTests {
    @Test func textToImageInTheFilesKeyOrderWithImagesInASubfolder() throws {
        let result = try LayoutFixtures.read("TextMaps/Liuqs")
        let pack = try #require(result.packs.first)
        #expect(result.packs.count == 1 && !pack.displayOnly)
        // XML dict order, not sorted (sorted would be 呲牙, 流汗, 调皮).
        #expect(pack.entries.map(\.text) == ["[呲牙]", "[调皮]", "[流汗]"])
        #expect(pack.entries.map(\.name) == ["呲牙", "调皮", "流汗"])
        #expect(pack.entries.map(\.imageFiles) == [["1.png"], ["2.png"], ["3.png"]])
        #expect(pack.entries.first?.animation?.name == "1.gif" && pack.entries[1].animation == nil)
        if case .image(let file) = pack.entries[0].content { #expect(file.variants.first?.displayPath == "Liuqs/经典表情/1.png") }
        #expect(
            result.notes.map(\.description) == [
                "Liuqs/LiuqsEmotions.plist: read as a text-to-image dictionary (text to image): 3 emoticons in the map's order; images in 经典表情/"
            ])
        #expect(result.warnings.isEmpty)
    }

    @Test func anArrayPlistListingTheTextsGivesTheOrderAndABundleTheImages() throws {
        let result = try LayoutFixtures.read("TextMaps/MLEmoji")
        let pack = try #require(result.packs.first)
        #expect(pack.entries.map(\.text) == ["[色]", "[微笑]", "[撇嘴]"])
        // Only @2x files: they serve every scale.
        #expect(pack.entries.map(\.imageFiles) == [["Expression_3@2x.png"], ["Expression_1@2x.png"], ["Expression_2@2x.png"]])
        #expect(result.notes.first?.description.contains("3 emoticons in the order of MLEmoji_Expression.plist; images in MLEmoji_Expression.bundle/") == true)
    }

    @Test func imageToTextIsToldByWhichSideNamesImages() throws {
        let pack = try #require(try LayoutFixtures.read("TextMaps/EaseUI").packs.first)
        #expect(pack.entries.map(\.text) == ["[:(]", "[):]", "[:D]"])
        #expect(pack.entries.map(\.imageFiles) == [["ee_2.png"], ["ee_1.png"], ["ee_3.png"]])
    }

    @Test func twoPossibleImageFoldersOrTwoMapsAreAnErrorNamingThem() throws {
        let folder = try LayoutFixtures.copy("TextMaps/Liuqs")
        try Fixtures.copy(folder.appendingPathComponent("经典表情"), to: folder.appendingPathComponent("备份"))
        #expect(
            LayoutFixtures.errors(folder.path) == [
                "Liuqs/LiuqsEmotions.plist: images found as well for values in Liuqs/备份/ as for values in Liuqs/经典表情/; keep one, or choose with the config file's packFiles (\"images\", \"texts\")"
            ])
        try FileManager.default.removeItem(at: folder.appendingPathComponent("备份"))
        try Fixtures.copy(folder.appendingPathComponent("LiuqsEmotions.plist"), to: folder.appendingPathComponent("Copy.plist"))
        #expect(
            LayoutFixtures.errors(folder.path) == [
                "Liuqs/Copy.plist: the folder holds several text-to-image maps (Copy.plist, LiuqsEmotions.plist); keep the one to read, or name it as \"map\" in the config file's packFiles"
            ])
    }

    @Test func assetNamesAreReadFromTheImageSetsOfACatalogBesideTheMap() throws {
        let result = try LayoutFixtures.read("TextMaps/Catalog")
        let pack = try #require(result.packs.first)
        #expect(pack.entries.map(\.text) == ["[撇嘴]", "[微笑]"])
        // The files and scales the image set's Contents.json lists.
        guard case .image(let pout) = pack.entries[0].content, case .image(let smile) = pack.entries[1].content else {
            Issue.record("expected images")
            return
        }
        #expect(pout.variants.map(\.scale) == [1, 2] && pout.variants.map(\.fileName) == ["pout.png", "pout@2x.png"])
        #expect(
            smile.variants.map(\.scale) == [2, 3]
                && smile.variants.map(\.displayPath) == ["Catalog/Emoticons.xcassets/Expression_1.imageset/smile@2x.png", "Catalog/Emoticons.xcassets/Expression_1.imageset/smile@3x.png"])
        #expect(result.notes.first?.description.hasSuffix("images in Emoticons.xcassets/") == true)
    }

    @Test func anImageSetListingAFileThatIsNotThereOrLeavesItIsRefused() throws {
        let folder = try LayoutFixtures.copy("TextMaps/Catalog")
        let contents = folder.appendingPathComponent("Emoticons.xcassets/Expression_2.imageset/Contents.json")
        try String(contentsOf: contents, encoding: .utf8).replacingOccurrences(of: "pout@2x.png", with: "../pout@2x.png").write(to: contents, atomically: true, encoding: .utf8)
        let errors = LayoutFixtures.errors(folder.path)
        #expect(
            errors.count == 1
                && errors[0].hasPrefix("Catalog/Faces.plist: entry 0 (\"[撇嘴]\"): value: Catalog/Emoticons.xcassets/Expression_2.imageset/Contents.json: unsafe file name \"../pout@2x.png\""))
    }
}
