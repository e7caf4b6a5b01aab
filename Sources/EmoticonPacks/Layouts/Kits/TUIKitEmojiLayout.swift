import Diagnostics
import Foundation

/// Tencent TUIKit's (TUIChat's) `TUIChatFace.bundle/emoji/emoji.plist`, read as its
/// `TUIConfig defaultFace` reads it: an array of `{face_id, face_name}` in the keyboard's order,
/// each drawn from `emoji/<face_name>` (`[TUIEmoji_Smile]@2x.png`); newer kits add `face_file`,
/// the image's stem (`emoji/<face_file>@2x.png`). A tap inserts `face_name`, which TUIKit's
/// clients draw as that image. (TUIKit's sticker groups, `4350/yz00@2x.png`..., are set up in
/// its code, not in a file: a folder of them reads as plain images.)
///
/// Recognised by content: a root array whose first item is a dictionary with `face_name` and
/// `face_id` or `face_file` (and no `face_image_name`: ChatKit's, tried first).
enum TUIKitEmojiLayout: KitListLayout {
    static func fits(_ first: [String: Any]) -> Bool { first["face_name"] != nil && (first["face_id"] != nil || first["face_file"] != nil) }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        guard let items = source.items else { return .failure(PackLayouts.unrecognised(source)) }
        let mapItems = items.map { item -> MapItem in
            let face = item as? [String: Any] ?? [:]
            let name = face["face_name"] as? String ?? ""
            let file = face["face_file"] as? String
            var mapItem = MapItem(
                texts: name.isEmpty ? [] : [name], image: file ?? name, extensions: ["png"], name: Entry.bareName(name),
                imageKey: file == nil ? "face_name" : "face_file", textKey: "face_name")
            if !(item is [String: Any]) {
                mapItem.problem = ("item", "expected a dictionary of face_id and face_name, found \(PackReader.typeName(item))")
            } else if !(face["face_name"] is String) || name.isEmpty {
                mapItem.problem = ("face_name", face["face_name"].map { "expected the text a tap inserts, found \(PackReader.typeName($0))" } ?? "missing")
            } else if let value = face["face_file"], !(value is String) {
                mapItem.problem = ("face_file", "expected the image's name, found \(PackReader.typeName(value))")
            }
            return mapItem
        }
        var map = MapFile(layout: "tuikit-emoji", items: mapItems, description: "a Tencent TUIKit emoji list")
        map.order = "in the file's order"
        return .success(MapLayouts.contents(of: source, map: map))
    }
}
