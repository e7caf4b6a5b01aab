import EmoticonPacks
import Foundation

/// `emokit init --update`: brings a pack's `info.plist` up to date with its folder without
/// touching what a person wrote. Images no entry names are appended as new entries (grouped with
/// their `@2x`/`@3x` files and GIF, as `init` lists them, texts from `names.tsv`); entries whose
/// files are all gone are reported, and removed only when asked. Every other entry and key is
/// kept byte for byte: an XML plist is edited as text (new `<dict>`s inserted before the closing
/// `</array>`, in the file's own indentation; a removed entry's lines cut out), never written
/// anew; a binary plist stays binary (its values re-encoded, as no text can be kept).
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

    /// Compares `starter` (the folder as `init` lists it) with the plist's bytes `old`; `display`
    /// names the plist in messages.
    public static func make(_ starter: PackStarter, plist old: Data, display: String, removeMissing: Bool) throws(PackStarterError) -> PackUpdate {
        let isBinary = old.starts(with: Array("bplist00".utf8))
        let entries: [[String: Any]]
        do {
            guard let array = try PropertyListSerialization.propertyList(from: old, format: nil) as? [Any] else {
                throw PackStarterError.cannotUpdate(path: display, reason: "its root is not an array of entries (init --update edits a Weibo info.plist)")
            }
            entries = array.map { $0 as? [String: Any] ?? [:] }
        } catch let error as PackStarterError {
            throw error
        } catch {
            throw .cannotUpdate(path: display, reason: "it cannot be read as a plist (\((error as NSError).localizedDescription)); fix it first (emokit validate names the problem)")
        }
        // The images the entries name, by name without scale and extension (`d_666`).
        var named = Set<String>()
        var missing: [Missing] = []
        for (index, entry) in entries.enumerated() {
            let files = ["png", "gif"].compactMap { entry[$0] as? String }.filter { !$0.isEmpty }
            for file in files { named.insert(NamesFile.imageName(file)) }
            if !files.isEmpty && !files.contains(where: { exists($0, in: starter.folder) }) {
                missing.append(Missing(index: index, text: entry["chs"] as? String, files: files))
            }
        }
        let added = starter.entries.filter { !named.contains($0.name) }
        let texts = Set(entries.compactMap { $0["chs"] as? String })
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
        } else if isBinary {
            var array: [Any] = (try? PropertyListSerialization.propertyList(from: old, format: nil) as? [Any]) ?? []
            array = array.enumerated().filter { !remove.contains($0.offset) }.map(\.element)
            for entry in added { array.append(Dictionary(uniqueKeysWithValues: PackStarter.plistPairs(entry).map { ($0.0, $0.1 as Any) })) }
            do { data = try PropertyListSerialization.data(fromPropertyList: array, format: .binary, options: 0) } catch {
                throw .cannotUpdate(path: display, reason: "cannot encode it (\((error as NSError).localizedDescription))")
            }
        } else {
            data = try XMLPlistText.edit(old, count: entries.count, removing: remove, appending: added, display: display)
        }
        return PackUpdate(added: added, missing: missing, removedMissing: removeMissing, existingCount: entries.count, data: data, isBinary: isBinary)
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
