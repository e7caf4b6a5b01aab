import EmoticonManifest
import Foundation
import Testing

/// Opening a keyboard wherever an app keeps emokit's output: a folder reference, a flattened copy,
/// an asset catalog, an explicit base URL. Every sheet is found, or the error names it.
struct KeyboardFilesTests {
    @Test func aFolderReferenceFindsEverySheetWhereItIs() throws {
        let folder = try KeyboardOutputFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try KeyboardOutputFixture.writeOutputFolder(to: folder)
        let files = try EmoticonKeyboardFiles(folder: folder)
        #expect(files.arrangement == .outputFolder && files.scales == [2, 3])
        #expect(files.pageSheet(tab: 0, page: 1, scale: 3) == .file(folder.appendingPathComponent("sheets/faces/page-001@3x.png")))
        #expect(files.pageSheet(tab: 0, page: 2, scale: 3) == nil)
        let icon = try #require(files.tabIcon(tab: 1, scale: 2))
        #expect(icon.sheet == .file(folder.appendingPathComponent("sheets/tab-icons@2x.png")) && icon.sprite?.x == 48)
        let thumbsUp = try #require(files.keyboard.emoticon(forText: "👍🏽"))
        #expect(files.sheet(for: thumbsUp, scale: 2) == .file(folder.appendingPathComponent("sheets/emoji/variants/sheet-000@2x.png")))
    }

    @Test func aMissingSheetIsAnErrorNamingIt() throws {
        let folder = try KeyboardOutputFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try KeyboardOutputFixture.writeOutputFolder(to: folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("sheets/faces/page-001@3x.png"))
        let expected = EmoticonKeyboardFilesError.missingFile(
            path: "sheets/faces/page-001@3x.png", what: "page 2 of tab faces at @3x", lookedAt: folder.appendingPathComponent("sheets/faces/page-001@3x.png").path)
        #expect(throws: expected) { try EmoticonKeyboardFiles(folder: folder) }
        #expect(expected.description.hasPrefix("sheets/faces/page-001@3x.png (page 2 of tab faces at @3x): not found at "))
        // The app that ships @2x only opens it.
        #expect(try EmoticonKeyboardFiles(folder: folder, scales: [2]).scales == [2])
        #expect(throws: EmoticonKeyboardFilesError.scaleNotGenerated(scale: 4, generated: [2, 3])) { try EmoticonKeyboardFiles(folder: folder, scales: [4]) }
    }

    /// Copied flat, the two tabs' `page-000@2x.png` collide: one survives, so opening refuses,
    /// naming the file and both paths, instead of drawing one tab's page in the other.
    @Test func aFlattenedCopyWithClashingNamesIsRefused() throws {
        let folder = try KeyboardOutputFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try KeyboardOutputFixture.writeOutputFolder(to: folder.appendingPathComponent("out"))
        try KeyboardOutputFixture.flatten(folder.appendingPathComponent("out"), into: folder.appendingPathComponent("App.app"))
        let error = EmoticonKeyboardFilesError.sameNameInFlatCopy(name: "page-000@2x.png", paths: ["sheets/faces/page-000@2x.png", "sheets/emoji/page-000@2x.png"])
        #expect(throws: error) { try EmoticonKeyboardFiles(folder: folder.appendingPathComponent("App.app")) }
        #expect(error.description.hasPrefix("sheets/faces/page-000@2x.png: the copy is flattened"))
        #expect(error.description.contains("folder reference"))
    }

    /// A keyboard whose sheet names are unique (one tab) loads flattened, every sheet by its name.
    @Test func aFlattenedCopyWithUniqueNamesLoads() throws {
        let folder = try KeyboardOutputFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var manifest = KeyboardOutputFixture.manifest()
        manifest.tabs.removeLast()
        try KeyboardOutputFixture.writeOutputFolder(manifest, to: folder.appendingPathComponent("out"))
        let app = folder.appendingPathComponent("App.app")
        try KeyboardOutputFixture.flatten(folder.appendingPathComponent("out"), into: app)
        let files = try EmoticonKeyboardFiles(folder: app, screenWidth: 393)
        #expect(files.arrangement == .flattened)
        for page in 0..<2 {
            for scale in [2, 3] {
                let sheet = try #require(files.pageSheet(tab: 0, page: page, scale: scale))
                #expect(sheet == .file(app.appendingPathComponent(String(format: "page-%03d@%dx.png", page, scale))))
                guard case .file(let url) = sheet else { continue }
                // The file there is that sheet (the fixture writes each sheet's path as its bytes).
                #expect(try Data(contentsOf: url) == Data("sheets/faces/\(String(format: "page-%03d@%dx.png", page, scale))".utf8))
            }
        }
        try FileManager.default.removeItem(at: app.appendingPathComponent("tab-icons@3x.png"))
        #expect(
            throws: EmoticonKeyboardFilesError.missingFile(path: "sheets/tab-icons@3x.png", what: "the tab bar icon of tab faces at @3x", lookedAt: app.appendingPathComponent("tab-icons@3x.png").path)
        ) {
            try EmoticonKeyboardFiles(folder: app)
        }
    }

    @Test func anAssetCatalogIsCheckedByImageSetName() throws {
        let folder = try KeyboardOutputFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try KeyboardOutputFixture.writeOutputFolder(to: folder)
        let url = folder.appendingPathComponent("manifests/100.json")
        let sets: Set<String> = ["faces/page-000", "faces/page-001", "emoji/page-000", "faces/tab-icon", "emoji/tab-icon"]
        let files = try EmoticonKeyboardFiles(manifest: url, assetCatalog: { sets.contains($0) }, variantsFolder: folder)
        #expect(files.pageSheet(tab: 0, page: 1, scale: 3) == .imageSet("faces/page-001"))
        #expect(files.tabIcon(tab: 0, scale: 2)?.sheet == .imageSet("faces/tab-icon") && files.tabIcon(tab: 0, scale: 2)?.sprite == nil)
        let variant = try #require(files.keyboard.emoticon(forText: "👍🏽"))
        #expect(files.sheet(for: variant, scale: 3) == .file(folder.appendingPathComponent("sheets/emoji/variants/sheet-000@3x.png")))
        #expect(throws: EmoticonKeyboardFilesError.missingImageSet(name: "faces/page-001", what: "page 2 of tab faces at @2x")) {
            try EmoticonKeyboardFiles(manifest: url, assetCatalog: { $0 != "faces/page-001" }, variantsFolder: folder)
        }
        // Variants sheets are not in the catalog: without a folder for them, the error says so.
        #expect(throws: EmoticonKeyboardFilesError.missingFile(path: "sheets/emoji/variants/sheet-000@2x.png", what: "skin-tone variants of tab emoji at @2x", lookedAt: nil)) {
            try EmoticonKeyboardFiles(manifest: url, assetCatalog: { sets.contains($0) })
        }
    }

    @Test func anExplicitBaseURLAndFoldersWithoutAManifest() throws {
        let folder = try KeyboardOutputFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try KeyboardOutputFixture.writeOutputFolder(to: folder.appendingPathComponent("Application Support/out"))
        let manifest = folder.appendingPathComponent("Application Support/out/manifests/100.json")
        let files = try EmoticonKeyboardFiles(manifest: manifest, baseURL: folder.appendingPathComponent("Application Support/out"))
        #expect(files.pageSheet(tab: 1, page: 0, scale: 2) == .file(folder.appendingPathComponent("Application Support/out/sheets/emoji/page-000@2x.png")))
        #expect(
            throws: EmoticonKeyboardFilesError.missingFile(
                path: "sheets/faces/page-000@2x.png", what: "page 1 of tab faces at @2x", lookedAt: folder.appendingPathComponent("sheets/faces/page-000@2x.png").path)
        ) {
            try EmoticonKeyboardFiles(manifest: manifest, baseURL: folder)
        }
        #expect(throws: EmoticonKeyboardFilesError.noManifest(folder: folder.path, folderExists: true)) { try EmoticonKeyboardFiles(folder: folder) }
        let missing = folder.appendingPathComponent("nope")
        #expect(throws: EmoticonKeyboardFilesError.noManifest(folder: missing.path, folderExists: false)) { try EmoticonKeyboardFiles(folder: missing) }
    }

    @Test func paletteIsRGBAInLightAndDark() throws {
        let colors = KeyboardOutputFixture.manifest().colors
        let light = try KeyboardPalette(colors, dark: false), dark = try KeyboardPalette(colors, dark: true)
        #expect(light.background == RGBAColor(red: 0xF4 / 255.0, green: 0xF4 / 255.0, blue: 0xF6 / 255.0, alpha: 1))
        #expect(dark.background == RGBAColor(red: 0x1C / 255.0, green: 0x1C / 255.0, blue: 0x1E / 255.0))
        var lightOnly = colors
        lightOnly.dark = nil
        #expect(try KeyboardPalette(lightOnly, dark: true) == light)
        lightOnly.pageDot = "#12345"
        #expect(throws: KeyboardPaletteError(key: "colors.pageDot", value: "#12345")) { try KeyboardPalette(lightOnly, dark: false) }
        #expect(RGBAColor(hex: "#FF000080") == RGBAColor(red: 1, green: 0, blue: 0, alpha: 128 / 255.0))
        #expect(RGBAColor(hex: "#GG0000") == nil && RGBAColor(hex: "#+12345") == nil)
        #expect(Manifest.Rect(x: 1, y: 2, width: 3.5, height: 4).cgRect == CGRect(x: 1, y: 2, width: 3.5, height: 4))
    }
}

extension KeyboardFilesTests {
    /// Flattened, the keyboard's own `sheetURL` has no folder to resolve against: nil, never a URL
    /// to a file that is not there.
    @Test func aFlattenedKeyboardHasNoBaseURL() throws {
        let folder = try KeyboardOutputFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var manifest = KeyboardOutputFixture.manifest()
        manifest.tabs.removeLast()
        try KeyboardOutputFixture.writeOutputFolder(manifest, to: folder.appendingPathComponent("out"))
        try KeyboardOutputFixture.flatten(folder.appendingPathComponent("out"), into: folder.appendingPathComponent("App.app"))
        let files = try EmoticonKeyboardFiles(folder: folder.appendingPathComponent("App.app"))
        #expect(files.keyboard.baseURL == nil && files.keyboard.sheetURL(tab: 0, page: 0, scale: 2) == nil)
        #expect(files.pageSheet(tab: 0, page: 0, scale: 2) != nil)
    }
}

extension KeyboardFilesTests {
    /// A flattened copy shares the bundle's root with the app's other files: a Lottie animation's
    /// `1.json`, or a manifest renamed to a width it was not made for, is not the keyboard's
    /// manifest, though the narrowest-width rule would pick it first.
    @Test func aFlattenedCopySkipsJSONThatIsNotItsManifest() throws {
        let folder = try KeyboardOutputFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var manifest = KeyboardOutputFixture.manifest()
        manifest.tabs.removeLast()
        try KeyboardOutputFixture.writeOutputFolder(manifest, to: folder.appendingPathComponent("out"))
        let app = folder.appendingPathComponent("App.app")
        try KeyboardOutputFixture.flatten(folder.appendingPathComponent("out"), into: app)
        let lottie = Data(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[]}"#.utf8)
        try lottie.write(to: app.appendingPathComponent("1.json"))
        try manifest.jsonData().write(to: app.appendingPathComponent("50.json"))
        let files = try EmoticonKeyboardFiles(folder: app)
        #expect(files.arrangement == .flattened && files.keyboard.manifest.screenWidth == 100)
        #expect(try EmoticonKeyboardFiles(folder: app, screenWidth: 60).keyboard.manifest.screenWidth == 100)

        // Nothing but those two: the error names each file tried and why it was skipped.
        try FileManager.default.removeItem(at: app.appendingPathComponent("100.json"))
        let expected = EmoticonKeyboardFilesError.noManifestAmong(
            folder: app.path,
            skipped: ["1.json: not an emokit manifest: missing key 'schemaVersion'", "50.json: an emokit manifest for screenWidth 100, not 50"])
        #expect(throws: expected) { try EmoticonKeyboardFiles(folder: app) }
        #expect(expected.description.hasPrefix("\(app.path): no emokit manifest among its <width>.json files (1.json: not an emokit manifest"))
        #expect(!expected.description.contains("\n"))
    }
}
