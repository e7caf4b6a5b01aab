import Diagnostics
import Foundation

/// A list of `{text, image}` dictionaries under the app's own name (MYPEmotionKeyboard's
/// `MyEmotions.plist`, `Expression.plist`), read as `MYPEmotion(fromDictionary:)` reads it: a tap
/// inserts `text`, the button draws `image` with `UIImage(named:)`, the list's order is the
/// keyboard's. `UIImage(named:)` finds an asset name in the app's asset catalog
/// (`Images.xcassets/baibai.imageset/`) or a file beside the list (`baibai@2x.png`): the image
/// folder is the one of those holding most of the names, a tie an error naming both.
///
/// Recognised by content: a root array whose first item is a dictionary with `text` and `image`.
enum TextImageListLayout: KitListLayout {
    static func fits(_ first: [String: Any]) -> Bool { first["text"] is String && first["image"] is String }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        guard let items = source.items else { return .failure(PackLayouts.unrecognised(source)) }
        let mapItems = items.map { item -> MapItem in
            let dict = item as? [String: Any] ?? [:]
            let text = dict["text"] as? String ?? ""
            var mapItem = MapItem(
                texts: text.isEmpty ? [] : [text], image: dict["image"] as? String ?? "", extensions: MapItem.stemExtensions, name: Entry.bareName(text),
                imageKey: "image", textKey: "text")
            if !(item is [String: Any]) {
                mapItem.problem = ("item", "expected a dictionary of text and image, found \(PackReader.typeName(item))")
            } else if !(dict["text"] is String) {
                mapItem.problem = ("text", dict["text"].map { "expected the text a tap inserts, found \(PackReader.typeName($0))" } ?? "missing")
            } else if !(dict["image"] is String) {
                mapItem.problem = ("image", dict["image"].map { "expected an image name, found \(PackReader.typeName($0))" } ?? "missing")
            }
            if MapLayouts.drawnExtensions.contains((mapItem.image as NSString).pathExtension.lowercased()) { mapItem.extensions = nil }
            return mapItem
        }
        // The list's folder or an asset catalog in it: the one holding most of the names.
        let candidates =
            [source.folder]
            + PackReader.sortedSubfolders(source.folder).filter { AssetCatalogImages.isCatalog(URL(fileURLWithPath: $0)) }
            .map { source.folder.appendingPathComponent($0) }
        let (best, winners) = ImageFolderIndex.mostNames(in: candidates, sides: [(side: "image", names: mapItems.map(\.image))])
        if best > 0, winners.count > 1 {
            let named = winners.map { "\(TextMapLayout.display($0.folder, in: source))/" }.joined(separator: " as in ")
            return .failure(.packageOrder(path: source.display, reason: "the images are found as well in \(named); keep one"))
        }
        let folder = best > 0 ? winners[0].folder : source.folder
        if folder != source.folder, let escape = Containment.escape(folder, inside: source.folder) {
            return .failure(.unsafeLink(path: TextMapLayout.display(folder, in: source), target: escape))
        }
        var map = MapFile(
            layout: "text-image-list", items: mapItems, imageFolder: folder == source.folder ? nil : folder,
            description: "a list of text and image dictionaries (MYPEmotionKeyboard)")
        map.order = "in the list's order"
        if folder != source.folder { map.details.append("images in \(folder.lastPathComponent)/") }
        return .success(MapLayouts.contents(of: source, map: map))
    }
}
