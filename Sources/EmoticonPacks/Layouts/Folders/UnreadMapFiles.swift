import FileAccess
import Foundation

/// Never silent about a map: a folder read as plain images (or code-point images) while a file
/// beside them looks like a map of them (`.plist`, `.xml`, `.json`, a Pidgin-style `theme`) gets
/// a warning naming that file, since its texts and order are what the app would use.
enum UnreadMapFiles {
    static let extensions: Set<String> = ["plist", "xml", "json"]

    /// One warning per map-like file in `folder`, in name order.
    static func warnings(in folder: URL, display: String) -> [PackError] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { name in
                !name.hasPrefix(".") && (extensions.contains((name as NSString).pathExtension.lowercased()) || name.lowercased() == "theme")
            }
            .filter { PackReader.isRegularFile(folder.appendingPathComponent($0)) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return names.map { name in
            let file = folder.appendingPathComponent(name)
            return .unreadMapFile(path: display, file: name, reason: reason(file))
        }
    }

    /// What emokit saw in the file, as far as it can tell without reading it as a map.
    static func reason(_ file: URL) -> String {
        let name = file.lastPathComponent.lowercased()
        if let kind = RegularFile.specialKind(of: file) { return "it is \(kind), not a regular file" }
        if name == "info.plist", PackReader.isAppleBundleInfo(file) { return "an Apple bundle's Info.plist, never a pack's" }
        switch file.pathExtension.lowercased() {
        case "plist": return PackFileContent.unreadPlistReason(file)
        case "xml": return PackFileContent.unreadXMLReason(file)
        case "json": return "emokit reads a JSON map only as a YYKit group's info.json, a Pleroma pack.json or a Misskey meta.json"
        default: return "a Pidgin theme needs a [default] section of image and text lines"
        }
    }
}
