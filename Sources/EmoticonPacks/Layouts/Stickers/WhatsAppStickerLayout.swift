import Diagnostics
import Foundation

/// WhatsApp sticker packs as a sticker app ships them (WhatsApp's own sample apps,
/// `WhatsApp/stickers`: Android's `assets/contents.json`, each pack's files in
/// `assets/<identifier>/`; iOS's `sticker_packs.wasticker`, the same JSON beside the files), read
/// as Android's `ContentFileParser` reads them: `sticker_packs`, an
/// array of `{identifier, name, publisher, tray_image_file, stickers: [{image_file, emojis,
/// accessibility_text}]}`. The file is told by its content: a dictionary with `sticker_packs`.
///
/// A sticker is sent as an image, never typed: each pack is a tab of entries that send their
/// image (`Entry.sendsImage`), in the file's order. A sticker's `emojis` are its search keywords,
/// its `accessibility_text` (else its file name) its spoken name; the pack's tray image is its
/// tab icon. A pack's files are looked for in its `<identifier>/` folder, else beside
/// `contents.json` (a `.wastickers` archive unpacked keeps them there).
enum WhatsAppStickerLayout: PackLayout {
    static var fileNames: [String] { ["contents.json", "sticker_packs.wasticker"] }

    /// The parsed `contents.json`: its packs, in order, each with its stickers.
    struct StickerPacks {
        var packs: [Pack]
    }

    /// One of `sticker_packs`.
    struct Pack {
        /// Where it is in `sticker_packs`, for messages.
        var index: Int
        var identifier: String
        var name: String
        var trayImage: String?
        var stickers: [MapItem]
    }

    static func matches(_ source: PackSource) -> Bool { source.root is StickerPacks }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        guard let file = source.root as? StickerPacks else { return .failure(PackLayouts.unrecognised(source)) }
        var items: [MapItem] = []
        var tabs: [PackContents.Tab] = []
        for pack in file.packs {
            // Android's sample keeps a pack's files in `assets/<identifier>/`; the iOS sample and
            // an unpacked `.wastickers` keep them beside the file.
            let inOwnFolder = FileNamePolicy.unsafeReason(pack.identifier) == nil && isFolder(source.folder.appendingPathComponent(pack.identifier))
            let first = items.count
            for var sticker in pack.stickers {
                if inOwnFolder, sticker.problem == nil {
                    sticker.image = "\(pack.identifier)/\(sticker.image)"
                    sticker.allowsFolders = true
                }
                // The text is only the entry's key, unique in the file (a pack may reuse another's file name).
                if !sticker.image.isEmpty { sticker.texts = ["\(pack.identifier)/\((sticker.image as NSString).lastPathComponent)"] }
                items.append(sticker)
            }
            var tab = PackContents.Tab(title: pack.name, items: Set(first..<items.count))
            if let tray = pack.trayImage {
                let folder = inOwnFolder ? source.folder.appendingPathComponent(pack.identifier) : source.folder
                let display = inOwnFolder ? "\(source.folderDisplay)/\(pack.identifier)" : source.folderDisplay
                if case .success(let variants) = FolderFiles(folder: folder, display: display).variants(of: tray) {
                    tab.icon = ImageFile(name: tray, variants: variants)
                }
            }
            tabs.append(tab)
        }
        var map = MapFile(layout: "whatsapp", items: items, description: "a WhatsApp sticker pack file")
        map.order = "that send images, not text"
        map.details.append("a tab for each of \(file.packs.count) sticker pack\(file.packs.count == 1 ? "" : "s")")
        var contents = MapLayouts.contents(of: source, map: map)
        contents.tabs = tabs
        contents.textKey = "image_file"
        let entry = contents.entry
        contents.entry = { item, index in
            entry(item, index).map { entry in
                var entry = entry
                entry.sendsImage = true
                return entry
            }
        }
        // Images beside the file that no sticker names are counted once, by generate's unused-image
        // check (which knows the tray images); the map's own count would name the trays.
        contents.warnings = { _ in [] }
        return .success(contents)
    }

    static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func parse(_ data: Data, display: String) throws(PackError) -> Any {
        let root = try Shortcodes.json(data, display: display)
        guard let file = root as? [String: Any] else {
            throw PackError.wrongRoot(path: display, expected: "a dictionary with \"sticker_packs\" (a WhatsApp sticker pack file)", found: PackReader.typeName(root))
        }
        guard let list = file["sticker_packs"] else {
            throw PackError.fileKey(path: display, key: "sticker_packs", reason: "missing: a WhatsApp sticker pack file lists its packs under \"sticker_packs\"")
        }
        guard let packs = list as? [Any], !packs.isEmpty else {
            let found = (list as? [Any]).map { _ in "an empty array" } ?? PackReader.typeName(list)
            throw PackError.fileKey(path: display, key: "sticker_packs", reason: "expected an array of sticker packs, found \(found)")
        }
        var read: [Pack] = []
        for (index, value) in packs.enumerated() {
            let key = "sticker_packs[\(index)]"
            guard let pack = value as? [String: Any] else {
                throw PackError.fileKey(path: display, key: key, reason: "expected a dictionary, found \(PackReader.typeName(value))")
            }
            func text(_ name: String) throws(PackError) -> String {
                guard let value = pack[name] as? String, !value.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw PackError.fileKey(path: display, key: "\(key).\(name)", reason: pack[name].map { "expected a non-empty string, found \(PackReader.typeName($0))" } ?? "missing")
                }
                return value
            }
            let identifier = try text("identifier")
            let name = try text("name")
            if let problem = TextLimits.problem(name, limit: TextLimits.title) {
                throw PackError.fileKey(path: display, key: "\(key).name", reason: "the name is \(problem.message)")
            }
            guard let stickers = pack["stickers"] as? [Any], !stickers.isEmpty else {
                throw PackError.fileKey(path: display, key: "\(key).stickers", reason: pack["stickers"].map { "expected a non-empty array of stickers, found \(PackReader.typeName($0))" } ?? "missing")
            }
            let trayImage = (pack["tray_image_file"] as? String).flatMap { FileNamePolicy.unsafeReason($0) == nil ? $0 : nil }
            read.append(Pack(index: index, identifier: identifier, name: name, trayImage: trayImage, stickers: stickers.map(sticker)))
        }
        return StickerPacks(packs: read)
    }

    /// One of a pack's `stickers`: its image, keywords and name, with the problem that refuses it.
    static func sticker(_ value: Any) -> MapItem {
        let sticker = value as? [String: Any] ?? [:]
        let file = sticker["image_file"] as? String ?? ""
        let spoken = (sticker["accessibility_text"] as? String).flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        var item = MapItem(texts: [], image: file, name: spoken ?? (file as NSString).deletingPathExtension, imageKey: "image_file", textKey: "image_file")
        item.keywords = (sticker["emojis"] as? [Any] ?? []).compactMap { $0 as? String }.filter { !$0.isEmpty }
        if !(value is [String: Any]) {
            item.problem = ("stickers", "expected a dictionary of image_file and emojis, found \(PackReader.typeName(value))")
        } else if !(sticker["image_file"] is String) || file.isEmpty {
            item.problem = ("image_file", sticker["image_file"].map { "expected the sticker's file name, found \(PackReader.typeName($0))" } ?? "missing")
        } else if let emojis = sticker["emojis"], !(emojis is [Any]) {
            item.problem = ("emojis", "expected an array of emoji, found \(PackReader.typeName(emojis))")
        } else if let problem = Shortcodes.keywordProblem(item.keywords) {
            item.problem = ("emojis", problem)
        }
        return item
    }
}
