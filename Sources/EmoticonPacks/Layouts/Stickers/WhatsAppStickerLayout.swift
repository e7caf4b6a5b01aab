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
            // Android's sample keeps a pack's files in `assets/<identifier>/` (the identifier is
            // checked to be a folder name when read); the iOS sample and an unpacked `.wastickers`
            // keep them beside the file.
            let inOwnFolder = isFolder(source.folder.appendingPathComponent(pack.identifier))
            let first = items.count
            for (position, var sticker) in pack.stickers.enumerated() {
                // An unsafe name is refused as the file wrote it, never with the folder before it.
                if inOwnFolder, sticker.problem == nil, FileNamePolicy.unsafeReason(sticker.image) == nil {
                    sticker.image = "\(pack.identifier)/\(sticker.image)"
                    sticker.allowsFolders = true
                }
                // The text is only the entry's key, unique in the file; messages name the sticker
                // by this place, never by a number counted across packs.
                sticker.texts = ["sticker_packs[\(pack.index)].stickers[\(position)]"]
                sticker.locator = sticker.texts[0]
                items.append(sticker)
            }
            var tab = PackContents.Tab(title: pack.name, items: Set(first..<items.count), titleKey: "sticker_packs[\(pack.index)].name")
            if let tray = pack.trayImage {
                let folder = inOwnFolder ? source.folder.appendingPathComponent(pack.identifier) : source.folder
                let display = inOwnFolder ? "\(source.folderDisplay)/\(pack.identifier)" : source.folderDisplay
                switch FolderFiles(folder: folder, display: display).variants(of: tray) {
                case .success(let variants):
                    // WhatsApp decodes the tray image as a bitmap (PNG or WebP): one it could not is
                    // refused here, so validate says what generate would.
                    for variant in variants {
                        if case .failure(let refusal) = StickerFileFormat.of(fileAt: variant.url) {
                            let reason = "\(variant.displayPath) \(refusal.cannotRead == nil ? "is " : "")\(refusal.tray)"
                            return .failure(.fileKey(path: source.display, key: "sticker_packs[\(pack.index)].tray_image_file", reason: reason))
                        }
                    }
                    tab.icon = ImageFile(name: tray, variants: variants)
                case .failure(let problem):
                    // WhatsApp refuses a pack whose tray image it cannot open: never a silent stand-in.
                    return .failure(.fileKey(path: source.display, key: "sticker_packs[\(pack.index)].tray_image_file", reason: problem.message.description))
                }
            }
            tabs.append(tab)
        }
        var map = MapFile(layout: "whatsapp", items: items, description: "a WhatsApp sticker pack file")
        map.order = "that send images, not text"
        map.details.append("a tab for each of \(file.packs.count) sticker pack\(file.packs.count == 1 ? "" : "s")")
        // Both files in one folder: the first of `fileNames` is read; the other is said, never silently passed over.
        let name = source.file?.url.lastPathComponent ?? ""
        if let other = fileNames.first(where: { $0 != name }), name == fileNames[0], PackReader.isRegularFile(source.folder.appendingPathComponent(other)) {
            map.details.append("\(source.folderDisplay)/\(other) beside it is not read (\(name) comes first)")
        }
        var contents = MapLayouts.contents(of: source, map: map)
        contents.tabs = tabs
        contents.textKey = "image_file"
        let entry = contents.entry
        let display = source.display
        contents.entry = { [items] item, index in
            entry(item, index).flatMap { entry in
                var entry = entry
                entry.sendsImage = true
                // The file is sent as it is: it must be what WhatsApp takes, whatever its name says.
                if case .image(let file) = entry.content {
                    for variant in file.variants {
                        if case .failure(let refusal) = StickerFileFormat.of(fileAt: variant.url) {
                            let label = (item as? Int).flatMap { items.indices.contains($0) ? items[$0].texts.first : nil }
                            return .failure(
                                .entry(
                                    path: display, index: index, key: "image_file", text: label,
                                    reason: "\(path: variant.displayPath) \(refusal.cannotRead == nil ? "is " : "")\(refusal.reason)", at: entry.locator))
                        }
                    }
                }
                return .success(entry)
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
        let list = try Shortcodes.requiredKey(
            "sticker_packs", of: data, display: display, kind: "a WhatsApp sticker pack file",
            missing: "a WhatsApp sticker pack file lists its packs under \"sticker_packs\"")
        guard let packs = list as? [Any], !packs.isEmpty else {
            let found = (list as? [Any]).map { _ in "an empty array" } ?? PackReader.typeName(list)
            throw PackError.fileKey(path: display, key: "sticker_packs", reason: "expected an array of sticker packs, found \(found)")
        }
        var read: [Pack] = []
        var identifiers: [String: Int] = [:]
        for (index, value) in packs.enumerated() {
            let key = "sticker_packs[\(index)]"
            guard let pack = value as? [String: Any] else {
                throw PackError.fileKey(path: display, key: key, reason: "expected a dictionary, found \(PackReader.typeName(value))")
            }
            func text(_ name: String) throws(PackError) -> String {
                guard let found = pack[name] else { throw PackError.fileKey(path: display, key: "\(key).\(name)", reason: "missing") }
                guard let value = found as? String else {
                    throw PackError.fileKey(path: display, key: "\(key).\(name)", reason: "expected text, found \(PackReader.typeName(found))")
                }
                guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                    throw PackError.fileKey(path: display, key: "\(key).\(name)", reason: value.isEmpty ? "empty" : "only spaces")
                }
                return value
            }
            let identifier = try text("identifier")
            if let problem = identifierProblem(identifier, index: index, seen: identifiers) {
                throw PackError.fileKey(path: display, key: "\(key).identifier", reason: problem)
            }
            identifiers[identifier] = identifiers[identifier] ?? index
            let name = try text("name")
            if let problem = TextLimits.problem(name, limit: TextLimits.title) {
                throw PackError.fileKey(path: display, key: "\(key).name", reason: "the name is \(problem.message)")
            }
            guard let stickers = pack["stickers"] as? [Any], !stickers.isEmpty else {
                let found = (pack["stickers"] as? [Any]).map { _ in "an empty array" } ?? pack["stickers"].map(PackReader.typeName)
                throw PackError.fileKey(path: display, key: "\(key).stickers", reason: found.map { "expected a non-empty array of stickers, found \($0)" } ?? "missing")
            }
            var trayImage: String? = nil
            if let tray = pack["tray_image_file"] {
                // WhatsApp refuses a pack whose tray image it cannot open: a tab never quietly takes a sticker as its icon.
                guard let name = tray as? String else {
                    throw PackError.fileKey(path: display, key: "\(key).tray_image_file", reason: "expected the tray image's file name, found \(PackReader.typeName(tray))")
                }
                if let reason = FileNamePolicy.unsafeReason(name) {
                    throw PackError.fileKey(path: display, key: "\(key).tray_image_file", reason: "unsafe path \(PackError.quote(name)): \(reason)")
                }
                trayImage = name
            }
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
        let emojis = sticker["emojis"] as? [Any] ?? []
        item.keywords = emojis.compactMap { $0 as? String }.filter { !$0.isEmpty }
        if !(value is [String: Any]) {
            item.problem = ("stickers", "expected a dictionary of image_file and emojis, found \(PackReader.typeName(value))")
        } else if !(sticker["image_file"] is String) || file.isEmpty {
            item.problem = ("image_file", sticker["image_file"].map { "expected the sticker's file name, found \(PackReader.typeName($0))" } ?? "missing")
        } else if let emojis = sticker["emojis"], !(emojis is [Any]) {
            item.problem = ("emojis", "expected an array of emoji, found \(PackReader.typeName(emojis))")
        } else if let other = emojis.first(where: { !($0 is String) }) {
            item.problem = ("emojis", "expected an array of emoji, found \(PackReader.typeName(other)) in it")
        } else if let spoken = sticker["accessibility_text"], !(spoken is String) {
            item.problem = ("accessibility_text", "expected the sticker's spoken name, found \(PackReader.typeName(spoken))")
        } else if let problem = Shortcodes.keywordProblem(item.keywords) {
            item.problem = ("emojis", problem)
        } else if let spoken, let problem = TextLimits.problem(spoken, limit: TextLimits.entryText) {
            // The name's own key: the reader's later check of every entry would call it `name`.
            item.problem = ("accessibility_text", "\(problem.message) (it starts \(PackError.quote(spoken)))")
        } else if let spoken, let problem = TextCharacters.problem(spoken) {
            item.problem = ("accessibility_text", "\(PackError.quote(spoken)) \(problem.message)")
        }
        return item
    }

    /// Why `identifier` cannot be a pack's: WhatsApp's sample app keeps a pack's files in
    /// `assets/<identifier>/` and refuses `..` in it, so it must be a plain folder name, one per pack.
    static func identifierProblem(_ identifier: String, index: Int, seen: [String: Int]) -> String? {
        if let reason = FileNamePolicy.unsafeReason(identifier) ?? (identifier.contains("..") ? "'..' is not allowed" : nil) {
            return "\(PackError.quote(identifier)) is not a folder name (\(reason)): a pack's files are in <identifier>/ beside the file"
        }
        if let first = seen[identifier] {
            return "\(PackError.quote(identifier)) repeats sticker_packs[\(first)].identifier: each pack needs its own (its files are in <identifier>/)"
        }
        return nil
    }
}
