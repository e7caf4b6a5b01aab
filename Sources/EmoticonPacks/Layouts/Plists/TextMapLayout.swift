import Foundation

/// Text-to-image dictionary plists, the usual shape of Chinese iOS chat kits: a root dictionary
/// of strings, `{"[呲牙]": "1", "[调皮]": "2"}` (text to image) or the reverse
/// `{"ee_001": "[):]"}` (image to text), under the kit's own name (`LiuqsEmotions.plist`,
/// `MLEmoji_ExpressionImage.plist`), the images beside it, in a subfolder (`经典表情/1.png`) or a
/// `.bundle` (`MLEmoji_Expression.bundle/Expression_1@2x.png`).
///
/// Nothing needs configuring: the direction and the image folder are the ones whose names exist
/// (the side of the dictionary naming images, in the folder holding most of them); a tie is an
/// error naming the candidates, which the config's `packFiles` settles (`PackFileChoice`: the
/// map, the order file, the image folder, the side holding texts). Entries follow the
/// dictionary's order in the file (read from the XML, as Adium's), or, when another plist of the
/// folder is an array listing exactly the map's texts, that array's order (the kit's display order).
enum TextMapLayout: PackLayout {
    static let layout = "text-map"

    /// The parsed map: its pairs in file order, the display order when one was found.
    struct TextMap {
        var pairs: [(key: String, value: String)]
        var ordered: Bool
        var order: [String]?
        var orderFile: String?
        /// What the config file chose for this pack.
        var choice = PackFileChoice()
    }

    static func matches(_ source: PackSource) -> Bool { source.root is TextMap }

    /// The folder's text map plists: a `.plist` (not `Info.plist`, `emoticons.plist`) whose root
    /// is a non-empty dictionary of strings to strings. Parsed to tell, so the caller caps sizes.
    static func candidates(in folder: URL, load: (URL) -> Any?) -> [URL] {
        plists(in: folder).filter { url in
            guard let dict = load(url) as? [String: Any], !dict.isEmpty else { return false }
            return dict.values.allSatisfy { $0 is String && !PackReader.isBoolean($0) }
        }
    }

    static func plists(in folder: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".plist") && !["info.plist", "emoji.plist", "emoticons.plist"].contains($0.lowercased()) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { folder.appendingPathComponent($0) }
            .filter(PackReader.isRegularFile)
    }

    /// The map in `data` with its pairs in file order, and the display order: from the plist
    /// `choice` names, else another plist of the folder listing exactly the map's texts (`load`
    /// reads one under the pack's limits, naming it as its second argument says).
    static func read(
        _ data: Data, file: URL, display: String, choice: PackFileChoice = PackFileChoice(), load: (URL, String) throws -> Any
    ) throws -> TextMap {
        let root = try PackReader.parsePlist(data, display: display)
        guard let dict = root as? [String: Any] else { throw PackError.wrongRoot(path: display, expected: "dictionary", found: PackReader.typeName(root)) }
        // Every value is a string: a chosen map skips the candidates' check, and an entry left
        // out in silence is what must never happen.
        if let (key, value) = dict.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }).first(where: { !($0.value is String) }) {
            throw PackError.fileKey(path: display, key: PackError.quote(key), reason: "expected a string (an image name or a text), found \(PackReader.typeName(value))")
        }
        let strings = dict.compactMapValues { $0 as? String }
        var keys: [String] = []
        if let plist = try? PackXML.parse(data, keeping: AdiumLayout.rootKeys), let rootDict = plist.child(named: "dict") { keys = AdiumLayout.pairs(rootDict).map(\.key) }
        let ordered = Set(keys) == Set(strings.keys) && keys.count == strings.count
        if !ordered { keys = strings.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }
        var map = TextMap(pairs: keys.map { ($0, strings[$0]!) }, ordered: ordered, choice: choice)
        func listsTheMap(_ array: [Any]) -> [String]? {
            let texts = array.compactMap { $0 as? String }
            let matches = texts.count == array.count && texts.count == strings.count && (Set(texts) == Set(strings.keys) || Set(texts) == Set(strings.values))
            return matches ? texts : nil
        }
        if let name = choice.order {
            let orderDisplay = (display as NSString).deletingLastPathComponent + "/" + name
            let root = try load(file.deletingLastPathComponent().appendingPathComponent(name), orderDisplay)
            guard let array = root as? [Any] else { throw PackError.wrongRoot(path: orderDisplay, expected: "array", found: PackReader.typeName(root)) }
            guard let texts = listsTheMap(array) else {
                throw PackError.packageOrder(path: orderDisplay, reason: orderProblem(array, map: strings, mapName: file.lastPathComponent))
            }
            map.order = texts
            map.orderFile = name
            return map
        }
        for other in plists(in: file.deletingLastPathComponent()) where other != file {
            guard let array = (try? load(other, other.lastPathComponent)) as? [Any], let texts = listsTheMap(array) else { continue }
            map.order = texts
            map.orderFile = other.lastPathComponent
            break
        }
        return map
    }

    /// Why `array` is no order of the map: the first item that is no string, not in the map or
    /// listed twice, or the first text it leaves out.
    static func orderProblem(_ array: [Any], map strings: [String: String], mapName: String) -> String {
        let keys = Set(strings.keys), values = Set(strings.values)
        let side = array.first.flatMap { $0 as? String }.map { keys.contains($0) ? keys : values } ?? keys
        var seen: Set<String> = []
        for (index, item) in array.enumerated() {
            guard let text = item as? String else { return "item \(index) is a \(PackReader.typeName(item)), not a text of \(mapName)" }
            guard side.contains(text) else { return "item \(index), \(PackError.quote(text)), is not in \(mapName)" }
            guard seen.insert(text).inserted else { return "item \(index), \(PackError.quote(text)), is listed twice" }
        }
        let missing = side.subtracting(seen).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return "leaves out \(missing.count) of the \(side.count) texts of \(mapName), first \(PackError.quote(missing.first ?? ""))"
    }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        guard let map = source.root as? TextMap else { return .failure(PackLayouts.unrecognised(source)) }
        guard !map.pairs.isEmpty else { return .failure(.packageOrder(path: source.display, reason: "the map is empty")) }
        // The image folder: the pack's own, one of its subfolders (`.bundle`s included), or the
        // bundle above it (`bundleAncestors`).
        let above = bundleAncestors(of: source.folder)
        let abovePaths = Set(above.map(\.standardizedFileURL.path))
        var folders = [source.folder] + PackReader.sortedSubfolders(source.folder).map { source.folder.appendingPathComponent($0) } + above
        if let chosen = map.choice.images {
            let folder = chosen == "." ? source.folder : source.folder.appendingPathComponent(chosen).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                return .failure(.packageOrder(path: source.display, reason: "the image folder chosen in the config file's packFiles, \(source.folderDisplay)/\(chosen), is no folder"))
            }
            if chosen.hasPrefix(".."), !abovePaths.contains(folder.standardizedFileURL.path) {
                return .failure(.packageOrder(path: source.display, reason: "the image folder chosen in the config file's packFiles, \(chosen), is above the pack's folder but no .bundle holding it"))
            }
            // The pack's own folder (`"."`) is no escape from itself.
            if folder != source.folder, !abovePaths.contains(folder.standardizedFileURL.path), let escape = Containment.escape(folder, inside: source.folder) {
                return .failure(.unsafeLink(path: "\(source.folderDisplay)/\(chosen)", target: escape))
            }
            folders = [folder]
        }
        // Each way the map may read (`textFirst`: keys are texts, values name images), but the one
        // the config file's packFiles rules out; the folder and way naming most images win.
        let sides = [true, false].filter { map.choice.texts != ($0 ? .values : .keys) }.map { textFirst in
            (side: textFirst, names: map.pairs.map { textFirst ? $0.value : $0.key })
        }
        let (best, winners) = ImageFolderIndex.mostNames(in: folders, sides: sides)
        // A subfolder that is a link leaving the pack is never read from (its files would pass the
        // check against their own folder).
        for winner in winners where best > 0 && winner.folder != source.folder && !abovePaths.contains(winner.folder.standardizedFileURL.path) {
            if let target = Containment.escape(winner.folder, inside: source.folder) {
                return .failure(.unsafeLink(path: "\(source.folderDisplay)/\(relative(winner.folder, in: source.folder))", target: target))
            }
        }
        guard best > 0 else {
            let looked = map.choice.images.map { "\(source.folderDisplay)/\($0)" } ?? "\(source.folderDisplay)/ or its subfolders"
            let sides = map.choice.texts.map { $0 == .keys ? "its values" : "its keys" } ?? "neither its keys nor its values"
            // A map below its images outside a `.bundle` (`nb/files/map.plist`) is told why.
            let bundleRule = map.choice.images == nil && above.isEmpty ? " (a folder above is read only when it is a .bundle)" : ""
            return .failure(.packageOrder(path: source.display, reason: "\(sides) name\(map.choice.texts == nil ? "" : " no") images in \(looked)\(bundleRule)"))
        }
        guard winners.count == 1, let winner = winners.first else {
            let named = winners.map { winner in
                let folder =
                    abovePaths.contains(winner.folder.standardizedFileURL.path)
                    ? "\(display(winner.folder, in: source))/"  // the bundle above by its name, never `files/../`
                    : "\(source.folderDisplay)/\(winner.folder == source.folder ? "" : relative(winner.folder, in: source.folder) + "/")"
                return "\(winner.side ? "values" : "keys") in \(folder)"
            }
            return .failure(
                .packageOrder(
                    path: source.display,
                    reason: "images found as well for \(named.joined(separator: " as for ")); keep one, or choose with the config file's packFiles (\"images\", \"texts\")"))
        }
        let textFirst = winner.side
        var pairs = map.pairs.map { textFirst ? (text: $0.key, image: $0.value) : (text: $0.value, image: $0.key) }
        if let order = map.order {
            let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            pairs.sort { (rank[$0.text] ?? rank[$0.image] ?? 0) < (rank[$1.text] ?? rank[$1.image] ?? 0) }
        }
        let items = pairs.map { pair -> MapItem in
            let hasExtension = MapLayouts.drawnExtensions.contains((pair.image as NSString).pathExtension.lowercased())
            return MapItem(
                texts: [pair.text], image: pair.image, extensions: hasExtension ? nil : MapItem.stemExtensions, name: Entry.bareName(pair.text),
                imageKey: textFirst ? "value" : "key", textKey: textFirst ? "key" : "value")
        }
        var file = MapFile(
            layout: layout, items: items, imageFolder: winner.folder == source.folder ? nil : winner.folder,
            description: "a text-to-image dictionary (\(textFirst ? "text to image" : "image to text"))")
        if let orderFile = map.orderFile {
            file.order = "in the order of \(orderFile)"
        } else if !map.ordered {
            file.order = "by key (the plist keeps no order emokit reads)"
        }
        if let folder = file.imageFolder {
            let rel = relative(folder, in: source.folder)
            file.details.append(rel.hasPrefix("..") ? "images in the bundle above, \(folder.lastPathComponent)/" : "images in \(rel)/")
        }
        return .success(MapLayouts.contents(of: source, map: file))
    }

    /// `folder`'s path below `pack` (`经典表情`, `a/b`), as messages name it.
    static func relative(_ folder: URL, in pack: URL) -> String {
        let path = folder.standardizedFileURL.path, base = pack.standardizedFileURL.path
        if path.hasPrefix(base + "/") { return String(path.dropFirst(base.count + 1)) }
        // An enclosing bundle (`bundleAncestors`): `..`, `../..`.
        if base.hasPrefix(path + "/") { return Array(repeating: "..", count: base.dropFirst(path.count).split(separator: "/").count).joined(separator: "/") }
        return folder.lastPathComponent
    }
}
