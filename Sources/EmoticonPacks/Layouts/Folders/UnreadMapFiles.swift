import FileAccess
import Foundation

/// Never silent about a map: a folder read as plain images (or code-point images) while a file
/// beside them looks like a map of them (`.plist`, `.xml`, `.json`, a Pidgin-style `theme`, a
/// text file naming the images) gets a warning naming that file, since its texts and order are
/// what the app would use.
///
/// A text file (`.txt`, `.tsv`, `.csv`, `.yaml`) is a map when most of its lines name one of the
/// images (by file name or by name: `smile.png`, `smile`), or when its name is one a map goes by
/// (`emoji.txt`, `init`'s `names.tsv`): a `LICENSE.txt` or `README.txt` beside the images names
/// none of them and is no map.
enum UnreadMapFiles {
    static let extensions: Set<String> = ["plist", "xml", "json"]
    /// Text files that may be maps; read (a little) to see whether they name the images.
    static let textExtensions: Set<String> = ["txt", "tsv", "csv", "yaml", "yml"]
    /// Text files that are maps by their name alone.
    static let mapNames: Set<String> = ["emoji.txt", "names.tsv", "names.txt"]
    /// How much of a text file is read to find an image's name in it.
    static let sniffBytes = 1 << 20

    /// One warning per map-like file in `folder`, in name order.
    static func warnings(in folder: URL, display: String) -> [PackError] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { name in
                let ext = (name as NSString).pathExtension.lowercased()
                return !name.hasPrefix(".") && (extensions.contains(ext) || textExtensions.contains(ext) || name.lowercased() == "theme")
            }
            .filter { PackReader.isRegularFile(folder.appendingPathComponent($0)) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var imageNames: Set<String>?
        return names.compactMap { name in
            let file = folder.appendingPathComponent(name)
            if textExtensions.contains(file.pathExtension.lowercased()), !mapNames.contains(name.lowercased()) {
                if imageNames == nil { imageNames = Set(PlainImageFolderLayout.images(in: folder).flatMap { [$0.file, $0.stem] }) }
                guard namesAnImage(file, imageNames: imageNames ?? []) else { return nil }
            }
            return .unreadMapFile(path: display, file: name, reason: reason(file))
        }
    }

    /// Whether a text file reads as a map of `imageNames`: at least half of its lines (not
    /// blank, not `#` comments) name one of them as a word of its own (split at spaces, tabs,
    /// commas, colons, `=`, `|`, `;` and quotes), as a map's lines each do and a licence's or a
    /// readme's do not (a word such as `a` or `smile` may name an image by chance). A file emokit
    /// cannot read (too large, not a regular file) counts: better one warning too many than a map
    /// passed over in silence.
    static func namesAnImage(_ file: URL, imageNames: Set<String>) -> Bool {
        guard RegularFile.specialKind(of: file) == nil, let data = try? RegularFile.read(file, maxBytes: sniffBytes) else { return true }
        let separators: Set<Character> = [" ", "\t", ",", ":", "=", "|", ";", "\"", "'"]
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let naming = lines.filter { line in line.split(whereSeparator: { separators.contains($0) }).contains { imageNames.contains(String($0)) } }.count
        return naming > 0 && naming * 2 >= lines.count
    }

    /// What emokit saw in the file, as far as it can tell without reading it as a map.
    static func reason(_ file: URL) -> String {
        let name = file.lastPathComponent.lowercased()
        if let kind = RegularFile.specialKind(of: file) { return "it is \(kind), not a regular file" }
        if name == "info.plist", PackReader.isAppleBundleInfo(file) { return "an Apple bundle's Info.plist, never a pack's" }
        if name == "names.tsv" { return "emokit init's names file: run emokit init on the folder to give the entries its texts" }
        switch file.pathExtension.lowercased() {
        case "plist": return PackFileContent.unreadPlistReason(file)
        case "xml": return PackFileContent.unreadXMLReason(file)
        case "json": return "emokit reads a JSON map only as a YYKit group's info.json, a Pleroma pack.json, a Misskey meta.json or a WhatsApp contents.json"
        case "txt", "tsv", "csv": return "emokit reads a text map only as a Pleroma emoji.txt (shortcode, file[, tags]) or a Pidgin theme"
        case "yaml", "yml": return "no layout emokit knows reads a YAML map"
        default: return "a Pidgin theme needs a [default] section of image and text lines"
        }
    }
}
