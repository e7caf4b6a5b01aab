import EmoticonPacks
import Foundation
import PropertyLists

/// `emokit init --update`: brings a pack's `info.plist` up to date with its folder without
/// touching what a person wrote. Images no entry names are appended as new entries (grouped with
/// their `@2x`/`@3x` files and GIF, as `init` lists them, texts from `names.tsv`); entries whose
/// files are all gone are reported, and removed only when asked. Every other entry and key is
/// kept byte for byte: an XML plist is edited as text (new `<dict>`s inserted before the closing
/// `</array>`, in the file's own indentation; a removed entry's lines cut out), never written
/// anew; a binary plist stays binary (its values re-encoded, as no text can be kept).
///
/// The plist is read as `generate` reads it (`PropertyList.parse`, emokit's lean readers), and
/// only in the one layout init writes, Weibo's: a QQ/WeChat map, a YYKit group or a text map is
/// refused by name, as is XML in another encoding than UTF-8. The XML editor cuts and inserts
/// at the positions the reader gave for the items it counted (`XMLPlistRootArray`); XML only
/// Foundation reads has no such positions and is refused ("cannot edit this plist safely").
public struct PackUpdate: Sendable {
    /// An entry whose image files are gone.
    public struct Missing: Equatable, Sendable {
        /// Its index in the plist (0-based).
        public let index: Int
        /// Its `chs`, if it has one.
        public let text: String?
        /// The files it names (`png`, `gif`), none of which exists at any scale.
        public let files: [String]
    }

    /// The entries appended, in order.
    public let added: [PackStarter.Entry]
    public let missing: [Missing]
    /// Whether `missing` entries were taken out of `data`.
    public let removedMissing: Bool
    /// How many entries the plist held before.
    public let existingCount: Int
    /// The plist's new bytes (the old ones when nothing changed).
    public let data: Data
    public let isBinary: Bool

    public var changed: Bool { !added.isEmpty || (removedMissing && !missing.isEmpty) }

    /// The bytes of the folder's `info.plist` (`display` names the folder), read by generate's
    /// rules for a pack's files and never through a link (`PackFileReader`); nil when there is none.
    public static func readPlist(in folder: URL, display: String) throws(PackStarterError) -> Data? {
        try PackFileReader.read("info.plist", in: folder, display: display, inPlace: true)
    }

    /// Compares `starter` (the folder as `init` lists it) with the plist's bytes `old`; `display`
    /// names the plist in messages.
    public static func make(_ starter: PackStarter, plist old: Data, display: String, removeMissing: Bool) throws(PackStarterError) -> PackUpdate {
        let isBinary = BinaryPlistReader.isBinary(old)
        if !isBinary, let encoding = PlistEncoding.otherThanUTF8(old) {
            throw .cannotUpdate(
                path: display,
                reason: "it is \(encoding); init --update adds entries to UTF-8 plists only (save it as UTF-8, e.g. plutil -convert xml1, and run it again)")
        }
        // Plain XML with a root array: read once, by the reader `generate` reads it with
        // (`PropertyList.parse` tries the same reader first), with the positions of its items.
        let xml = isBinary ? nil : XMLPlistRootArray(old)
        let root: Any
        if let xml {
            root = xml.items
        } else {
            do { root = try PackReader.parsePlist(old, display: display, lazyArray: true) } catch {
                let reason: String
                if case .malformed(_, let why) = error { reason = why } else { reason = error.description }
                throw .cannotUpdate(path: display, reason: "it is not a valid property list (\(reason)); fix it first (emokit validate names the problem)")
            }
        }
        if let other = PackReader.otherLayout(ofInfoPlist: root, in: starter.folder) {
            throw .cannotUpdate(path: display, reason: "it is \(other); init --update edits only a Weibo info.plist (an array of entry dictionaries)")
        }
        // The XML editor needs the reader's positions of the very items it counted.
        if !isBinary && xml == nil {
            throw .cannotEditSafely(
                path: display,
                reason: "it uses XML that emokit's reader does not follow item by item (CDATA, <data>, <date>, <real>, a byte order mark...); "
                    + "convert it with plutil -convert binary1 (init --update edits binary plists too) or write it as plain XML")
        }
        let items = xml?.items ?? (root as? PlistItems) ?? PlistItems((root as? [Any]) ?? [])
        // The images the entries name, by name without scale and extension (`d_666`), read one
        // entry at a time: a large plist is never in memory as values all at once.
        var named = Set<String>(), texts = Set<String>()
        var missing: [Missing] = []
        for index in items.indices {
            let entry = items[index] as? [String: Any] ?? [:]
            let files = ["png", "gif"].compactMap { entry[$0] as? String }.filter { !$0.isEmpty }
            for file in files { named.insert(NamesFile.imageName(file)) }
            if let chs = entry["chs"] as? String { texts.insert(chs) }
            if !files.isEmpty && !files.contains(where: { exists($0, in: starter.folder) }) {
                missing.append(Missing(index: index, text: entry["chs"] as? String, files: files))
            }
        }
        let added = starter.entries.filter { !named.contains($0.name) }
        if let clash = added.first(where: { texts.contains($0.chs) }) {
            throw .badNames([
                .init(
                    file: "\(display)", reason: "the new image \(clash.name) would have the text \(PackError.quote(clash.chs)) of an entry already there; give it its own in names.tsv")
            ])
        }
        let remove = removeMissing ? Set(missing.map(\.index)) : []
        let data: Data
        if added.isEmpty && remove.isEmpty {
            data = old
        } else if let xml {
            data = XMLPlistText.edit(old, at: xml, removing: remove, appending: added)
        } else {
            var array = items.indices.filter { !remove.contains($0) }.map { items[$0] }
            for entry in added { array.append(Dictionary(uniqueKeysWithValues: PackStarter.plistPairs(entry).map { ($0.0, $0.1 as Any) })) }
            do { data = try PropertyListSerialization.data(fromPropertyList: array, format: .binary, options: 0) } catch {
                throw .cannotUpdate(path: display, reason: "cannot encode it (\((error as NSError).localizedDescription))")
            }
        }
        // Never write a plist emokit would then refuse to read (a binary plist re-encoded grows:
        // its repeated strings are no longer shared).
        let limit = PackFileReader.maxBytes
        if data.count > limit {
            throw .cannotUpdate(
                path: display,
                reason: "the updated plist would be \(data.count) bytes, over the \(limit)-byte limit emokit reads; nothing written (split the pack into two folders)")
        }
        return PackUpdate(added: added, missing: missing, removedMissing: removeMissing, existingCount: items.count, data: data, isBinary: isBinary)
    }

    /// Whether `file` (a name the plist gives) exists in `folder` at any scale.
    static func exists(_ file: String, in folder: URL) -> Bool {
        let ext = (file as NSString).pathExtension
        let stem = (file as NSString).deletingPathExtension
        let base = stem.hasSuffix("@2x") || stem.hasSuffix("@3x") ? String(stem.dropLast(3)) : stem
        let suffix = ext.isEmpty ? "" : ".\(ext)"
        return [file, base + suffix, base + "@2x" + suffix, base + "@3x" + suffix].contains { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
    }
}

/// The text encoding of XML plist bytes, when it is not UTF-8: a UTF-16 or UTF-32 byte order
/// mark (or the zero bytes of one without it), or an `encoding` the XML declaration names.
/// The editor writes the new entries' text as UTF-8 bytes, which would read back as mojibake in
/// any other encoding.
enum PlistEncoding {
    static func otherThanUTF8(_ data: Data) -> String? {
        let head = [UInt8](data.prefix(512))
        if head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32" }
        if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
        if head.count >= 2 && (head[0] == 0 || head[1] == 0) { return "UTF-16 or UTF-32 (no byte order mark)" }
        let text = String(decoding: head, as: UTF8.self)
        guard text.hasPrefix("<?xml") || text.hasPrefix("\u{FEFF}<?xml"), let end = text.range(of: "?>") else { return nil }
        let declaration = text[..<end.lowerBound]
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return "declared in an encoding emokit cannot read" }
        let name = rest.dropFirst().prefix { $0 != quote }
        return ["utf-8", "utf8"].contains(name.lowercased()) ? nil : "declared \(name)"
    }
}
