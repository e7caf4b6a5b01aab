import Foundation

/// Text-to-image dictionary plists, the usual shape of Chinese iOS chat kits: a root dictionary
/// of strings, `{"[呲牙]": "1", "[调皮]": "2"}` (text to image) or the reverse
/// `{"ee_001": "[):]"}` (image to text), under the kit's own name (`LiuqsEmotions.plist`,
/// `MLEmoji_ExpressionImage.plist`), the images beside it, in a subfolder (`经典表情/1.png`) or a
/// `.bundle` (`MLEmoji_Expression.bundle/Expression_1@2x.png`).
///
/// Nothing is configured: the direction and the image folder are the ones whose names exist
/// (the side of the dictionary naming images, in the folder holding most of them); a tie is an
/// error naming the candidates. Entries follow the dictionary's order in the file (read from the
/// XML, as Adium's), or, when another plist of the folder is an array listing exactly the map's
/// texts, that array's order (the kit's display order).
enum TextMapLayout: PackLayout {
    static let layout = "text-map"

    /// The parsed map: its pairs in file order, the display order when one was found.
    struct TextMap {
        var pairs: [(key: String, value: String)]
        var ordered: Bool
        var order: [String]?
        var orderFile: String?
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

    /// The map in `data` with its pairs in file order, and the display order from another plist
    /// of the folder (`load` reads one under the pack's limits).
    static func read(_ data: Data, file: URL, display: String, load: (URL) -> Any?) throws(PackError) -> TextMap {
        let root = try PackReader.parsePlist(data, display: display)
        guard let dict = root as? [String: Any] else { throw PackError.wrongRoot(path: display, expected: "dictionary", found: PackReader.typeName(root)) }
        let strings = dict.compactMapValues { $0 as? String }
        var keys: [String] = []
        if let plist = try? PackXML.parse(data), let rootDict = plist.child(named: "dict") { keys = AdiumLayout.pairs(rootDict).map(\.key) }
        let ordered = Set(keys) == Set(strings.keys) && keys.count == strings.count
        if !ordered { keys = strings.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }
        var map = TextMap(pairs: keys.map { ($0, strings[$0]!) }, ordered: ordered)
        for other in plists(in: file.deletingLastPathComponent()) where other != file {
            guard let array = load(other) as? [Any] else { continue }
            let texts = array.compactMap { $0 as? String }
            if texts.count == array.count, texts.count == strings.count, Set(texts) == Set(strings.keys) || Set(texts) == Set(strings.values) {
                map.order = texts
                map.orderFile = other.lastPathComponent
                break
            }
        }
        return map
    }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        guard let map = source.root as? TextMap else { return .failure(PackLayouts.unrecognised(source)) }
        // The image folder: the pack's own, or one of its subfolders (`.bundle`s included).
        let folders = [source.folder] + PackReader.sortedSubfolders(source.folder).map { source.folder.appendingPathComponent($0) }
        var scores: [(folder: URL, textFirst: Bool, count: Int)] = []
        for folder in folders {
            let files = FolderFiles(folder: folder, display: folder.lastPathComponent)
            scores.append((folder, true, map.pairs.filter { exists($0.value, files) }.count))
            scores.append((folder, false, map.pairs.filter { exists($0.key, files) }.count))
        }
        let best = scores.map(\.count).max() ?? 0
        let winners = scores.filter { $0.count == best }
        guard best > 0 else {
            return .failure(.packageOrder(path: source.display, reason: "neither its keys nor its values name images in \(source.folderDisplay)/ or its subfolders"))
        }
        guard winners.count == 1, let winner = winners.first else {
            let named = winners.map { "\($0.textFirst ? "values" : "keys") in \(source.folderDisplay)/\($0.folder == source.folder ? "" : $0.folder.lastPathComponent + "/")" }
            return .failure(.packageOrder(path: source.display, reason: "images found as well for \(named.joined(separator: " as for ")); keep one"))
        }
        var pairs = map.pairs.map { winner.textFirst ? (text: $0.key, image: $0.value) : (text: $0.value, image: $0.key) }
        if let order = map.order {
            let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            pairs.sort { (rank[$0.text] ?? rank[$0.image] ?? 0) < (rank[$1.text] ?? rank[$1.image] ?? 0) }
        }
        let items = pairs.map { pair -> MapItem in
            let hasExtension = MapLayouts.drawnExtensions.contains((pair.image as NSString).pathExtension.lowercased())
            return MapItem(
                texts: [pair.text], image: pair.image, extensions: hasExtension ? nil : ["png", "gif"], name: EntryReader.bareName(pair.text),
                imageKey: winner.textFirst ? "value" : "key", textKey: winner.textFirst ? "key" : "value")
        }
        var file = MapFile(
            layout: layout, items: items, imageFolder: winner.folder == source.folder ? nil : winner.folder,
            description: "a text-to-image dictionary (\(winner.textFirst ? "text to image" : "image to text"))")
        if let orderFile = map.orderFile {
            file.details.append("order from \(orderFile)")
        } else if !map.ordered {
            file.details.append("entries by key (the plist keeps no order emokit reads)")
        }
        if let folder = file.imageFolder { file.details.append("images in \(folder.lastPathComponent)/") }
        return .success(MapLayouts.contents(of: source, map: file))
    }

    /// Whether `name` (a stem or a file name) names an image in `files`' folder.
    static func exists(_ name: String, _ files: FolderFiles) -> Bool {
        guard FileNamePolicy.unsafeReason(name) == nil else { return false }
        if AssetCatalogImages.isCatalog(files.folder) { return AssetCatalogImages.has(name, in: files.folder) }
        if MapLayouts.drawnExtensions.contains((name as NSString).pathExtension.lowercased()) { return (try? files.variants(of: name).get()) != nil }
        return MapLayouts.drawnExtensions.contains { (try? files.variants(of: "\(name).\($0)").get()) != nil }
    }
}
