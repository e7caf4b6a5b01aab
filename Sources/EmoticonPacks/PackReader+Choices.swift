import Foundation

extension PackReader {
    /// Config entries (`tabIds`, `tabTitles`, `packFiles`) that name no pack read: a typo must not
    /// be ignored. A key naming a pack whose own file was refused (`unread`) is not reported
    /// again: that pack's error is the cause. `packFiles` names folders only (it chooses how a
    /// folder is read, before any plist id is known).
    func unmatchedChoices(_ packs: [EmoticonPack], unread: Set<String>) -> [PackError] {
        func unmatched(_ keys: some Sequence<String>, setting: String, byPlistID: Bool) -> [PackError] {
            // An unread pack's plist id is unknown: a key that may be it waits for the next run.
            if byPlistID && !unread.isEmpty { return [] }
            return keys.sorted().compactMap { key in
                if unread.contains(key) || packs.contains(where: { $0.folderName == key || Self.parentKey($0.folder) == key || (byPlistID && $0.plistID == key) }) {
                    return nil
                }
                return .packConfig(setting: setting, key: key, reason: byPlistID ? "no pack has this folder name or plist id" : "no pack has this folder name")
            }
        }
        var errors: [PackError] = []
        for (key, id) in choices.tabIDs.sorted(by: { $0.key < $1.key }) where !TabID.isValid(id) {
            errors.append(
                .packConfig(
                    setting: "tabIds", key: key,
                    reason: "'\(id)' is not a usable tab id (1 to \(TabID.maxLength) of A-Z a-z 0-9 . - _, not starting with . or -, not 'recent')"))
        }
        errors += unmatched(choices.tabIDs.keys, setting: "tabIds", byPlistID: true)
        errors += unmatched(choices.tabTitles.keys, setting: "tabTitles", byPlistID: true)
        errors += unmatched(choices.files.keys, setting: "packFiles", byPlistID: false)
        return errors
    }

    /// Gives every pack its tab id (see `TabID`): the config's choice, else the pack's own,
    /// made unique ignoring case. Every change is a warning.
    func assignTabIDs(_ packs: inout [EmoticonPack]) -> [PackError] {
        let explicit = choices.tabIDs
        let wanted = packs.map { pack in
            explicit[pack.folderName].flatMap { TabID.isValid($0) ? $0 : nil }
                ?? pack.plistID.flatMap { explicit[$0] }.flatMap { TabID.isValid($0) ? $0 : nil }
                ?? pack.id
        }
        let resolved = TabID.resolve(wanted)
        for index in packs.indices { packs[index].id = resolved.ids[index] }
        return resolved.changes.map { change in
            // Full folder paths: two packs wanting one id often share a folder name. Two tabs of one
            // pack file (two sticker packs of one name) are named by that file, said as such.
            let pack = packs[change.index]
            let sameFile = change.holder.map { packs[$0].folder == pack.folder } ?? false
            let path = sameFile ? pack.plistPath : pack.folder.path
            return PackError.tabIDChanged(path: path, wanted: change.wanted, given: change.given, holder: change.holder.map { sameFile ? path : packs[$0].folder.path })
        }
    }

    /// `parent/folder`: the key that tells apart two packs of one folder name.
    static func parentKey(_ folder: URL) -> String { "\(folder.deletingLastPathComponent().lastPathComponent)/\(folder.lastPathComponent)" }

    /// The `packFiles` key that applies to `folder`: `parent/folder` first, then `folder`.
    func fileChoiceKey(for folder: URL) -> String? {
        [Self.parentKey(folder), folder.lastPathComponent].first { choices.files[$0] != nil }
    }

    /// What `packFiles` chooses for `folder`, if anything.
    func fileChoice(for folder: URL) -> PackFileChoice? { fileChoiceKey(for: folder).flatMap { choices.files[$0] } }
}
