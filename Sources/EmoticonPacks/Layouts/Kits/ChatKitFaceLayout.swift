import Diagnostics
import Foundation

/// LeanCloud ChatKit's `Emoji.bundle/face.plist` (and the XMChatBar keyboards it grew from), read
/// as its `LCCKFaceManager` reads it: an array of `{face_id, face_name, face_image_name,
/// face_rank}`, shown in the file's order. A tap inserts `face_name`; the image is
/// `face_image_name` in the bundle (`[龇牙]@2x.png`). The kit finds a face by `face_id`: the
/// first face with an id wins it, and id 999 is its delete key, whose image is `[删除]`.
///
/// Recognised by content (`KitListLayout`), whatever the file is called: a root array whose
/// first item is a dictionary with `face_name` and `face_image_name`.
enum ChatKitFaceLayout: KitListLayout {
    /// The delete key's image, as `faceImageNameWithFaceID:999` names it.
    static let deleteKey = "[删除]"
    /// The id the kit keeps for its delete key.
    static let deleteID = 999

    static func fits(_ first: [String: Any]) -> Bool { first["face_name"] != nil && first["face_image_name"] != nil }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        guard let items = source.items else { return .failure(PackLayouts.unrecognised(source)) }
        var firstIndexOfID: [Int: Int] = [:]
        let mapItems = items.enumerated().map { index, item in self.item(item, index: index, firstIndexOfID: &firstIndexOfID) }
        var map = MapFile(layout: "chatkit-face", items: mapItems, description: "a LeanCloud ChatKit face list")
        map.order = "in the file's order"
        map.ownImages = [deleteKey]
        var contents = MapLayouts.contents(of: source, map: map)
        contents.deleteKeyNames = ["\(deleteKey).png"]
        return .success(contents)
    }

    /// One face as a map item: its problem (the key it names), or why ChatKit never shows it.
    static func item(_ item: Any, index: Int, firstIndexOfID: inout [Int: Int]) -> MapItem {
        let face = item as? [String: Any] ?? [:]
        let name = face["face_name"] as? String ?? ""
        var mapItem = MapItem(
            texts: name.isEmpty ? [] : [name], image: face["face_image_name"] as? String ?? "", extensions: MapItem.stemExtensions,
            name: Entry.bareName(name), imageKey: "face_image_name", textKey: "face_name")
        if !(item is [String: Any]) {
            mapItem.problem = ("item", "expected a dictionary of face_id, face_name and face_image_name, found \(PackReader.typeName(item))")
        } else if !(face["face_name"] is String) {
            mapItem.problem = ("face_name", face["face_name"].map { "expected a string, found \(PackReader.typeName($0))" } ?? "missing")
        } else if !(face["face_image_name"] is String) {
            mapItem.problem = ("face_image_name", face["face_image_name"].map { "expected a string, found \(PackReader.typeName($0))" } ?? "missing")
        } else if let id = faceID(face["face_id"]) {
            if id == deleteID {
                mapItem.skipped = "face_id 999 is ChatKit's delete key, never an emoticon"
            } else if let first = firstIndexOfID[id] {
                mapItem.skipped = "face_id \(id) is entry \(first)'s too; ChatKit finds a face by its id, so it shows entry \(first) in its place"
            } else {
                firstIndexOfID[id] = index
            }
        } else {
            mapItem.problem = ("face_id", face["face_id"].map { "expected a whole number, found \(PackError.quote("\($0)"))" } ?? "missing (ChatKit finds each face by its id)")
        }
        // A name with an extension is a file name; ChatKit's are asset names (`[龇牙]`).
        if MapLayouts.drawnExtensions.contains((mapItem.image as NSString).pathExtension.lowercased()) { mapItem.extensions = nil }
        return mapItem
    }

    /// `face_id` as the kit reads it (`integerValue`): a number, or a string of digits.
    static func faceID(_ value: Any?) -> Int? {
        switch value {
        case let text as String: return Int(text.trimmingCharacters(in: .whitespaces))
        case let number as NSNumber where !PackReader.isBoolean(number): return number.intValue
        default: return nil
        }
    }
}
