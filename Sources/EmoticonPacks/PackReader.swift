import Foundation

/// Reads packs from disk: a pack folder (`Emoji.plist` or `info.plist`), or a folder of packs.
///
/// Policy (README "Bad input"): file-level problems (unreadable, malformed, wrong root, too large)
/// always fail the pack. Entry problems are collected; in strict mode (the default) any of them
/// fails the run, in lenient mode the entry is skipped and reported as a warning. Nothing is
/// guessed: a missing `png` is never derived from `chs`.
public struct PackReader: Sendable {
    public var lenient: Bool
    /// Plists above this size are refused before parsing (default 10 MB).
    public var maxPlistBytes: Int

    public init(lenient: Bool = false, maxPlistBytes: Int = 10 * 1024 * 1024) {
        self.lenient = lenient
        self.maxPlistBytes = maxPlistBytes
    }

    /// The outcome of reading: packs in tab order, plus warnings (skipped entries in lenient
    /// mode, duplicates, empty packs).
    public struct Result: Sendable {
        public var packs: [EmoticonPack]
        public var warnings: [PackError]
    }

    /// Thrown when the input cannot be used: every error found, one line each.
    public struct Failure: Error, Sendable {
        public var errors: [PackError]
        public var warnings: [PackError]
    }

    /// Reads each input (a pack or a folder of packs) in order; tabs follow the inputs, and
    /// within a folder of packs its `emoticons.plist` order, else folder names sorted.
    public func read(_ inputs: [URL]) throws(Failure) -> Result {
        var packs: [EmoticonPack] = []
        var errors: [PackError] = []
        var warnings: [PackError] = []
        for input in inputs {
            let folders: [URL]
            do {
                folders = try packFolders(in: input)
            } catch let error as PackError {
                errors.append(error)
                continue
            } catch {
                errors.append(.unreadable(path: input.path, reason: "\(error)"))
                continue
            }
            for folder in folders {
                let outcome = readPack(folder, parentDisplay: folders.count == 1 && folder == input ? nil : input.lastPathComponent)
                errors += outcome.errors
                warnings += outcome.warnings
                if let pack = outcome.pack { packs.append(pack) }
            }
        }
        // Unique tab ids: a second "default" becomes "default-2".
        var seen: [String: Int] = [:]
        for i in packs.indices {
            let base = packs[i].id
            seen[base, default: 0] += 1
            if let count = seen[base], count > 1 { packs[i].id = "\(base)-\(count)" }
        }
        if !errors.isEmpty { throw Failure(errors: errors, warnings: warnings) }
        return Result(packs: packs, warnings: warnings)
    }

    static let packFiles = ["Emoji.plist", "info.plist"]

    func isPack(_ folder: URL) -> Bool {
        Self.packFiles.contains { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
    }

    /// The pack folders an input stands for, in tab order.
    func packFolders(in input: URL) throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isDirectory) else { throw PackError.notFound(path: input.path) }
        if !isDirectory.boolValue {
            // A plist named directly: its folder is the pack.
            if Self.packFiles.contains(input.lastPathComponent) { return [input.deletingLastPathComponent()] }
            throw PackError.notAPack(path: input.path)
        }
        if isPack(input) { return [input] }
        let names = try FileManager.default.contentsOfDirectory(atPath: input.path)
            .filter { !$0.hasPrefix(".") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let children = names.map { input.appendingPathComponent($0) }.filter { isPack($0) }
        if children.isEmpty { throw PackError.notAPack(path: input.path) }
        let orderFile = input.appendingPathComponent("emoticons.plist")
        guard FileManager.default.fileExists(atPath: orderFile.path) else { return children }
        return try orderedByPackageList(orderFile, children: children)
    }

    /// YYKit's `emoticons.plist`: `{packages: [{id: "com.sina.default"}, ...]}`. Listed packs come
    /// first in that order; packs it does not list follow by name, so none is silently dropped.
    func orderedByPackageList(_ file: URL, children: [URL]) throws -> [URL] {
        let root = try loadPlist(file)
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
        var errors: [PackError] = []
        var warnings: [PackError] = []
    }

    func readPack(_ folder: URL, parentDisplay: String?) -> PackOutcome {
        let folderDisplay = parentDisplay.map { "\($0)/\(folder.lastPathComponent)" } ?? folder.lastPathComponent
        let emojiPlist = folder.appendingPathComponent("Emoji.plist")
        let infoPlist = folder.appendingPathComponent("info.plist")
        let file = FileManager.default.fileExists(atPath: infoPlist.path) ? infoPlist : emojiPlist
        let display = "\(folderDisplay)/\(file.lastPathComponent)"
        var outcome = PackOutcome()
        let root: Any
        do {
            root = try loadPlist(file, display: display)
        } catch let error as PackError {
            outcome.errors.append(error)
            return outcome
        } catch {
            outcome.errors.append(.unreadable(path: display, reason: "\(error)"))
            return outcome
        }
        var titles: [TitleLocale: String] = [:]
        let items: [Any]
        if let array = root as? [Any] {
            items = array
        } else if let dict = root as? [String: Any], file == infoPlist, dict["emoticons"] != nil,
                  ["id", "group_name_cn", "group_name_tw", "group_name_en"].contains(where: { dict[$0] is String }) {
            // YYKit layout: {id, group_name_cn, group_name_tw, group_name_en, emoticons: [...]}.
            // A dictionary without YYKit's identifying keys is not dug into: it is a wrong root.
            guard let array = dict["emoticons"] as? [Any] else {
                outcome.errors.append(.entry(path: display, index: 0, key: "emoticons", text: nil, reason: "expected an array of entries"))
                return outcome
            }
            items = array
            for locale in TitleLocale.allCases {
                if let title = dict[locale.groupNameKey] as? String, !title.isEmpty { titles[locale] = title }
            }
        } else {
            outcome.errors.append(.wrongRoot(path: display, expected: "array", found: Self.typeName(root)))
            return outcome
        }
        let entryReader = EntryReader(folder: folder, folderDisplay: folderDisplay, plistDisplay: display)
        var entries: [Entry] = []
        var firstIndexOfText: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            switch entryReader.read(item, index: index, isEmojiArray: file == emojiPlist) {
            case .success(let entry):
                if let first = firstIndexOfText[entry.text] {
                    outcome.warnings.append(.duplicateText(path: display, text: entry.text, first: first, duplicate: index))
                    continue
                }
                firstIndexOfText[entry.text] = index
                entries.append(entry)
            case .failure(let error):
                if lenient { outcome.warnings.append(error) } else { outcome.errors.append(error) }
            }
        }
        if !outcome.errors.isEmpty { return outcome }
        var deleteIcon: ImageFile?
        if case .success(let variants) = FileNamePolicy.variants(of: "delete.png", in: folder, folderDisplay: folderDisplay) {
            deleteIcon = ImageFile(name: "delete.png", variants: variants)
        }
        outcome.pack = EmoticonPack(id: Self.safeID(folder.lastPathComponent), titles: titles, folderName: folder.lastPathComponent,
                                    folder: folder, plistPath: display, entries: entries, deleteIcon: deleteIcon)
        return outcome
    }

    func loadPlist(_ file: URL, display: String? = nil) throws -> Any {
        let display = display ?? file.path
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        if size > maxPlistBytes { throw PackError.tooLarge(path: display, bytes: size, limit: maxPlistBytes) }
        let data: Data
        do { data = try Data(contentsOf: file) } catch { throw PackError.unreadable(path: display, reason: "\(error.localizedDescription)") }
        if data.isEmpty { throw PackError.malformed(path: display, reason: "the file is empty") }
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

    /// A folder name made safe as a path component and an HTML id: letters, digits, `.`, `-`, `_`.
    static func safeID(_ name: String) -> String {
        var id = String(name.unicodeScalars.map { scalar -> Character in
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" || scalar == "."))
                ? Character(scalar) : "-"
        })
        while id.hasPrefix(".") || id.hasPrefix("-") { id.removeFirst() }
        return id.isEmpty ? "pack" : id
    }
}
