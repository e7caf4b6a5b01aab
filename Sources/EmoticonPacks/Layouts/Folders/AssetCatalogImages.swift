import Diagnostics
import FileAccess
import Foundation

/// Images named by asset name in an Xcode asset catalog beside a map (`Emoticons.xcassets/
/// Expression_1.imageset/`), as `UIImage(named:)` finds them: the image set's `Contents.json`
/// lists its files by scale (`1x`, `2x`, `3x`). Every file must be a plain name inside the image
/// set (after symlinks), and `Contents.json` is read under a size cap, as any pack file.
enum AssetCatalogImages {
    static let maxContentsBytes = 1 << 20

    static func isCatalog(_ folder: URL) -> Bool { folder.pathExtension.lowercased() == "xcassets" }

    /// Whether the catalog has an image set of that name.
    static func has(_ name: String, in catalog: URL) -> Bool {
        FileNamePolicy.unsafeReason(name) == nil && PackReader.isDirectory(catalog.appendingPathComponent("\(name).imageset"))
    }

    /// The image set's files by scale; a failure names what is wrong.
    static func variants(of name: String, in catalog: URL, display: String) -> Result<[ImageFile.Variant], EntryProblem> {
        let set = catalog.appendingPathComponent("\(name).imageset")
        let setDisplay = "\(display)/\(name).imageset"
        guard has(name, in: catalog) else { return .failure("no image set \(path: "\(setDisplay)/")") }
        if let escape = Containment.escape(set, inside: catalog) { return .failure("\(path: setDisplay) links outside the catalog (to \(escape))") }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: try RegularFile.read(set.appendingPathComponent("Contents.json"), maxBytes: maxContentsBytes))
        } catch {
            return .failure("\(path: "\(setDisplay)/Contents.json"): cannot read (\(String(describing: error)))")
        }
        let images = ((root as? [String: Any])?["images"] as? [Any]) ?? []
        var variants: [ImageFile.Variant] = []
        for case let image as [String: Any] in images {
            guard let file = image["filename"] as? String else { continue }
            let scale = Int(((image["scale"] as? String) ?? "1x").dropLast()) ?? 1
            guard (1...3).contains(scale), !variants.contains(where: { $0.scale == scale }) else { continue }
            if let reason = FileNamePolicy.unsafeReason(file) { return .failure("\(path: "\(setDisplay)/Contents.json"): unsafe file name \(PackError.quote(file)): \(reason)") }
            let url = set.appendingPathComponent(file)
            guard PackReader.isRegularFile(url) else { return .failure("file not found: \(path: "\(setDisplay)/\(file)") (listed in its Contents.json)") }
            if let escape = Containment.escape(url, inside: set) { return .failure("\(path: "\(setDisplay)/\(file)") links outside the image set (to \(escape))") }
            variants.append(.init(scale: scale, folder: set, fileName: file, folderDisplay: setDisplay))
        }
        if variants.isEmpty { return .failure("\(path: "\(setDisplay)/Contents.json") lists no image file") }
        return .success(variants.sorted { $0.scale < $1.scale })
    }
}
