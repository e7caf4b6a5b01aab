import BundledTemplates
import EmoticonManifest
import Foundation
import KeyboardLayout
import OutputTransaction
import SiteOutputs

/// `--android`: `android/` inside the output, ready to merge into an app module:
///
/// - `res/drawable-<density>/emk_<tab>_p000.png`: each page's sheet at each density (drawn by
///   the run's render step, `AndroidDensitySheets` in `Pipeline`, at the density's own icon box);
/// - `res/raw/emokit_manifest.json`: the keyboard in dp, with each page's drawable and each
///   button's sprite per density (`AndroidManifestFile`);
/// - `res/values/emokit.xml` (and `res/values-night/emokit.xml` with the dark colours): the
///   keyboard's colours and dimensions for layout XML (`AndroidValues`);
/// - `kotlin/emokit/`: the Kotlin runtime (`EmokitKeyboard.kt`, `EmokitText.kt`,
///   `EmokitUnicode.kt` and `EmokitJson.kt`, tested on the JVM, and `EmokitKeyboardView.kt`, the Android view glue,
///   which cannot be compiled without the Android SDK).
///
/// Written from the finished manifests: the manifest takes the first (every manifest holds the
/// same grid, tabs and buttons; only the frames at its width differ, and the app lays out at its
/// own width).
package struct AndroidWriter: ManifestWriter {
    package let densities: [AndroidDensity]

    package init(densities: [AndroidDensity]) {
        self.densities = Set(densities).sorted()
    }

    /// The Kotlin runtime's files in `Templates/android/`, as written into `android/kotlin/emokit/`.
    package static let runtimeFiles = ["EmokitKeyboard.kt", "EmokitText.kt", "EmokitUnicode.kt", "EmokitJson.kt", "EmokitKeyboardView.kt"]

    package func write(_ manifests: [PagedManifest], output: OutputFolder) throws(OutputError) {
        guard let manifest = manifests.first else { return }
        let header = manifest.header
        let names = AndroidResourceNames(tabIDs: header.tabs.map(\.id))
        let sheets = densities.map { DensitySheet(grid: Self.gridSpec(header.grid), density: $0) }
        for (tab, prefix) in names.tabPrefixes.enumerated() {
            for page in 0..<manifest.pageCounts[tab] {
                // The render step drew every page at every density; a missing one is a bug, said so.
                for sheet in sheets {
                    let path = Self.sheetPath(density: sheet.density, name: names.page(tab: tab, page: page))
                    guard FileManager.default.fileExists(atPath: output.staging.appendingPathComponent(path).path) else {
                        throw .cannotWrite(path: path, reason: "the page's sheet at \(sheet.density.rawValue) was not drawn (tab \(prefix))")
                    }
                }
            }
        }
        let file = Self.manifestFile(manifest, names: names, sheets: sheets)
        try output.write(try Self.compactJSON(file, path: Self.manifestPath), to: Self.manifestPath)
        // Each sticker's picture, as the pack ships it, as a raw resource the app sends.
        var pictures: [String: String] = [:]
        for button in file.tabs.lazy.flatMap(\.pages).flatMap(\.buttons) {
            if let path = button.imagePath, let name = button.image { pictures[path] = name }
        }
        for (path, name) in pictures.sorted(by: { $0.key < $1.key }) {
            let bytes: Data
            do { bytes = try Data(contentsOf: output.staging.appendingPathComponent(path)) } catch {
                throw .cannotWrite(path: path, reason: "cannot read the sticker back for res/raw (\(error.localizedDescription))")
            }
            try output.write(bytes, to: "android/res/raw/\(name).\((path as NSString).pathExtension)")
        }
        try output.write(Data(AndroidValues.xml(colors: header.colors, grid: header.grid, metrics: header.metrics).utf8), to: "android/res/values/emokit.xml")
        if let dark = header.colors.dark {
            try output.write(Data(AndroidValues.nightXML(dark).utf8), to: "android/res/values-night/emokit.xml")
        }
        for file in Self.runtimeFiles {
            guard let bytes = BundledTemplates.files["android/\(file)"] else {
                throw .cannotWrite(path: "android/kotlin/emokit/\(file)", reason: "the Kotlin runtime is missing from this build of emokit")
            }
            try output.write(Data(bytes), to: "android/kotlin/emokit/\(file)")
        }
    }

    /// The manifest's place: a raw resource, `R.raw.emokit_manifest`.
    package static let manifestPath = "android/res/raw/emokit_manifest.json"

    /// `value` as JSON with sorted keys on one line (deterministic; the file ships inside the app,
    /// where the manifests' indentation would double its size), and a final newline.
    static func compactJSON(_ value: some Encodable, path: String) throws(OutputError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(value)
            data.append(0x0A)
            return data
        } catch {
            throw .cannotWrite(path: path, reason: "cannot encode the Android manifest (\(error))")
        }
    }

    /// Where a page's sheet at a density goes: `android/res/drawable-hdpi/emk_faces_p000.png`.
    package static func sheetPath(density: AndroidDensity, name: String) -> String {
        "android/res/drawable-\(density.rawValue)/\(name).png"
    }

    /// The grid's sheet geometry as the manifest records it.
    package static func gridSpec(_ grid: Manifest.Grid) -> GridSpec {
        GridSpec(columns: grid.columns, rows: grid.rows, rowHeight: grid.cellHeight, iconSize: grid.iconSize)
    }

    static func manifestFile(_ manifest: PagedManifest, names: AndroidResourceNames, sheets: [DensitySheet]) -> AndroidManifestFile {
        let header = manifest.header
        let tabs = header.tabs.enumerated().map { tab, info in
            AndroidManifestFile.Tab(
                id: info.id, title: info.title, kind: info.kind, resourcePrefix: names.tabPrefixes[tab], entryCount: info.entryCount,
                displayOnly: info.displayOnly,
                pages: manifest.pages(ofTab: tab).map { page in
                    AndroidManifestFile.Page(index: page.index, drawable: names.page(tab: tab, page: page.index), buttons: page.buttons.map { button(of: $0, sheets: sheets) })
                })
        }
        return AndroidManifestFile(
            generator: header.generator, layout: header.layout, locale: header.locale, densities: sheets.map(AndroidManifestFile.Density.init),
            grid: .init(header.grid), metrics: header.metrics, colors: header.colors, tabs: tabs)
    }

    /// A button with its icon box per density; none where the manifest's button has no sprite
    /// (a system-font emoji, a skipped glyph).
    static func button(of button: Manifest.Button, sheets: [DensitySheet]) -> AndroidManifestFile.Button {
        let sprite: [String: [Int]]? =
            button.sprite.isEmpty
            ? nil
            : Dictionary(
                uniqueKeysWithValues: sheets.map { sheet in
                    let box = sheet.boxRect(row: button.row, column: button.column)
                    return (sheet.density.rawValue, [box.x, box.y, box.width, box.height])
                })
        var result = AndroidManifestFile.Button(
            kind: button.kind, index: button.index, row: button.row, column: button.column, entry: button.entry, text: button.text,
            textTraditional: button.textTraditional, name: button.name, emoji: button.codePoints == nil ? nil : true, systemGlyph: button.systemGlyph, missingGlyph: button.missingGlyph,
            sprite: sprite)
        if let path = button.image, button.sends == .image {
            // `images/<sha256>.webp` -> `emk_image_<sha256>`: a raw resource name ([a-z0-9_], a letter first).
            (result.sends, result.image, result.imagePath) = ("image", "emk_image_" + ((path as NSString).lastPathComponent as NSString).deletingPathExtension, path)
        }
        return result
    }
}
