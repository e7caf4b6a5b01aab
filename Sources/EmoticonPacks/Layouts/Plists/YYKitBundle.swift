import Foundation

/// A YYKit bundle (`EmoticonWeibo.bundle`): a folder of packs (each a `YYKitGroupLayout` group)
/// with what lies beyond its group folders, read as its `WBStatusHelper` reads them:
///
/// - `emoticons.plist` orders the groups (`orderedByPackageList`);
/// - `additional/<groupID>/info.json` holds newer emoticons of an existing group: they are
///   prepended to that group's entries, their images looked up in that `additional` folder;
/// - `additional/DisplayOnly/<id>/` holds groups that are never keyboard tabs but whose
///   emoticons appear in received text: they become tabs marked `displayOnly`, after the others.
extension PackReader {
    static let additionalFolder = "additional"
    static let displayOnlyFolder = "DisplayOnly"

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

    /// Applies `root/additional` to the packs read from `root` (those from index `first` on).
    func readAdditional(root: URL, into survey: inout Survey, packsFrom first: Int) {
        let additional = root.appendingPathComponent(Self.additionalFolder)
        guard Self.isDirectory(additional) else { return }
        let display = "\(root.lastPathComponent)/\(Self.additionalFolder)"
        // Every folder read here must stay inside the bundle, as the packs themselves must
        // (`packFolders`): a linked one is refused by name, never followed.
        func escapes(_ folder: URL, _ shown: String) -> Bool {
            guard let target = Containment.escape(folder, inside: root) else { return false }
            survey.errors.append(.unsafeLink(path: shown, target: target))
            return true
        }
        if escapes(additional, display) { return }
        for name in Self.sortedSubfolders(additional) {
            let folder = additional.appendingPathComponent(name)
            if escapes(folder, "\(display)/\(name)") { continue }
            if name == Self.displayOnlyFolder {
                for group in Self.sortedSubfolders(folder) where isPack(folder.appendingPathComponent(group)) {
                    if escapes(folder.appendingPathComponent(group), "\(display)/\(name)/\(group)") { continue }
                    var outcome = readPack(folder.appendingPathComponent(group), parentDisplay: "\(display)/\(name)")
                    outcome.pack?.displayOnly = true
                    merge(outcome, into: &survey, appendPack: true)
                }
                continue
            }
            guard let target = survey.packs.indices.dropFirst(first).first(where: { survey.packs[$0].folderName == name }) else {
                survey.warnings.append(.unmatchedAdditional(path: "\(display)/\(name)"))
                continue
            }
            guard isPack(folder) else { continue }
            var outcome = readPack(folder, parentDisplay: display)
            if let extra = outcome.pack {
                let newer = extra.entries.map { entry -> Entry in
                    var entry = entry
                    entry.sourcePath = extra.plistPath
                    return entry
                }
                // The prepended entries come first; an older entry with the same text repeats one.
                var seen: [String: Int] = [:]
                for entry in newer { seen[entry.text] = seen[entry.text] ?? entry.plistIndex }
                var kept: [Entry] = []
                // Listed up to the cap, counted past it, as a file's own entry problems are.
                var repeats = EntryProblems(path: survey.packs[target].plistPath)
                for entry in survey.packs[target].entries {
                    if let index = seen[entry.text] {
                        repeats.warn(
                            .skippedEntry(
                                path: survey.packs[target].plistPath, index: entry.plistIndex, text: entry.text,
                                reason: "repeats entry \(index) of \(path: extra.plistPath), which comes first"))
                    } else {
                        kept.append(entry)
                    }
                }
                repeats.close(into: &survey.errors, &survey.warnings)
                survey.packs[target].entries = newer + kept
            }
            outcome.pack = nil
            merge(outcome, into: &survey, appendPack: false)
        }
    }

    private func merge(_ outcome: PackOutcome, into survey: inout Survey, appendPack: Bool) {
        survey.plistPaths.append(outcome.plistPath)
        survey.errors += outcome.errors
        survey.warnings += outcome.warnings
        survey.notes += outcome.notes
        if appendPack, let pack = outcome.pack { survey.packs.append(pack) }
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func sortedSubfolders(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") && isDirectory(folder.appendingPathComponent($0)) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
