import Diagnostics
import EmoticonManifest
import Foundation
import Imaging
import OutputTransaction

/// `--xcassets NAME`: the sheets as an Xcode asset catalog, `NAME.xcassets` inside the output, so an
/// app target can add the folder as is and load a page with `UIImage(named: page.imageSet)`.
///
/// A folder per tab with `"provides-namespace": true`, an image set per page holding that page's
/// sheets at each scale (with any-width sheets one per page, named `faces/page-000` in every
/// width's manifest; with per-width sheets one per page and width, `faces/375-page-000`), and one
/// per tab holding its tab bar icon
/// (`faces/tab-icon`: the icon's whole square cut from the tab icon strip, so
/// `UIImage(named: tab.icon.imageSet)` is the `size`-pt square a tab bar shows, the same at every
/// width), each `Contents.json` in Apple's format. Written from the finished manifests, so the
/// catalog and `imageSet` can never disagree. The catalog's name rules (its default name, which
/// names and scales it refuses) are `AssetCatalogName`'s, in `Settings`, where the options are checked.
package struct AssetCatalogWriter {
    package let name: String
    /// `--sheets`: any-width sheets make one image set per page that every width names;
    /// per-width sheets one per page and width.
    package var sheetLayout: Manifest.SheetLayout
    /// `--xcassets-widths` (per-width sheets only): the widths whose pages the catalog holds;
    /// nil: every width.
    package var widths: [Int]?
    /// For the tab icons cut from their strip (the sheets' own `--compression`).
    package var encoder = PNGEncoder()

    package init(name: String, sheetLayout: Manifest.SheetLayout = .anyWidth, widths: [Int]? = nil, encoder: PNGEncoder = PNGEncoder()) {
        self.name = name
        self.sheetLayout = sheetLayout
        self.widths = widths
        self.encoder = encoder
    }

    /// The image set of one page, as the manifest names it (`folder` from `folderNames`):
    /// `faces/page-000` for an any-width sheet (`width` nil), `faces/375-page-000` for a
    /// per-width one. Xcode keys an image set by its name alone, so the width is in the name
    /// only where there is a sheet per width.
    package static func imageSetName(folder: String, width: Int?, page: Int) -> String {
        let name = "page-\(String(format: "%03d", page))"
        return width.map { "\(folder)/\($0)-\(name)" } ?? "\(folder)/\(name)"
    }

    /// The image set of a tab's icon, as the manifest names it (`tab.icon.imageSet`).
    package static func tabIconSetName(folder: String) -> String { "\(folder)/tab-icon" }

    /// Each tab's folder in the catalog: its id with dots made dashes (Xcode reads a folder's
    /// extension as its type: `com.emokit.animals` would be an unknown `.animals` item). Names
    /// that then clash, ignoring case as macOS does, get `-2`, `-3`... in tab order.
    package static func folderNames(for tabIDs: [String]) -> [String] {
        var taken = Set<String>()
        return tabIDs.map { id in
            let base = id.replacingOccurrences(of: ".", with: "-")
            var name = base, suffix = 2
            while !taken.insert(name.lowercased()).inserted {
                name = "\(base)-\(suffix)"
                suffix += 1
            }
            return name
        }
    }

    package func write(_ manifests: [PagedManifest], output: OutputFolder) throws(OutputError) {
        let root = "\(name).xcassets"
        try output.writeJSON(Catalog(info: .emokit), to: "\(root)/Contents.json")
        var folders = Set<String>()
        // With any-width sheets every width's manifest names the same image sets: each is written once.
        var imageSets = Set<String>()
        var strips: [String: RGBAImage] = [:]
        for manifest in manifests {
            let tabs = manifest.header.tabs
            for (index, folder) in Self.folderNames(for: tabs.map(\.id)).enumerated() {
                if folders.insert(folder).inserted {
                    try output.writeJSON(Folder(info: .emokit, properties: .init(providesNamespace: true)), to: "\(root)/\(folder)/Contents.json")
                    // The icon is the same at every width: one image set per tab.
                    if let icon = tabs[index].icon, let set = icon.imageSet {
                        try writeTabIcon(icon, scales: manifest.header.scales, to: "\(root)/\(set).imageset", strips: &strips, output: output)
                    }
                }
                for page in manifest.pages(ofTab: index) {
                    guard let set = page.imageSet, imageSets.insert(set).inserted else { continue }
                    var images: [ImageSet.Image] = []
                    for scale in manifest.header.scales.sorted() {
                        guard let sheet = page.sheets["\(scale)"] else { continue }
                        let filename = (sheet as NSString).lastPathComponent
                        try output.write(try output.readStaged(sheet), to: "\(root)/\(set).imageset/\(filename)")
                        images.append(.init(filename: filename, idiom: "universal", scale: "\(scale)x"))
                    }
                    try output.writeJSON(ImageSet(images: images, info: .emokit), to: "\(root)/\(set).imageset/Contents.json")
                }
            }
        }
    }

    /// The icon's square at each scale, cut from its strip (decoded once per strip).
    package func writeTabIcon(_ icon: Manifest.TabIcon, scales: [Int], to folder: String, strips: inout [String: RGBAImage], output: OutputFolder) throws(OutputError) {
        var images: [ImageSet.Image] = []
        for scale in scales.sorted() {
            guard let strip = icon.sheets["\(scale)"], let sprite = icon.sprite["\(scale)"] else { continue }
            if strips[strip] == nil {
                // Only the sheets this icon is cut from are kept: one per scale, however many tabs.
                strips = strips.filter { icon.sheets.values.contains($0.key) }
                do { strips[strip] = try PNGDecoder().decode(contentsOf: output.staging.appendingPathComponent(strip), displayPath: strip).image } catch {
                    throw .cannotWrite(path: strip, reason: "cannot read back the tab icon strip (\(error.description))")
                }
            }
            let filename = "tab-icon@\(scale)x.png"
            let square = Self.crop(strips[strip]!, to: TabIconCell.cell(of: sprite, size: icon.size, scale: scale))
            let png: [UInt8]
            do { png = try encoder.encode(square, path: "\(folder)/\(filename)") } catch { throw .cannotWrite(path: "\(folder)/\(filename)", reason: error.description) }
            try output.write(Data(png), to: "\(folder)/\(filename)")
            images.append(.init(filename: filename, idiom: "universal", scale: "\(scale)x"))
        }
        try output.writeJSON(ImageSet(images: images, info: .emokit), to: "\(folder)/Contents.json")
    }

    /// The pixels of `rect` (transparent where it leaves the image).
    package static func crop(_ image: RGBAImage, to rect: Manifest.PixelRect) -> RGBAImage {
        var result = RGBAImage(width: max(1, rect.width), height: max(1, rect.height))
        let left = max(0, rect.x), right = min(image.width, rect.x + rect.width)
        guard left < right else { return result }
        for row in max(0, rect.y)..<min(image.height, rect.y + rect.height) {
            let from = (row * image.width + left) * 4
            let to = ((row - rect.y) * result.width + (left - rect.x)) * 4
            result.pixels.replaceSubrange(to..<(to + (right - left) * 4), with: image.pixels[from..<(from + (right - left) * 4)])
        }
        return result
    }

    // Apple's Contents.json shapes (keys sorted, two-space indent: what Xcode itself writes).
    package struct Info: Encodable {
        package let author: String
        package let version: Int
        package static let emokit = Info(author: "emokit", version: 1)
    }
    package struct Catalog: Encodable { let info: Info }
    package struct Folder: Encodable {
        package let info: Info
        package let properties: Properties
        package struct Properties: Encodable {
            package let providesNamespace: Bool
            package enum CodingKeys: String, CodingKey { case providesNamespace = "provides-namespace" }
        }
    }
    package struct ImageSet: Encodable {
        package let images: [Image]
        package let info: Info
        package struct Image: Encodable { let filename: String; let idiom: String; let scale: String }
    }

}

extension OutputFolder {
    /// A file this run already wrote into staging (a sheet copied into another format).
    package func readStaged(_ relativePath: String) throws(OutputError) -> Data {
        let url = staging.appendingPathComponent(relativePath)
        do { return try Data(contentsOf: url) } catch {
            throw .cannotWrite(path: url.path, reason: "cannot read back (\(error.localizedDescription))")
        }
    }
}

extension AssetCatalogWriter: ManifestWriter {
    /// `imageSet`: each tab icon's image set, and each page's: the page's one image set in every
    /// manifest with any-width sheets; with per-width sheets its width's, in the widths the
    /// catalog holds (`widths`; a width it leaves out names no image set for its pages).
    package func annotation(for sources: ManifestSources) -> ManifestAnnotation? {
        let folders = Self.folderNames(for: sources.tabIDs)
        let widths = sheetLayout == .anyWidth ? nil : self.widths
        let anyWidth = sheetLayout == .anyWidth
        return ManifestAnnotation(
            header: { manifest in
                for tab in manifest.tabs.indices { manifest.tabs[tab].icon?.imageSet = Self.tabIconSetName(folder: folders[tab]) }
            },
            page: { page, tab, width in
                guard widths?.contains(width) ?? true else { return }
                page.imageSet = Self.imageSetName(folder: folders[tab], width: anyWidth ? nil : width, page: page.index)
            })
    }
}
