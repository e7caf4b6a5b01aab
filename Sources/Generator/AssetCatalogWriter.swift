import EmoticonManifest
import Foundation

/// `--xcassets NAME`: the sheets as an Xcode asset catalog, `NAME.xcassets` inside the output, so an
/// app target can add the folder as is and load a page with `UIImage(named: page.imageSet)`.
///
/// A folder per tab with `"provides-namespace": true` (names read `faces/375-page-000`), an image
/// set per page and width holding that page's sheets, each `Contents.json` in Apple's format.
/// Written from the finished manifests, so the catalog and `imageSet` can never disagree.
struct AssetCatalogWriter {
    let name: String

    static let defaultName = "Emoticons"

    /// The image set of one page, as the manifest names it (`folder` from `folderNames`).
    static func imageSetName(folder: String, width: Int, page: Int) -> String {
        "\(folder)/\(width)-page-\(String(format: "%03d", page))"
    }

    /// Each tab's folder in the catalog: its id with dots made dashes (Xcode reads a folder's
    /// extension as its type: `com.emokit.animals` would be an unknown `.animals` item). Names
    /// that then clash, ignoring case as macOS does, get `-2`, `-3`... in tab order.
    static func folderNames(for tabIDs: [String]) -> [String] {
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

    /// Why `name` and `scales` cannot make a catalog, or nil.
    static func problem(name: String?, scales: [Int]) -> String? {
        guard let name else { return nil }
        if name.isEmpty || name.hasPrefix(".") || name.contains("/") || name.contains("\\") || name.hasSuffix(".xcassets") {
            return "--xcassets takes a plain name such as Emoticons (the folder is NAME.xcassets), not '\(name)'"
        }
        if let scale = scales.first(where: { $0 > 3 }) {
            return "asset catalogs hold 1x, 2x and 3x images; remove \(scale) from --scales or drop --xcassets"
        }
        return nil
    }

    func write(_ manifests: [PagedManifest], output: OutputFolder) throws(GenerationError) {
        let root = "\(name).xcassets"
        try output.writeJSON(Catalog(info: .emokit), to: "\(root)/Contents.json")
        var folders = Set<String>()
        for manifest in manifests {
            let tabs = manifest.header.tabs
            for (index, folder) in Self.folderNames(for: tabs.map(\.id)).enumerated() {
                if folders.insert(folder).inserted {
                    try output.writeJSON(Folder(info: .emokit, properties: .init(providesNamespace: true)), to: "\(root)/\(folder)/Contents.json")
                }
                for page in manifest.pages(ofTab: index) {
                    guard let set = page.imageSet else { continue }
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

    // Apple's Contents.json shapes (keys sorted, two-space indent: what Xcode itself writes).
    struct Info: Encodable {
        let author: String
        let version: Int
        static let emokit = Info(author: "emokit", version: 1)
    }
    struct Catalog: Encodable { let info: Info }
    struct Folder: Encodable {
        let info: Info
        let properties: Properties
        struct Properties: Encodable {
            let providesNamespace: Bool
            enum CodingKeys: String, CodingKey { case providesNamespace = "provides-namespace" }
        }
    }
    struct ImageSet: Encodable {
        let images: [Image]
        let info: Info
        struct Image: Encodable { let filename: String; let idiom: String; let scale: String }
    }

}

extension OutputFolder {
    /// A file this run already wrote into staging (a sheet copied into another format).
    func readStaged(_ relativePath: String) throws(GenerationError) -> Data {
        let url = staging.appendingPathComponent(relativePath)
        do { return try Data(contentsOf: url) } catch {
            throw .output(path: url.path, reason: "cannot read back (\(error.localizedDescription))")
        }
    }
}
