import Foundation

/// A keyboard and where its pictures are, checked when it is opened: every page sheet, tab icon
/// and skin-tone variants sheet at the scales asked for is found, or opening throws an error
/// naming the first that is not. An app never gets a sheet URL that points at nothing (a blank
/// page) from it.
///
/// An app copies emokit's output into its bundle in one of these ways, and opens it from there:
///
/// | how the app holds the output | open it with |
/// |---|---|
/// | a **folder reference** (Xcode: "Create folder references"; a blue folder): `Emoticons/manifests/393.json`, `Emoticons/sheets/...` | `EmoticonKeyboardFiles(folder: Bundle.main.url(forResource: "Emoticons", withExtension: nil)!)` |
/// | **flattened** into the bundle's root (Xcode: "Create groups"): `393.json`, `page-000@2x.png` | `EmoticonKeyboardFiles(folder: Bundle.main.resourceURL!)` (works only while no two sheets share a file name: see `EmoticonKeyboardFilesError.sameNameInFlatCopy`) |
/// | `Emoticons.xcassets` (`--xcassets`) and a manifest | `EmoticonKeyboardFiles(manifest: url, assetCatalog: { UIImage(named: $0) != nil })` |
/// | anywhere else (downloaded, Application Support) | `EmoticonKeyboardFiles(manifest: url, baseURL: outputFolder)` |
///
/// `folder:` finds which of the first two it is by itself: `manifests/` inside the folder is an
/// output folder, `<width>.json` beside the sheets a flattened copy (only a file that reads as an
/// emokit manifest of that `screenWidth`: the app's other `<int>.json` files are skipped).
public struct EmoticonKeyboardFiles: Sendable {
    /// How the app's copy of the output is arranged.
    public enum Arrangement: Equatable, Sendable {
        /// The output folder as emokit wrote it (a folder reference, or an explicit base URL):
        /// sheet paths resolve against it as written.
        case outputFolder
        /// Every file in one folder (an Xcode group copied into the bundle's root): a sheet is found
        /// by its file name alone.
        case flattened
        /// Page sheets and tab icons are image sets of an asset catalog (`imageSet`), loaded by
        /// name; skin-tone variants sheets, which the catalog does not hold, from `variantsFolder`.
        case assetCatalog
    }

    /// The keyboard: manifest, lookups and layout. Its `baseURL` is the output folder (nil for a
    /// flattened copy or an asset catalog without `variantsFolder`); prefer `pageSheet(tab:page:scale:)`
    /// and `sheet(for:scale:)`, which know how the copy is arranged.
    public let keyboard: EmoticonKeyboard
    /// How the files were found.
    public let arrangement: Arrangement
    /// The scales whose sheets were checked (and that `sheet(...)` answers for).
    public let scales: [Int]
    /// The folder file paths resolve in: the output folder, or the flat folder; for an asset
    /// catalog, the output folder variants sheets come from (nil when none was given).
    public let folder: URL?

    /// Opens the output copied into `folder`, as a folder reference (`folder/manifests/<W>.json`)
    /// or flattened (`folder/<W>.json`). With several manifests (one per `--widths` entry), the one
    /// for `screenWidth` by `ManifestWidthChoice`'s rule (any of them lays out at any width when the
    /// sheets are any-width; the narrowest when `screenWidth` is nil). `scales`: the sheet scales to
    /// check and use (default: every scale of the manifest).
    public init(folder: URL, screenWidth: Double? = nil, scales: [Int]? = nil) throws(EmoticonKeyboardFilesError) {
        let manifests = folder.appendingPathComponent("manifests")
        let nested = Self.manifestWidths(in: manifests)
        let keyboard: EmoticonKeyboard
        let arrangement: Arrangement
        if let width = ManifestWidthChoice.choose(forScreenWidth: screenWidth ?? 0, among: nested)?.width {
            let url = manifests.appendingPathComponent("\(width).json")
            do throws(EmoticonKeyboardError) { keyboard = try EmoticonKeyboard(contentsOf: url) } catch { throw .manifest(error) }
            arrangement = .outputFolder
        } else {
            keyboard = try Self.flatManifest(in: folder, screenWidth: screenWidth)
            arrangement = .flattened
        }
        // Flattened, sheet paths do not resolve against any folder: `keyboard.sheetURL` answers nil
        // there rather than a URL to nothing; `pageSheet(tab:page:scale:)` finds each file by name.
        let baseURL = arrangement == .flattened ? nil : folder
        try self.init(checking: EmoticonKeyboard(manifest: keyboard.manifest, baseURL: baseURL), arrangement: arrangement, folder: folder, scales: scales)
    }

    /// The manifest of a flattened copy. The bundle's root holds the app's other files too, and
    /// any of them may be named `<int>.json` (a Lottie animation's `1.json`, say), so a file is the
    /// keyboard's manifest only when it reads as an emokit manifest whose `screenWidth` is the
    /// width in its name. Others are skipped and the choice is made again among the rest; when
    /// none is left, the error names every file tried and why it was skipped.
    static func flatManifest(in folder: URL, screenWidth: Double?) throws(EmoticonKeyboardFilesError) -> EmoticonKeyboard {
        var widths = manifestWidths(in: folder)
        var skipped: [String] = []
        while let width = ManifestWidthChoice.choose(forScreenWidth: screenWidth ?? 0, among: widths)?.width {
            widths.removeAll { $0 == width }
            do throws(EmoticonKeyboardError) {
                let keyboard = try EmoticonKeyboard(contentsOf: folder.appendingPathComponent("\(width).json"))
                if keyboard.manifest.screenWidth == width { return keyboard }
                skipped.append("\(width).json: an emokit manifest for screenWidth \(keyboard.manifest.screenWidth), not \(width)")
            } catch {
                skipped.append(error.description)
            }
        }
        guard skipped.isEmpty else { throw .noManifestAmong(folder: folder.path, skipped: skipped) }
        throw .noManifest(folder: folder.path, folderExists: FileManager.default.fileExists(atPath: folder.path))
    }

    /// Opens the manifest at `manifest` with its sheet paths resolved against `baseURL`, the
    /// output folder (for an output downloaded or unpacked at run time).
    public init(manifest: URL, baseURL: URL, scales: [Int]? = nil) throws(EmoticonKeyboardFilesError) {
        let keyboard: EmoticonKeyboard
        do throws(EmoticonKeyboardError) { keyboard = try EmoticonKeyboard(contentsOf: manifest) } catch { throw .manifest(error) }
        try self.init(checking: EmoticonKeyboard(manifest: keyboard.manifest, baseURL: baseURL), arrangement: .outputFolder, folder: baseURL, scales: scales)
    }

    /// Opens the manifest at `manifest` whose pages and tab icons are in an asset catalog
    /// (`generate --xcassets`): `imageSetExists` answers whether the app has an image set of that
    /// name (`{ UIImage(named: $0) != nil }`). Skin-tone variants sheets are not in the catalog:
    /// they are read from `variantsFolder` (the output folder, or a folder reference to it) when
    /// the keyboard has any.
    public init(
        manifest: URL, assetCatalog imageSetExists: (String) -> Bool, variantsFolder: URL? = nil, scales: [Int]? = nil
    ) throws(EmoticonKeyboardFilesError) {
        let keyboard: EmoticonKeyboard
        do throws(EmoticonKeyboardError) { keyboard = try EmoticonKeyboard(contentsOf: manifest) } catch { throw .manifest(error) }
        try self.init(
            checking: EmoticonKeyboard(manifest: keyboard.manifest, baseURL: variantsFolder), arrangement: .assetCatalog, folder: variantsFolder,
            scales: scales, imageSetExists: imageSetExists)
    }

    /// Checks every file the keyboard draws from, at `scales`, in manifest order.
    init(
        checking keyboard: EmoticonKeyboard, arrangement: Arrangement, folder: URL?, scales: [Int]?, imageSetExists: (String) -> Bool = { _ in true }
    ) throws(EmoticonKeyboardFilesError) {
        let manifest = keyboard.manifest
        let scales = scales ?? manifest.scales
        for scale in scales where !manifest.scales.contains(scale) {
            throw .scaleNotGenerated(scale: scale, generated: manifest.scales)
        }
        self.keyboard = keyboard
        self.arrangement = arrangement
        self.scales = scales
        self.folder = folder
        do throws(KeyboardPaletteError) { _ = try KeyboardPalette(manifest.colors, dark: false); _ = try KeyboardPalette(manifest.colors, dark: true) } catch {
            throw .badColor(error)
        }
        let files = Self.files(of: manifest, scales: scales)
        if arrangement == .flattened {
            var byName: [String: [String]] = [:]
            for file in files where !byName[Self.fileName(file.path), default: []].contains(file.path) {
                byName[Self.fileName(file.path), default: []].append(file.path)
            }
            for file in files {
                let paths = byName[Self.fileName(file.path)] ?? []
                if paths.count > 1 { throw .sameNameInFlatCopy(name: Self.fileName(file.path), paths: paths) }
            }
        }
        for file in files {
            if arrangement == .assetCatalog, file.kind != .variants {
                guard let name = file.imageSet else { throw .noImageSet(file: file.path, what: file.what) }
                if !imageSetExists(name) { throw .missingImageSet(name: name, what: file.what) }
                continue
            }
            guard let url = self.url(forPath: file.path) else { throw .missingFile(path: file.path, what: file.what, lookedAt: nil) }
            var isFolder: ObjCBool = false
            if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) || isFolder.boolValue {
                throw .missingFile(path: file.path, what: file.what, lookedAt: url.path)
            }
        }
    }

    /// The file at `path` (relative to the output folder) in this copy: the path as written in an
    /// output folder, its file name alone in a flattened copy; nil without a folder.
    public func url(forPath path: String) -> URL? {
        guard let folder else { return nil }
        return arrangement == .flattened ? folder.appendingPathComponent(Self.fileName(path)) : folder.appendingPathComponent(path)
    }

    /// Where a page's sheet is at `scale`: an image set in an asset catalog (`UIImage(named:)`
    /// picks the device's scale, which the app lays out at), else a file. Nil for an unknown
    /// page or a scale that was not checked.
    public func pageSheet(tab: Int, page: Int, scale: Int) -> SheetReference? {
        guard scales.contains(scale), let found = keyboard.page(tab: tab, page: page), let path = found.sheets["\(scale)"] else { return nil }
        if arrangement == .assetCatalog { return found.imageSet.map(SheetReference.imageSet) }
        return url(forPath: path).map(SheetReference.file)
    }

    /// Where the picture of `emoticon` is at `scale`: its page's sheet, or for a skin-tone variant
    /// its tab's variants sheet (a file, even beside an asset catalog).
    public func sheet(for emoticon: Emoticon, scale: Int) -> SheetReference? {
        guard let variant = emoticon.variant else { return pageSheet(tab: emoticon.tab, page: emoticon.page, scale: scale) }
        guard scales.contains(scale), let path = variant.sheet["\(scale)"] else { return nil }
        return url(forPath: path).map(SheetReference.file)
    }

    /// A tab's tab bar icon at `scale`: the asset catalog's whole `size`-pt square (draw it as it
    /// is), or a file holding the icon at `icon.sprite[scale]`. Nil for a tab without an icon.
    public func tabIcon(tab: Int, scale: Int) -> (sheet: SheetReference, sprite: Manifest.PixelRect?)? {
        guard scales.contains(scale), keyboard.tabs.indices.contains(tab), let icon = keyboard.tabs[tab].icon else { return nil }
        if arrangement == .assetCatalog { return icon.imageSet.map { (SheetReference.imageSet($0), nil) } }
        guard let path = icon.sheets["\(scale)"], let url = url(forPath: path) else { return nil }
        return (.file(url), icon.sprite["\(scale)"])
    }

    /// One file the keyboard draws from.
    struct File {
        enum Kind { case page, tabIcon, variants }
        let kind: Kind
        let path: String
        let imageSet: String?
        /// What it is, for errors: "page 2 of tab faces".
        let what: String
    }

    /// Every page sheet, tab icon sheet and variants sheet at `scales`, in manifest order.
    static func files(of manifest: Manifest, scales: [Int]) -> [File] {
        var files: [File] = []
        for tab in manifest.tabs {
            for page in tab.pages {
                for scale in scales {
                    if let path = page.sheets["\(scale)"] {
                        files.append(File(kind: .page, path: path, imageSet: page.imageSet, what: "page \(page.index + 1) of tab \(tab.id) at @\(scale)x"))
                    }
                }
            }
            for scale in scales {
                if let path = tab.icon?.sheets["\(scale)"] {
                    files.append(File(kind: .tabIcon, path: path, imageSet: tab.icon?.imageSet, what: "the tab bar icon of tab \(tab.id) at @\(scale)x"))
                }
                for sheet in tab.variantSheets ?? [] {
                    if let path = sheet.sheets["\(scale)"] {
                        files.append(File(kind: .variants, path: path, imageSet: nil, what: "skin-tone variants of tab \(tab.id) at @\(scale)x"))
                    }
                }
            }
        }
        return files
    }

    /// The manifests' widths in `folder`: its files named `<width>.json`, sorted.
    static func manifestWidths(in folder: URL) -> [Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap { name -> Int? in
            guard name.hasSuffix(".json"), let width = Int(name.dropLast(5)), width > 0, String(width) + ".json" == name else { return nil }
            return width
        }.sorted()
    }

    static func fileName(_ path: String) -> String { String(path.split(separator: "/").last ?? Substring(path)) }
}

/// Where a sheet is: a file, or an image set of the app's asset catalog.
public enum SheetReference: Equatable, Hashable, Sendable {
    /// A PNG file (`UIImage(contentsOfFile: url.path)`).
    case file(URL)
    /// An asset catalog image set (`UIImage(named: name)`), at the device's scale.
    case imageSet(String)
}
