extension PackReader {
    /// Gives every pack its tab id (see `TabID`): the config's choice, else the pack's own,
    /// made unique ignoring case. Every change is a warning; a config entry that matches no pack
    /// or gives an unusable id is an error (a typo must not be ignored).
    func assignTabIDs(_ packs: inout [EmoticonPack]) -> (warnings: [PackError], errors: [PackError]) {
        var errors: [PackError] = []
        for (key, id) in explicitTabIDs.sorted(by: { $0.key < $1.key }) {
            if !TabID.isValid(id) {
                errors.append(.tabIDConfig(key: key, reason: "'\(id)' is not a usable tab id (1 to \(TabID.maxLength) of A-Z a-z 0-9 . - _, not starting with . or -, not 'recent')"))
            } else if !packs.contains(where: { $0.folderName == key || $0.plistID == key }) {
                errors.append(.tabIDConfig(key: key, reason: "no pack has this folder name or plist id"))
            }
        }
        let wanted = packs.map { pack in
            explicitTabIDs[pack.folderName].flatMap { TabID.isValid($0) ? $0 : nil }
                ?? pack.plistID.flatMap { explicitTabIDs[$0] }.flatMap { TabID.isValid($0) ? $0 : nil }
                ?? pack.id
        }
        let resolved = TabID.resolve(wanted)
        for index in packs.indices { packs[index].id = resolved.ids[index] }
        let warnings = resolved.changes.map { change in
            // Full folder paths: two packs wanting one id often share a folder name.
            PackError.tabIDChanged(
                path: packs[change.index].folder.path, wanted: change.wanted, given: change.given,
                holder: change.holder.map { packs[$0].folder.path })
        }
        return (warnings, errors)
    }
}
