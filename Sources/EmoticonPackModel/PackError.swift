import Diagnostics
import Foundation

/// Problems reading a pack. Each names the file, and for entry problems the plist index and
/// key, so the one-line message says exactly what to fix.
public enum PackError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case notAPack(path: String)
    case tooLarge(path: String, bytes: Int, limit: Int)
    case unreadable(path: String, reason: String)
    case malformed(path: String, reason: String)
    case wrongRoot(path: String, expected: String, found: String)
    /// An entry refused (`at`: where a file that nests its entries in groups keeps it, see
    /// `Entry.locator`, named in place of the whole-file number).
    case entry(path: String, index: Int, key: String, text: String?, reason: Diagnostic.Message, at: String? = nil)
    /// A text repeated: the duplicate is left out (`firstAt`, `duplicateAt`: the entries' locators).
    case duplicateText(path: String, key: String, text: String, first: Int, duplicate: Int, firstAt: String? = nil, duplicateAt: String? = nil)
    case packageOrder(path: String, reason: String)
    /// A subfolder of a folder of packs that is not a pack (a warning; an error with `--strict`).
    case skippedFolder(path: String, reason: String)
    /// The pack's plist was found under another capitalisation (`Info.plist`) and read (a note).
    case unusualPlistName(path: String, usual: String)
    /// A dictionary root with `emoticons` but none of the keys that make it a YYKit group.
    case incompleteGroup(path: String, keys: [String])
    /// An entry key emokit does not know, with the known key it most likely meant (a warning).
    case unknownKey(path: String, index: Int, key: String, text: String?, suggestion: String?)
    /// An entry's image is smaller than the icon it is drawn as, so it is enlarged (a warning):
    /// `pixels` is the image's longer side, `drawnAt` the icon box at `scale`.
    case upscaled(path: String, index: Int, text: String?, file: String, pixels: Int, drawnAt: Int, scale: Int, at: String? = nil)
    /// How many more entries of a pack are enlarged than `generate` names one by one (a warning;
    /// `validate` lists each).
    case moreUpscaled(path: String, count: Int)
    /// An entry left out the way the app that made the pack leaves it out (a warning).
    case skippedEntry(path: String, index: Int, text: String?, reason: Diagnostic.Message, at: String? = nil)
    /// A folder of images without a plist, read as one tab (a note: emokit made a choice).
    case plainImageFolder(path: String, count: Int)
    /// `additional/<group>` of a YYKit bundle names no group of the bundle (a warning).
    case unmatchedAdditional(path: String)
    /// A tab of the pack's file (a sticker pack) every entry of which was refused, left out (a warning).
    case emptyTab(path: String, tab: String)
    /// Two packs wanted the same tab id (or `recent`); the later one was given another.
    case tabIDChanged(path: String, wanted: String, given: String, holder: String?)
    /// An entry of a per-pack config setting (`tabIds`, `tabTitles`, `packFiles`) that names no
    /// pack or asks for what the pack cannot give.
    case packConfig(setting: String, key: String, reason: String)
    /// A plist or pack folder whose real path (after symlinks) leaves the packs.
    case unsafeLink(path: String, target: String)
    /// A key of the pack file itself (not of an entry) whose value is refused: a 10 MB title.
    case fileKey(path: String, key: String, reason: String)
    /// A PNG in a pack's folder that no entry names (a `validate` warning): `path` is the
    /// pack's plist, `file` the image as `<pack folder>/<file>`.
    case unusedImage(path: String, file: String)
    /// A pack's map file that is not valid in its own format (an XML file, a theme file):
    /// `format` names the format (`XML`), `reason` says where and why.
    case malformedMap(path: String, format: String, reason: String)
    /// Which app's layout a pack was read as, and what that means (a note): `summary` is the
    /// layout's own words (`an Adium emoticon set: 25 emoticons in Emoticons.plist order`).
    case recognisedLayout(path: String, summary: String)
    /// A folder read as a plain folder of images while a file beside the images looks like a map
    /// of them that emokit did not read (a warning naming that file).
    case unreadMapFile(path: String, file: String, reason: String)
    /// Images in a mapped pack's folder that its map does not name, counted in one line (a
    /// warning); `first` names one of them.
    case unmappedImages(path: String, count: Int, first: String)
    /// A zipped pack (`.zip`, `.jisp`): emokit reads folders only.
    case zippedPack(path: String)
    /// A set that asks for its own page grid (XhsEmoticonsKeyboard's `line`/`row`): emokit lays
    /// every tab on the keyboard's one grid (a warning).
    case setGrid(path: String, rows: Int, columns: Int)
    /// How many more entry problems of a pack file there are than the `listed` ones kept and
    /// shown (a file of a million bad entries is not a million lines): an error when they are
    /// errors, a warning when warnings.
    case moreEntryProblems(path: String, count: Int, listed: Int, severity: Diagnostic.Severity)
    /// A pack whose file held items but gave not one emoticon (each refused or skipped): an
    /// error even with `--lenient`, never an empty tab; `held` says what the file held.
    case noEmoticons(path: String, held: String)
    /// One layout `validate` tried on a pack it could not read, and why it did not fit (a note).
    case layoutTried(path: String, layout: String, reason: String)
    /// More than one image of a pack's folder is named like the delete key (`delete.png`,
    /// `del.png`): `chosen` is the one drawn (a note), `unused` the others; with no `chosen`
    /// (only GIFs, never drawn as the key) a warning.
    case deleteKeyImages(path: String, chosen: String?, unused: [String])
    /// A line of a pack file the app itself drops (a Pidgin theme's line that is not UTF-8): a
    /// warning naming the line.
    case skippedLine(path: String, line: Int, reason: String)
    /// An emoticon of a map left out because its image is not in the pack, as the app that
    /// reads the map leaves it out (`app`: KDE); `key` holds the image in the entry, `file` names
    /// it as messages show it, `similar` an image of a near name that is there (Breeze's map
    /// says `face-embarassed`, its file is `face-embarrassed.png`) (a warning; `validate` lists
    /// each, `generate` says `missingImages` once per pack; an error, `refused`, when no emoticon
    /// of the pack is left).
    case missingImage(path: String, index: Int, text: String?, key: String, file: String, app: String, similar: String?)
    /// A pack's `missingImage` warnings in one line: the first few and how many in all.
    case missingImages(path: String, first: [MissingImage], count: Int, app: String)

    /// One emoticon left out for its missing image, as `missingImages` names it.
    public struct MissingImage: Equatable, Sendable {
        public var index: Int
        public var text: String?
        public var file: String
        public init(index: Int, text: String?, file: String) {
            self.index = index
            self.text = text
            self.file = file
        }
    }

    public var description: String { message.description }

    /// What a user reads (the file and entry named first), settings as references the caller names.
    public var message: Diagnostic.Message {
        switch self {
        case .notFound(let path): return "\(path: path): no such file or folder"
        case .notAPack(let path):
            return "\(path: path): not an emoticon pack nor a folder of packs: no layout emokit reads fits it ('emokit validate' lists each layout tried)"
        case let .tooLarge(path, bytes, limit):
            // The limit is every pack file's (a sticker pack's contents.json, a Pidgin theme), named for plists.
            let isPlist = path.lowercased().hasSuffix(".plist")
            return "\(path: path): \(isPlist ? "plist" : "pack file") is \(Self.megabytes(bytes)); the limit is \(Self.megabytes(limit)) "
                + "(raise it with \(setting: "max-plist-size")\(isPlist ? "" : ", the limit for every pack file"))"
        case let .unreadable(path, reason): return "\(path: path): cannot read (\(reason))"
        case let .malformed(path, reason): return "\(path: path): not a valid property list (\(reason))"
        case let .wrongRoot(path, expected, found): return "\(path: path): expected \(expected) at root, found \(found)"
        case let .entry(path, index, key, text, reason, locator):
            // A key that is the entry's place (`item 0.data[1]`: not a dictionary) is said once.
            if let locator, key == locator { return "\(Self.entryLabel(path, index, text, at: locator)): \(reason)" }
            return "\(Self.entryLabel(path, index, text, at: locator)): \(key): \(reason)"
        case let .duplicateText(path, key, text, first, duplicate, firstAt, duplicateAt):
            let (earlier, later) = (firstAt ?? "entry \(first)", duplicateAt ?? "entry \(duplicate)")
            return "\(path: path): \(later): \(key) \(quoted: text) repeats \(earlier); keeping \(earlier)"
        case let .packageOrder(path, reason): return "\(path: path): \(reason)"
        case let .skippedFolder(path, reason): return "\(path: path): skipped, not a pack: \(reason)"
        case let .unusualPlistName(path, usual): return "\(path: path): read as the pack's \(usual)"
        case let .incompleteGroup(path, keys):
            return "\(path: path): expected array at root, found dictionary: a dictionary root is read as a YYKit group only with "
                + "emoticons and id (or group_name_cn, group_name_tw, group_name_en); missing: id, group_name_*; it has: \(keys.joined(separator: ", "))"
        case let .unknownKey(path, index, key, text, suggestion):
            return "\(Self.entryLabel(path, index, text)): unknown key \(quoted: key)"
                + (suggestion.map { " (did you mean \(quoted: $0)?)" } ?? "") + "; ignored"
        case let .upscaled(path, index, text, file, pixels, drawnAt, scale, locator):
            let factor = String(format: "%.2f", Double(drawnAt) / Double(pixels))
                .replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
            return "\(Self.entryLabel(path, index, text, at: locator)): \(path: file) is \(pixels) px, enlarged \(factor)x to \(drawnAt) px at @\(scale)x "
                + "(it will look soft; add a larger @\(scale)x image)"
        case let .moreUpscaled(path, count):
            return "\(path: path): \(count) more emoticon\(count == 1 ? " is" : "s are") enlarged the same way ('emokit validate' lists each)"
        case let .skippedEntry(path, index, text, reason, locator): return "\(Self.entryLabel(path, index, text, at: locator)): skipped: \(reason)"
        case let .plainImageFolder(path, count):
            return "\(path: path): no info.plist, read as a plain folder of images: one tab, \(count) emoticon\(count == 1 ? "" : "s") in name order, "
                + "each inserting [name]"
        case let .unmatchedAdditional(path): return "\(path: path): no group of that id in the bundle; ignored, as YYKit ignores it"
        case let .emptyTab(path, tab): return "\(path: path): tab \(quoted: tab) left out: every one of its entries was refused (see above)"
        case let .tabIDChanged(path, wanted, given, holder?) where holder == path:
            return "\(path: path): tab id '\(wanted)' is already another tab's of this file (two of its tabs have that name); this tab gets '\(given)' (set ids with the config file's tabIds)"
        case let .tabIDChanged(path, wanted, given, holder?):
            return "\(path: path): tab id '\(wanted)' is already used by \(path: holder) (ids are compared ignoring case); this tab gets '\(given)' (set ids with the config file's tabIds)"
        case let .tabIDChanged(path, wanted, given, nil):
            return "\(path: path): tab id '\(wanted)' is reserved for the preview's Recent tab; this tab gets '\(given)' (set ids with the config file's tabIds)"
        case let .packConfig(setting, key, reason): return "\(setting) '\(key)': \(reason)"
        case let .unsafeLink(path, target): return "\(path: path): links outside the packs (to \(target)); refusing to read it"
        case let .unusedImage(path, file): return "\(path: path): \(path: file) is not named by any entry; unused"
        case let .fileKey(path, key, reason): return "\(path: path): \(key): \(reason)"
        case let .malformedMap(path, format, reason): return "\(path: path): not a valid \(format) file (\(reason))"
        case let .recognisedLayout(path, summary): return "\(path: path): read as \(summary)"
        case let .unreadMapFile(path, file, reason):
            return "\(path: path): read as a plain folder of images, but \(file) beside them was not read (\(reason)); "
                + "the texts and order it may hold are not used"
        case let .unmappedImages(path, count, first):
            return "\(path: path): \(count) image\(count == 1 ? "" : "s") in the pack folder \(count == 1 ? "is" : "are") not named by the map "
                + "(first: \(path: first)); validating lists each"
        case let .setGrid(path, rows, columns):
            return "\(path: path): the set asks for pages of \(rows) lines of \(columns) (line, row); every tab shares the keyboard's grid "
                + "(\(setting: "rows") x \(setting: "columns")), so this one does too"
        case let .zippedPack(path) where Self.isTarball(path):
            // Mastodon's `tootctl emoji import` takes packs as tarballs.
            return "\(path: path): a packed tarball is not read; unpack it first (tar -xf) and name the folder it gives"
        case let .zippedPack(path):
            return "\(path: path): a zipped pack is not read; unzip it first and name the folder it gives"
        case let .deleteKeyImages(path, chosen?, unused):
            return "\(path: path): \(path: chosen) is the tab's delete key; \(Self.pathList(unused)) also named like one, not used"
        case let .deleteKeyImages(path, nil, unused):
            return "\(path: path): \(Self.pathList(unused)) named like the delete key, not used: the key is drawn from a still image (add delete.png)"
        case let .skippedLine(path, line, reason): return "\(path: path): line \(line) skipped: \(reason)"
        case let .missingImage(path, index, text, _, file, app, similar):
            let near: Diagnostic.Message = similar.map { "; \(path: $0) is there: is the map's name misspelt?" } ?? ""
            return "\(Self.entryLabel(path, index, text)): skipped: no image \(path: file) in the pack (\(app) leaves such an emoticon out too\(near))"
        case let .missingImages(path, first, count, app):
            let named = first.map { "entry \($0.index)" + ($0.text.map { " \(quoted: $0)" } ?? "") + " (\(path: $0.file))" as Diagnostic.Message }
            let list = named.dropFirst().reduce(named.first ?? "") { "\($0), \($1)" }
            let more = count > first.count ? " and \(count - first.count) more" : ""
            return "\(path: path): \(count) emoticon\(count == 1 ? "" : "s") skipped, no image in the pack (\(app) leaves such emoticons out too): "
                + "\(list)\(more); validating lists each"
        case let .moreEntryProblems(path, count, listed, severity):
            let kind = severity == .error ? "error" : "warning"
            return "\(path: path): and \(count) more entry \(kind)\(count == 1 ? "" : "s") in this file, not listed (the first \(listed) are)"
        case let .noEmoticons(path, held): return "\(path: path): no emoticons to show: \(held); an empty tab is not written"
        case let .layoutTried(path, layout, reason): return "\(path: path): tried \(layout): \(reason)"
        }
    }

    /// The stable name of this kind of problem (`Diagnostic.code`).
    public var code: Diagnostic.Code {
        switch self {
        case .notFound: return "not-found"
        case .notAPack: return "not-a-pack"
        case .tooLarge: return "plist-too-large"
        case .unreadable: return "unreadable"
        case .malformed: return "malformed-plist"
        case .wrongRoot: return "wrong-root"
        case .entry: return "bad-entry"
        case .duplicateText: return "duplicate-text"
        case .packageOrder: return "package-order"
        case .skippedFolder: return "skipped-folder"
        case .unusualPlistName: return "unusual-plist-name"
        case .incompleteGroup: return "incomplete-group"
        case .unknownKey: return "unknown-key"
        case .upscaled, .moreUpscaled: return "upscaled"
        case .skippedEntry: return "skipped-entry"
        case .plainImageFolder: return "plain-image-folder"
        case .unmatchedAdditional: return "unmatched-additional"
        case .emptyTab: return "empty-tab"
        case .tabIDChanged: return "tab-id-changed"
        case .packConfig(let setting, _, _): return setting == "tabIds" ? "tab-id-config" : "pack-config"
        case .unsafeLink: return "unsafe-link"
        case .unusedImage: return "unused-image"
        case .fileKey: return "bad-file-key"
        case .malformedMap: return "malformed-pack-file"
        case .recognisedLayout: return "pack-layout"
        case .unreadMapFile: return "unread-pack-file"
        case .unmappedImages: return "unmapped-images"
        case .zippedPack: return "zipped-pack"
        case .setGrid: return "set-grid"
        case .moreEntryProblems: return "more-entry-problems"
        case .noEmoticons: return "no-emoticons"
        case .layoutTried: return "layout-tried"
        case .deleteKeyImages: return "delete-key-images"
        case .skippedLine: return "skipped-line"
        case .missingImage, .missingImages: return "missing-image"
        }
    }

    /// How serious this kind of problem is when nothing changes it: a run's `--strict` makes
    /// warnings errors, `--lenient` makes some entry errors warnings (`diagnostic(as:)`).
    public var severity: Diagnostic.Severity {
        switch self {
        case .notFound, .notAPack, .tooLarge, .unreadable, .malformed, .wrongRoot, .entry, .packageOrder, .incompleteGroup, .packConfig, .unsafeLink,
            .fileKey, .malformedMap, .zippedPack, .noEmoticons:
            return .error
        case .duplicateText, .skippedFolder, .unknownKey, .upscaled, .moreUpscaled, .skippedEntry, .unmatchedAdditional, .emptyTab, .tabIDChanged, .unusedImage,
            .unreadMapFile, .unmappedImages, .setGrid, .skippedLine, .missingImage, .missingImages:
            return .warning
        case .deleteKeyImages(_, let chosen, _): return chosen == nil ? .warning : .note
        case .unusualPlistName, .plainImageFolder, .recognisedLayout, .layoutTried: return .note
        case .moreEntryProblems(_, _, _, let severity): return severity
        }
    }

    /// This problem as a diagnostic, at its kind's severity.
    public var diagnostic: Diagnostic { diagnostic(as: severity) }

    /// This problem as a diagnostic at `severity` (the run decided it: strict, lenient).
    public func diagnostic(as severity: Diagnostic.Severity) -> Diagnostic {
        var key: String?
        switch self {
        case .entry(_, _, let entryKey, _, _, _), .unknownKey(_, _, let entryKey, _, _): key = entryKey
        case .packConfig(_, let configKey, _), .fileKey(_, let configKey, _): key = configKey
        default: key = nil
        }
        return Diagnostic(code, severity, file: plistPath.isEmpty ? nil : plistPath, entryIndex: entryIndex, key: key, message: message)
    }

    /// How every message names an entry: `faces/info.plist: entry 3 ("[哈哈]")`.
    /// A tar archive, compressed or not (`.tar`, `.tar.gz`, `.tgz`), by its name.
    public static func isTarball(_ path: String) -> Bool {
        let name = path.lowercased()
        return [".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tar.xz"].contains { name.hasSuffix($0) }
    }

    /// Files named in a message, one after another (`a/del.png, a/backspace.png`).
    static func pathList(_ paths: [String]) -> Diagnostic.Message {
        paths.dropFirst().reduce("\(path: paths.first ?? "")") { "\($0), \(path: $1)" }
    }

    /// An entry is named by its number in the file (`entry 3`), or where a file that nests its
    /// entries in groups keeps it (`locator`: `sticker_packs[1].stickers[0]`), which a number
    /// counted across the groups would contradict; its text follows, quoted, unless it is that place.
    public static func entryLabel(_ path: String, _ index: Int, _ text: String?, at locator: String? = nil) -> Diagnostic.Message {
        let place: Diagnostic.Message = locator.map { "\($0)" } ?? "entry \(index)"
        return "\(path: path): \(place)" + (text.flatMap { $0 == locator ? nil : " (\(quoted: $0))" } ?? "")
    }

    /// The plist this problem is about (for ordering messages by pack).
    public var plistPath: String {
        switch self {
        case .notFound(let path), .notAPack(let path), .tooLarge(let path, _, _), .unreadable(let path, _), .malformed(let path, _),
            .wrongRoot(let path, _, _), .entry(let path, _, _, _, _, _), .duplicateText(let path, _, _, _, _, _, _), .packageOrder(let path, _),
            .skippedFolder(let path, _), .unusualPlistName(let path, _), .incompleteGroup(let path, _), .unknownKey(let path, _, _, _, _),
            .upscaled(let path, _, _, _, _, _, _, _), .moreUpscaled(let path, _), .skippedEntry(let path, _, _, _, _), .plainImageFolder(let path, _),
            .unmatchedAdditional(let path), .emptyTab(let path, _), .tabIDChanged(let path, _, _, _), .unsafeLink(let path, _),
            .unusedImage(let path, _), .fileKey(let path, _, _), .malformedMap(let path, _, _), .recognisedLayout(let path, _),
            .unreadMapFile(let path, _, _), .unmappedImages(let path, _, _), .zippedPack(let path),
            .setGrid(let path, _, _), .moreEntryProblems(let path, _, _, _), .noEmoticons(let path, _), .layoutTried(let path, _, _),
            .deleteKeyImages(let path, _, _), .skippedLine(let path, _, _), .missingImage(let path, _, _, _, _, _, _), .missingImages(let path, _, _, _):
            return path
        case .packConfig: return ""
        }
    }

    /// The entry this problem is about, or nil for file-level problems.
    public var entryIndex: Int? {
        switch self {
        case .entry(_, let index, _, _, _, _), .unknownKey(_, let index, _, _, _), .upscaled(_, let index, _, _, _, _, _, _),
            .skippedEntry(_, let index, _, _, _), .missingImage(_, let index, _, _, _, _, _):
            return index
        case .duplicateText(_, _, _, _, let duplicate, _, _): return duplicate
        default: return nil
        }
    }

    /// Where a problem sorts within its pack: file-level first, then by entry; a count of more
    /// entries like those listed comes after them.
    var readingIndex: Int {
        if case .moreUpscaled = self { return Int.max }
        if case .moreEntryProblems = self { return Int.max }
        return entryIndex ?? -1
    }

    /// Problems in the order a user fixes them: by pack in tab order (`plistPaths`), file-level
    /// problems first, then by entry; problems of the same entry keep the order they were found.
    /// Problems about no listed pack (an input not found, a skipped folder) come first.
    public static func inReadingOrder(_ problems: [PackError], plistPaths: [String]) -> [PackError] {
        var rank: [String: Int] = [:]
        for (position, path) in plistPaths.enumerated() where rank[path] == nil { rank[path] = position }
        // A config key naming no pack follows every pack's own problems: those are the causes.
        rank[""] = Int.max
        return problems.enumerated().sorted { lhs, rhs in
            let l = (rank[lhs.element.plistPath] ?? -1, lhs.element.readingIndex, lhs.offset)
            let r = (rank[rhs.element.plistPath] ?? -1, rhs.element.readingIndex, rhs.offset)
            return l < r
        }.map(\.element)
    }

    /// Quotes a value for a one-line message: control characters and line breaks escaped.
    public static func quote(_ text: String) -> String { Diagnostic.Message.quote(text) }

    package static func megabytes(_ bytes: Int) -> String {
        let mb = Double(bytes) / 1_048_576
        return mb >= 10 ? "\(Int(mb.rounded())) MB" : String(format: "%.1f MB", mb)
    }
}

extension PackError {
    /// Entries skipped as the app skips them are warnings in every mode.
    package var isSkippedEntry: Bool {
        switch self {
        case .skippedEntry, .missingImage: return true
        default: return false
        }
    }

    /// A missing image as an error: the pack has no emoticon left to show, so it is refused
    /// (Psi refuses a KDE theme none of whose images it finds); other problems as they are.
    package var refused: PackError {
        guard case let .missingImage(path, index, text, key, file, _, _) = self else { return self }
        return .entry(path: path, index: index, key: key, text: text, reason: "file not found: \(path: file), nor any other emoticon's image: the pack has nothing to show")
    }
}
