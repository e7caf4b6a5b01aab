import FileAccess
import Foundation

/// The parts of YYKit's `EmoticonWeibo.bundle` beyond its group folders, read as its
/// `WBStatusHelper` reads them:
///
/// - `additional/<groupID>/info.json` holds newer emoticons of an existing group: they are
///   prepended to that group's entries, their images looked up in that `additional` folder;
/// - `additional/DisplayOnly/<id>/` holds groups that are never keyboard tabs but whose
///   emoticons appear in received text: they become tabs marked `displayOnly`, after the others.
extension PackReader {
    static let additionalFolder = "additional"
    static let displayOnlyFolder = "DisplayOnly"

    /// Applies `root/additional` to the packs read from `root` (those from index `first` on).
    func readAdditional(root: URL, into survey: inout Survey, packsFrom first: Int) {
        let additional = root.appendingPathComponent(Self.additionalFolder)
        guard Self.isDirectory(additional) else { return }
        let display = "\(root.lastPathComponent)/\(Self.additionalFolder)"
        for name in Self.sortedSubfolders(additional) {
            let folder = additional.appendingPathComponent(name)
            if name == Self.displayOnlyFolder {
                for group in Self.sortedSubfolders(folder) where isPack(folder.appendingPathComponent(group)) {
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
                for entry in survey.packs[target].entries {
                    if let index = seen[entry.text] {
                        survey.warnings.append(
                            .skippedEntry(
                                path: survey.packs[target].plistPath, index: entry.plistIndex, text: entry.text,
                                reason: "repeats entry \(index) of \(extra.plistPath), which comes first"))
                    } else {
                        kept.append(entry)
                    }
                }
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

    /// YYKit's `display_only`: a number, boolean or string that is not 0.
    static func isTrue(_ value: Any?) -> Bool {
        switch value {
        case let bool as Bool: return bool
        case let number as NSNumber: return number.intValue != 0
        case let text as String: return ["1", "true", "yes"].contains(text.trimmingCharacters(in: .whitespaces).lowercased())
        default: return false
        }
    }

    /// A group's `info.json` (YYKit reads it with `modelWithJSON:`), with the plist's limits.
    /// Reads a JSON file under the same rules as a plist: a regular file inside `container`,
    /// no larger than `maxPlistBytes`, checked before reading.
    func loadJSON(_ file: URL, inside container: URL, display: String) throws -> Any {
        if let escape = Containment.escape(file, inside: container) { throw PackError.unsafeLink(path: display, target: escape) }
        let data: Data
        do { data = try RegularFile.read(file, maxBytes: maxPlistBytes) } catch {
            if case let .tooLarge(bytes, limit) = error { throw PackError.tooLarge(path: display, bytes: bytes, limit: limit) }
            throw PackError.unreadable(path: display, reason: error.description)
        }
        if data.isEmpty { throw PackError.malformed(path: display, reason: "the file is empty") }
        do {
            return try JSONSerialization.jsonObject(with: data)
        } catch {
            let ns = error as NSError
            let reason = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
            throw PackError.malformed(path: display, reason: "not valid JSON: " + reason.replacingOccurrences(of: "\n", with: " "))
        }
    }
}

extension PackError {
    /// Entries skipped as the app skips them are warnings in every mode.
    var isSkippedEntry: Bool {
        if case .skippedEntry = self { return true }
        return false
    }
}
