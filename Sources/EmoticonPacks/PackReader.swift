import FileAccess
import Foundation

/// Reads packs from disk: a pack folder (`Emoji.plist` or `info.plist`), or a folder of packs.
///
/// Policy (README "Bad input"): file-level problems (unreadable, malformed, wrong root, too large)
/// always fail the pack. Entry problems are collected; in strict mode (the default) any of them
/// fails the run, in lenient mode the entry is skipped and reported as a warning. Nothing is
/// guessed: a missing `png` is never derived from `chs`.
public struct PackReader: Sendable {
    public var lenient: Bool
    /// Warnings about the packs (skipped folders, unknown keys, repeated entries) are errors.
    public var strict: Bool
    /// Plists above this size are refused before parsing (default 10 MB).
    public var maxPlistBytes: Int

    /// Tab ids chosen by the user (config `tabIds`), keyed by pack folder name or plist `id`.
    public var explicitTabIDs: [String: String]

    public init(lenient: Bool = false, strict: Bool = false, maxPlistBytes: Int = 10 * 1024 * 1024, explicitTabIDs: [String: String] = [:]) {
        self.lenient = lenient
        self.strict = strict
        self.maxPlistBytes = maxPlistBytes
        self.explicitTabIDs = explicitTabIDs
    }

    /// The outcome of reading: packs in tab order, plus warnings (skipped entries in lenient
    /// mode, duplicates, empty packs, skipped folders, unknown keys) and notes (a plist read
    /// under an unusual name).
    public struct Result: Sendable {
        public var packs: [EmoticonPack]
        public var warnings: [PackError]
        public var notes: [PackError] = []
    }

    /// Thrown when the input cannot be used: every error found, one line each.
    public struct Failure: Error, Sendable {
        public var errors: [PackError]
        public var warnings: [PackError]
        public var notes: [PackError] = []
    }

    /// Everything reading found, without stopping at the first problem: every pack whose plist
    /// could be parsed (holding its good entries, even when other entries were refused), and
    /// every problem in reading order (inputs, then per pack its file, then its entries).
    public struct Survey: Sendable {
        public var packs: [EmoticonPack] = []
        public var errors: [PackError] = []
        public var warnings: [PackError] = []
        public var notes: [PackError] = []
        /// Every plist path read (also those that failed), in tab order, for ordering messages.
        public var plistPaths: [String] = []
    }

    /// Reads each input (a pack or a folder of packs) in order; tabs follow the inputs, and
    /// within a folder of packs its `emoticons.plist` order, else folder names sorted.
    public func read(_ inputs: [URL]) throws(Failure) -> Result {
        let survey = survey(inputs)
        if !survey.errors.isEmpty { throw Failure(errors: survey.errors, warnings: survey.warnings, notes: survey.notes) }
        return Result(packs: survey.packs, warnings: survey.warnings, notes: survey.notes)
    }

    /// Reads as `read` does but never stops early: callers that check more (image headers)
    /// add their findings before reporting everything at once.
    public func survey(_ inputs: [URL]) -> Survey {
        var survey = Survey()
        for input in inputs {
            let folders: [URL]
            do {
                let found = try packFolders(in: input)
                folders = found.folders
                survey.warnings += found.skipped
            } catch let error as PackError {
                survey.errors.append(error)
                continue
            } catch {
                survey.errors.append(.unreadable(path: input.path, reason: "\(error)"))
                continue
            }
            let first = survey.packs.count
            for folder in folders {
                let outcome = readPack(folder, parentDisplay: folders.count == 1 && folder == input ? nil : input.lastPathComponent)
                survey.plistPaths.append(outcome.plistPath)
                survey.errors += outcome.errors
                survey.warnings += outcome.warnings
                survey.notes += outcome.notes
                if let pack = outcome.pack { survey.packs.append(pack) }
            }
            if folders != [input] { readAdditional(root: input, into: &survey, packsFrom: first) }
        }
        let ids = assignTabIDs(&survey.packs)
        survey.warnings += ids.warnings
        survey.errors += ids.errors
        if strict {
            survey.errors = PackError.inReadingOrder(survey.errors + survey.warnings, plistPaths: survey.plistPaths)
            survey.warnings = []
        }
        return survey
    }

    /// In order of preference: YYKit reads a group's `info.json` before its `info.plist`.
    static let packFiles = ["info.json", "info.plist", "Emoji.plist"]

    /// YYKit's `emoticons.plist`: `{packages: [{id: "com.sina.default"}, ...]}`. Listed packs come
    /// first in that order; packs it does not list follow by name, so none is silently dropped.
    func orderedByPackageList(_ file: URL, children: [URL]) throws -> [URL] {
        let root = try loadPlist(file, inside: file.deletingLastPathComponent())
        let display = file.path
        guard let dict = root as? [String: Any] else {
            throw PackError.wrongRoot(path: display, expected: "dictionary", found: Self.typeName(root))
        }
        guard let packages = dict["packages"] as? [Any] else {
            throw PackError.packageOrder(path: display, reason: "key packages: expected an array of {id} dictionaries")
        }
        var ordered: [URL] = []
        for (index, item) in packages.enumerated() {
            guard let id = (item as? [String: Any])?["id"] as? String else {
                throw PackError.entry(path: display, index: index, key: "id", text: nil, reason: "expected a string")
            }
            guard let folder = children.first(where: { $0.lastPathComponent == id }) else {
                throw PackError.entry(path: display, index: index, key: "id", text: id, reason: "no pack folder of that name")
            }
            if !ordered.contains(folder) { ordered.append(folder) }
        }
        return ordered + children.filter { !ordered.contains($0) }
    }

    struct PackOutcome {
        var pack: EmoticonPack?
        var plistPath: String
        var errors: [PackError] = []
        var warnings: [PackError] = []
        var notes: [PackError] = []
    }

    /// One pack: its plist parsed, every entry checked. The pack keeps its good entries even
    /// when others were refused, so later checks still see them; `errors` says whether it may
    /// be used.
    func readPack(_ folder: URL, parentDisplay: String?) -> PackOutcome {
        if packPlist(in: folder) == nil, let stems = Self.plainImageStems(in: folder) {
            return readPlainFolder(folder, stems: stems, parentDisplay: parentDisplay)
        }
        let folderDisplay = parentDisplay.map { "\($0)/\(folder.lastPathComponent)" } ?? folder.lastPathComponent
        let plist = packPlist(in: folder) ?? PackPlist(url: folder.appendingPathComponent("info.plist"), isEmojiArray: false, unusualName: nil)
        let file = plist.url
        let display = "\(folderDisplay)/\(file.lastPathComponent)"
        var outcome = PackOutcome(plistPath: display)
        if plist.unusualName != nil {
            let usual = plist.isEmojiArray ? "Emoji.plist" : "info.plist"
            outcome.notes.append(.unusualPlistName(path: display, usual: usual))
        }
        let root: Any
        do {
            root = try file.pathExtension.lowercased() == "json" ? loadJSON(file, inside: folder, display: display) : loadPlist(file, inside: folder, display: display, lazyArray: true)
        } catch let error as PackError {
            outcome.errors.append(error)
            return outcome
        } catch {
            outcome.errors.append(.unreadable(path: display, reason: "\(error)"))
            return outcome
        }
        var titles: [TitleLocale: String] = [:]
        let items: PlistItems
        var dialect: PackDialect = file.pathExtension.lowercased() == "json" ? .yykit : .weibo
        var displayOnly = false
        if let array = (root as? PlistItems) ?? (root as? [Any]).map(PlistItems.init) {
            items = array
            if !plist.isEmojiArray && PackDialect.isIconMap(array) { dialect = .iconMap }
        } else if let dict = root as? [String: Any], !plist.isEmojiArray, dict["emoticons"] != nil,
            dialect == .yykit || ["id", "group_name_cn", "group_name_tw", "group_name_en"].contains(where: { dict[$0] is String })
        {
            // (An info.json is always a YYKit group: its additional/ files hold only emoticons.)
            // YYKit layout: {id, group_name_cn, group_name_tw, group_name_en, emoticons: [...]}.
            // A dictionary without YYKit's identifying keys is not dug into: it is a wrong root.
            guard let array = dict["emoticons"] as? [Any] else {
                outcome.errors.append(.entry(path: display, index: 0, key: "emoticons", text: nil, reason: "expected an array of entries"))
                return outcome
            }
            items = PlistItems(array)
            dialect = .yykit
            displayOnly = Self.isTrue(dict["display_only"])
            for locale in TitleLocale.allCases {
                if let title = dict[locale.groupNameKey] as? String, !title.isEmpty { titles[locale] = title }
            }
        } else if let dict = root as? [String: Any], !plist.isEmojiArray, dict["emoticons"] != nil {
            outcome.errors.append(.incompleteGroup(path: display, keys: dict.keys.sorted()))
            return outcome
        } else {
            outcome.errors.append(.wrongRoot(path: display, expected: "array", found: Self.typeName(root)))
            return outcome
        }
        let entryReader = EntryReader(folder: folder, folderDisplay: folderDisplay, plistDisplay: display, dialect: dialect)
        var entries: [Entry] = []
        entries.reserveCapacity(items.count)
        var firstIndexOfText: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            if dialect != .iconMap { outcome.warnings += entryReader.unknownKeys(item, index: index) }
            switch entryReader.read(item, index: index, isEmojiArray: plist.isEmojiArray) {
            case .success(let entry):
                if let first = firstIndexOfText[entry.text] {
                    outcome.warnings.append(.duplicateText(path: display, text: entry.text, first: first, duplicate: index))
                    continue
                }
                firstIndexOfText[entry.text] = index
                entries.append(entry)
            case .failure(let error):
                if lenient || error.isSkippedEntry { outcome.warnings.append(error) } else { outcome.errors.append(error) }
            }
        }
        var deleteIcon: ImageFile?
        if case .success(let variants) = FileNamePolicy.variants(of: "delete.png", in: folder, folderDisplay: folderDisplay) {
            deleteIcon = ImageFile(name: "delete.png", variants: variants)
        }
        let plistID = (root as? [String: Any])?["id"] as? String
        outcome.pack = EmoticonPack(
            id: TabID.base(plistID: plistID, folderName: folder.lastPathComponent), titles: titles, folderName: folder.lastPathComponent,
            folder: folder, plistPath: display, entries: entries, deleteIcon: deleteIcon, plistID: plistID)
        outcome.pack?.displayOnly = displayOnly
        return outcome
    }

    /// Reads a plist that must be a regular file inside `container` (after symlinks) and no larger
    /// than `maxPlistBytes`, checked before a byte of it is parsed. Binary plists go through our
    /// own strict reader; XML through our lean reader, else Foundation (`parsePlist`).
    func loadPlist(_ file: URL, inside container: URL, display: String? = nil, lazyArray: Bool = false) throws -> Any {
        let display = display ?? file.path
        if let escape = Containment.escape(file, inside: container) { throw PackError.unsafeLink(path: display, target: escape) }
        let data: Data
        do { data = try RegularFile.read(file, maxBytes: maxPlistBytes) } catch {
            if case let .tooLarge(bytes, limit) = error { throw PackError.tooLarge(path: display, bytes: bytes, limit: limit) }
            throw PackError.unreadable(path: display, reason: error.description)
        }
        return try Self.parsePlist(data, display: display, lazyArray: lazyArray)
    }

    /// Parses plist bytes (binary or XML, told apart by content).
    /// With `lazyArray`, a root array of an XML plist comes back as `PlistItems` (parsed item by
    /// item as it is read), else every container is `[Any]` or `[String: Any]`.
    public static func parsePlist(_ data: Data, display: String, lazyArray: Bool = false) throws(PackError) -> Any {
        if data.isEmpty { throw PackError.malformed(path: display, reason: "the file is empty") }
        if BinaryPlistReader.isBinary(data) {
            do { return try BinaryPlistReader.read(data) } catch { throw PackError.malformed(path: display, reason: error.description) }
        }
        if data.starts(with: Array("bplist".utf8)) {
            throw PackError.malformed(path: display, reason: "unsupported binary plist version (only bplist00 is read)")
        }
        // Plain XML through emokit's lean reader; anything it does not read goes to Foundation.
        if let root = XMLPlistReader.read(data) {
            if !lazyArray, let items = root as? PlistItems { return Array(items) }
            return root
        }
        do {
            return try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let ns = error as NSError
            let reason = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
            throw PackError.malformed(path: display, reason: reason.replacingOccurrences(of: "\n", with: " "))
        }
    }

    static func typeName(_ value: Any) -> String {
        switch value {
        case is [String: Any]: return "dictionary"
        case is [Any]: return "array"
        case is String: return "string"
        case is Data: return "data"
        case is Date: return "date"
        case _ where isBoolean(value): return "boolean"
        case is NSNumber: return "number"
        default: return "\(type(of: value))"
        }
    }

    /// Plist booleans arrive as `Bool` on Linux and as a CFBoolean NSNumber on Apple platforms;
    /// both must be told apart from the integers 0 and 1.
    static func isBoolean(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        #if canImport(Darwin)
            if let number = value as? NSNumber { return CFGetTypeID(number) == CFBooleanGetTypeID() }
        #endif
        return false
    }
}
