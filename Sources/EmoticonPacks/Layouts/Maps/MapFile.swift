import Diagnostics
import Foundation
import PropertyLists
import TextMatching

/// What every chat app's emoticon map comes down to (Adium's `Emoticons.plist`, Pidgin's
/// `theme`, Jabber's `icondef.xml`, KDE's `emoticons.xml`, EiskaltDC++'s map): a list of images,
/// each with the texts that stand for it, in the order the app shows them. Each of those layouts
/// parses its own file into a `MapFile`; reading the entries from it is shared, so every map
/// layout finds images, refuses unsafe names and names missing files the same way.
struct MapFile {
    /// The layout that parsed the file: `matches` compares it, so a map is read by its own layout.
    var layout: String
    var items: [MapItem]
    /// The tab's title when the file gives one (Jabber's `<meta><name>`, Pidgin's `Name=`).
    var title: String?
    /// How messages name where the title is (`Name`, `<meta><name>`).
    var titleKey = "title"
    /// The folder the images are in, when not the pack's (EiskaltDC++'s `NAME/` beside `NAME.xml`).
    var imageFolder: URL?
    /// How the note names the layout (`an Adium emoticon set`).
    var description: String
    /// How the note says the entries are ordered.
    var order = "in the map's order"
    /// What else the note says about the choices made (`other sections not read: [MSN]`).
    var details: [String] = []
    /// The page grid the app gives this tab (XhsEmoticonsKeyboard's `line` and `row`).
    var grid: (rows: Int, columns: Int)? = nil
    /// Images the map names for itself, not as emoticons (Pidgin's `Icon=`, a set's `iconUri`):
    /// not counted as unmapped.
    var ownImages: [String] = []
    /// What the parser skipped as the app skips it (a Pidgin line that is not UTF-8): warnings.
    var warnings: [PackError] = []
    /// The app whose reader leaves out an emoticon whose image is not in the pack, and reads the
    /// rest (KDE: Debian's Breeze names a `face-embarassed` it lacks); nil where the app shows a
    /// blank or broken button, or refuses the pack, so emokit refuses the entry by name.
    var skipsMissingImagesLike: String? = nil
}

/// One emoticon of a map: the texts that stand for it (the first is what a tap inserts) and its
/// image, as the map names it.
struct MapItem {
    var texts: [String]
    /// A file name (`smile.png`), or a stem when `extensions` is set (KDE's `face-angel`).
    var image: String
    /// Extensions tried in order for a stem; nil when `image` is a file name.
    var extensions: [String]? = nil
    /// The `extensions` of a text map's or a code-point folder's bare stem, one array shared by
    /// every item (an array literal per item was an allocation per emoticon).
    static let stemExtensions = ["png", "gif"]
    /// The emoticon's own name (Adium's `Name`); else the image's stem.
    var name: String? = nil
    /// Shown in received messages only, never on the keyboard (Pidgin's `!` lines).
    var displayOnly = false
    /// The image may be a path below the pack folder (`smileys/smile.png`, XEP-0038): each part
    /// a plain name, never `..`, and the file's real path still inside the folder.
    var allowsFolders = false
    /// How messages name the part of the entry that holds the image (`Equivalents`, `object`).
    var imageKey = "image"
    /// How messages name the part of the entry that holds the texts.
    var textKey = "text"
    /// Search keywords (a Pleroma emoji's tags).
    var keywords: [String] = []
    /// Why the map's own line cannot be an entry, found while parsing (the key it names, why).
    var problem: (key: String, reason: Diagnostic.Message)? = nil
    /// Why the app itself skips this line (a warning, never an error).
    var skipped: Diagnostic.Message? = nil
    /// Where a file that nests its entries in groups keeps this one (`Entry.locator`).
    var locator: String? = nil
}

/// A layout whose file parses to a `MapFile` (Adium, Pidgin, Jabber, KDE, EiskaltDC++, Xhs): it is
/// recognised by the layout its file was parsed as, and read by `MapLayouts.contents`, so each
/// such layout states only its file names and its parser (Adium, Pidgin and Xhs add to `contents`).
protocol MapFileLayout: PackLayout {
    static var layout: String { get }
}

extension MapFileLayout {
    static func matches(_ source: PackSource) -> Bool { (source.root as? MapFile)?.layout == layout }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        MapLayouts.contents(of: source, layout: layout)
    }
}

enum MapLayouts {
    /// The image formats emokit draws; an entry whose only image is of another kind is refused
    /// by name (an SVG-only KDE emoticon, a Jabber `image/x-mng`).
    static let drawnExtensions = ["png", "gif", "jpg", "jpeg", "webp", "bmp"]
    /// The still images among them, in the order a bare stem is looked up (PNG first).
    static let stillExtensions = ["png", "jpg", "jpeg", "webp", "bmp"]
    /// How messages name them.
    static let drawnFormats = "PNG, GIF, JPEG, WebP and BMP images"

    /// The pack's contents from a `MapFile` parsed by `layout`: entries in map order, the note
    /// naming the layout, and one line counting the images the map does not name.
    static func contents(of source: PackSource, layout: String) -> Result<PackContents, PackError> {
        guard let map = source.root as? MapFile, map.layout == layout else { return .failure(PackLayouts.unrecognised(source)) }
        return .success(contents(of: source, map: map))
    }

    /// The pack's contents from `map`, however it was found (a file, or a folder's names).
    static func contents(of source: PackSource, map: MapFile) -> PackContents {
        let folder = map.imageFolder ?? source.folder
        let folderDisplay = map.imageFolder.map { TextMapLayout.display($0, in: source) } ?? source.folderDisplay
        let files = FolderFiles(folder: folder, display: folderDisplay)
        let display = source.display
        var contents = PackContents(
            // Items by position: an index fits in `Any` as it is, where each `MapItem` was boxed,
            // a second copy of the map beside the map (half a million kept KDE elements).
            items: PlistItems(map.items.indices.map { $0 as Any }),
            entry: { [items = map.items, unnamed = UnnamedImages(folder: folder, items: map.items, own: map.ownImages)] item, index in
                let item = items[item as! Int]
                // The map's keywords (a Pleroma emoji's tags) go with its entry.
                return entry(item, index: index, files: files, display: display, skipsMissingLike: map.skipsMissingImagesLike, unnamed: unnamed).map { entry in
                    var entry = entry
                    entry.keywords = item.keywords
                    entry.locator = item.locator
                    return entry
                }
            })
        if let title = map.title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty { contents.titles[.en] = title }
        contents.titleKey = map.titleKey
        contents.textKey = map.items.first?.textKey ?? "text"
        contents.ownImages = map.ownImages
        contents.notes = { entries in
            let count = entries.count
            let summary = "\(map.description): \(count) emoticon\(count == 1 ? "" : "s") \(map.order)"
            return [.recognisedLayout(path: display, summary: ([summary] + map.details).joined(separator: "; "))]
        }
        contents.warnings = { entries in
            map.warnings
                + (unmapped(in: folder, items: map.items, own: map.ownImages).map { [.unmappedImages(path: display, count: $0.count, first: "\(folderDisplay)/\($0.first)")] } ?? [])
        }
        return contents
    }

    /// A map file's XML root element; a file that is not well-formed is refused naming the line.
    /// Only what `selection` names is kept (`PackXML.Selection`).
    static func parseXML(_ data: Data, display: String, keeping selection: PackXML.Selection) throws(PackError) -> PackXML.Element {
        do { return try PackXML.parse(data, keeping: selection) } catch { throw PackError.malformedMap(path: display, format: "XML", reason: error.message) }
    }

    /// One map item as an entry: its first text inserted, its image found in the folder. An image
    /// not in the folder is refused by name, or skipped with a warning when `skipsMissingLike`
    /// names an app that leaves such an emoticon out.
    static func entry(
        _ item: MapItem, index: Int, files: FolderFiles, display: String, skipsMissingLike app: String? = nil, unnamed: UnnamedImages? = nil
    ) -> Result<Entry, PackError> {
        // A text over the cap is refused naming its key, quoted shortened, before anything else.
        for (key, text) in [(item.textKey, item.texts.first ?? ""), ("name", item.name ?? "")] {
            if let problem = TextLimits.problem(text, limit: TextLimits.entryText) {
                return .failure(
                    .entry(path: display, index: index, key: key, text: nil, reason: "\(problem.message) (it starts \(PackError.quote(text)))", at: item.locator))
            }
        }
        let label = item.texts.first.flatMap { $0.isEmpty ? nil : $0 }
        func failure(_ key: String, _ reason: Diagnostic.Message) -> Result<Entry, PackError> {
            .failure(.entry(path: display, index: index, key: key, text: label, reason: reason, at: item.locator))
        }
        func missing(_ reason: Diagnostic.Message) -> Result<Entry, PackError> {
            guard let app else { return failure(item.imageKey, reason) }
            return .failure(
                .missingImage(
                    path: display, index: index, text: label, key: item.imageKey, file: "\(files.display)/\(item.image)", app: app,
                    similar: unnamed?.closest(to: item).map { "\(files.display)/\($0)" }))
        }
        if let problem = item.problem { return failure(problem.key, problem.reason) }
        if let reason = item.skipped { return .failure(.skippedEntry(path: display, index: index, text: label, reason: reason, at: item.locator)) }
        guard let text = item.texts.first, !text.isEmpty else { return failure(item.textKey, "no text to insert") }
        let parts = item.allowsFolders ? item.image.split(separator: "/", omittingEmptySubsequences: false).map(String.init) : [item.image]
        if let reason = parts.lazy.compactMap(FileNamePolicy.unsafeReason).first {
            return failure(item.imageKey, "unsafe path \(PackError.quote(item.image)): \(reason)")
        }
        var name = item.image
        if AssetCatalogImages.isCatalog(files.folder) {
            // An asset name, in the catalog's image set of that name.
            switch AssetCatalogImages.variants(of: item.image, in: files.folder, display: files.display) {
            case .failure(let reason): return failure(item.imageKey, reason.message)
            case .success(let variants):
                let format: ImageFile.Format = variants[0].fileName.lowercased().hasSuffix(".gif") ? .gif : .png
                let file = ImageFile(name: item.image, variants: variants, format: format)
                return .success(
                    Entry(
                        plistIndex: index, text: text, textTraditional: nil, name: item.name ?? item.image, content: .image(file),
                        animation: format == .gif ? file : nil))
            }
        }
        if let extensions = item.extensions {
            // The first drawn format found ends the search; one emokit cannot draw is kept for the message.
            var drawn: String?
            var undrawn: String?
            for ext in extensions {
                let candidate = "\(item.image).\(ext)"
                switch files.lookup(candidate) {
                case .found: if drawnExtensions.contains(ext) { drawn = candidate } else if undrawn == nil { undrawn = candidate }
                case .absent: continue
                // Never passed over for the next extension: a link out of the pack is refused.
                case let .outside(fileName, target): return failure(item.imageKey, FolderFiles.linksOutside(fileName, target: target).message)
                }
                if drawn != nil { break }
            }
            guard let drawn else {
                if let undrawn { return failure(item.imageKey, "only \(undrawn) is there; emokit draws \(drawnFormats) (add \(item.image).png)") }
                return missing("file not found: \(path: "\(files.display)/\(item.image)") (.\(extensions.joined(separator: ", .")))")
            }
            name = drawn
        }
        let ext = (name as NSString).pathExtension.lowercased()
        guard drawnExtensions.contains(ext) else {
            return failure(item.imageKey, "\(name): emokit draws \(drawnFormats), not \(ext.isEmpty ? "files without an extension" : ".\(ext)")")
        }
        let variants: [ImageFile.Variant]
        switch files.variants(of: name) {
        case .failure(let reason):
            if case .absent = files.lookup(name) { return missing(reason.message) }
            return failure(item.imageKey, reason.message)
        case .success(let found): variants = found
        }
        let stem = (name as NSString).deletingPathExtension
        let file = ImageFile(name: name, variants: variants, format: ext == "gif" ? .gif : .png)
        // A still found by stem with a GIF of the same stem beside it (`1.png`, `1.gif`): the GIF animates it.
        var animation = ext == "gif" ? file : nil
        if ext == "png", item.extensions?.contains("gif") == true {
            switch files.lookup("\(stem).gif") {
            case .found(let gif): animation = ImageFile(name: "\(stem).gif", variants: gif, format: .gif)
            case .absent: break
            case let .outside(fileName, target): return failure(item.imageKey, FolderFiles.linksOutside(fileName, target: target).message)
            }
        }
        return .success(Entry(plistIndex: index, text: text, textTraditional: nil, name: item.name ?? stem, content: .image(file), animation: animation))
    }

    /// The images in `folder` that no item names, in name order; nil when there are none. A
    /// name counts with its `@2x`/`@3x` siblings; a delete key's image (`delete`, `[删除]`...) and
    /// `icon` have their own meaning.
    static func unmapped(in folder: URL, items: [MapItem], own: [String]) -> (count: Int, first: String)? {
        let names = unnamedImages(in: folder, items: items, own: own)
        return names.first.map { (names.count, $0) }
    }

    /// The images in `folder` that no item names, in name order (see `unmapped`).
    static func unnamedImages(in folder: URL, items: [MapItem], own: [String]) -> [String] {
        func stem(_ name: String) -> String {
            let base = (name as NSString).deletingPathExtension
            return base.hasSuffix("@2x") || base.hasSuffix("@3x") ? String(base.dropLast(3)) : base
        }
        var named: Set<String> = []
        for item in items { named.insert(item.extensions == nil ? stem(item.image) : item.image) }
        for image in own { named.insert(stem(image)) }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") && ImageNaming.imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .filter { !named.contains(stem($0)) && !ImageNaming.isOwnButton(stem($0)) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return names
    }
}

/// The images of a map's folder that no item names, listed once, when an item's image is found
/// missing (never for a pack that has all its images), to name the one a map misspelt beside the
/// missing one: Breeze's map says `face-embarassed`, its file is `face-embarrassed.png`. Entries
/// are read on several threads: the list is made under a lock.
final class UnnamedImages: @unchecked Sendable {
    private let folder: URL
    private let items: [MapItem]
    private let own: [String]
    private let lock = NSLock()
    private var names: [String]?

    init(folder: URL, items: [MapItem], own: [String]) {
        self.folder = folder
        self.items = items
        self.own = own
    }

    /// The unnamed image a slip away from the one `item` names (a stem against the images'
    /// stems); nil when none is that close.
    func closest(to item: MapItem) -> String? {
        let names = lock.withLock {
            if self.names == nil { self.names = MapLayouts.unnamedImages(in: folder, items: items, own: own) }
            return self.names ?? []
        }
        let candidates = item.extensions == nil ? names : names.map { FileNameParts.split($0).base }
        let probe = item.image
        guard let near = NameSuggestion.closest(to: probe, among: candidates, maxDistance: probe.count > 4 ? 2 : 1, ignoringCase: true),
            let position = candidates.firstIndex(of: near)
        else { return nil }
        return names[position]
    }
}
