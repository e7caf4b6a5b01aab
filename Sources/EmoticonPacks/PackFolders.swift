import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding packs on disk: which plist a folder's pack comes from, and which subfolders of a
/// folder of packs are packs. Nothing is dropped silently: a subfolder that is not a pack is
/// reported with the reason, and a plist found under another capitalisation is read and named.
extension PackReader {
    /// The plist a pack folder is read from.
    struct PackPlist: Equatable {
        var url: URL
        /// The name it was looked for by (one of `packFiles`).
        var usualName: String
        /// The name on disk when it differs from the usual one only in case (`Info.plist`).
        var unusualName: String?
        /// A map beside the folder rather than in it (EiskaltDC++'s `NAME.xml` beside `NAME/`).
        var isBeside = false
        /// A text-to-image dictionary under the kit's own name (`TextMapLayout`); `otherMaps` names
        /// the folder's other such plists (more than one is refused: which one is meant?).
        var isTextMap = false
        var otherMaps: [String] = []
        /// The folder's other chat SDK lists (`KitLists`): more than one is refused when read.
        var otherLists: [String] = []
        /// An XhsEmoticonsKeyboard set (an XML whose root is `<EmoticonSet>`); `otherMaps` names
        /// the folder's other sets (more than one is refused).
        var isXhsSet = false
        /// `Emoji.plist` (an array of emoji strings) rather than `info.plist`.
        var isEmojiArray: Bool { usualName == "Emoji.plist" }
    }

    /// The first of `packFiles` present (`info.json`, `info.plist`, `Emoji.plist`, then the files
    /// layouts claim); failing the exact names, the shared names in any
    /// capitalisation (macOS bundles write `Info.plist`), reported as a note. A layout's own file
    /// counts only under its exact name, also on a disk that ignores case: YYKit's
    /// `emoticons.plist` (the bundle's group order) is no Adium `Emoticons.plist`.
    func packPlist(in folder: URL) -> PackPlist? {
        // The folder's names, listed once and only when needed (a pack of 40,000 images with an
        // info.plist never lists them here).
        // A map the config file names is the pack's file, whatever else the folder holds.
        if let map = fileChoice(for: folder)?.map {
            return PackPlist(url: folder.appendingPathComponent(map), usualName: map, unusualName: nil, isTextMap: true)
        }
        var listing: [String]?
        func names() -> [String] {
            if let listing { return listing }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            listing = names
            return names
        }
        for name in Self.packFiles where Self.isRegularFile(folder.appendingPathComponent(name)) {
            if !Self.sharedPackFiles.contains(name) && !names().contains(name) { continue }
            if name == "info.plist" && Self.isAppleBundleInfo(folder.appendingPathComponent(name)) { continue }
            return PackPlist(url: folder.appendingPathComponent(name), usualName: name, unusualName: nil)
        }
        for usual in Self.sharedPackFiles {
            if let name = names().first(where: { $0.lowercased() == usual.lowercased() && Self.isRegularFile(folder.appendingPathComponent($0)) }),
                usual != "info.plist" || !Self.isAppleBundleInfo(folder.appendingPathComponent(name))
            {
                return PackPlist(url: folder.appendingPathComponent(name), usualName: usual, unusualName: name)
            }
        }
        if let beside = EiskaltLayout.mapBeside(folder) { return PackPlist(url: beside, usualName: beside.lastPathComponent, unusualName: nil, isBeside: true) }
        // Found by content: an XML file whose root is <EmoticonSet>, whatever its name.
        let sets = XhsLayout.setFiles(in: folder)
        if let set = sets.first {
            var plist = PackPlist(url: set, usualName: set.lastPathComponent, unusualName: nil, otherMaps: sets.dropFirst().map(\.lastPathComponent))
            plist.isXhsSet = true
            return plist
        }
        // A plist that links outside the pack is its file, to be refused by name when read: never
        // passed over as if it were absent (and the folder read as plain images).
        if let outside = TextMapLayout.plists(in: folder).first(where: { Containment.escape($0, inside: folder) != nil }) {
            return PackPlist(url: outside, usualName: outside.lastPathComponent, unusualName: nil, isTextMap: true)
        }
        let maps = TextMapLayout.candidates(in: folder) { try? loadPlist($0, inside: folder) }
        if let map = maps.first {
            return PackPlist(url: map, usualName: map.lastPathComponent, unusualName: nil, isTextMap: true, otherMaps: maps.dropFirst().map(\.lastPathComponent))
        }
        let lists = KitLists.listFiles(in: folder) { try? loadPlist($0, inside: folder) }
        if let list = lists.first {
            return PackPlist(url: list, usualName: list.lastPathComponent, otherLists: lists.dropFirst().map(\.lastPathComponent))
        }
        // Found by content: the one plist of the folder shaped as a plist layout reads (`PackFileContent.shapedPlists`).
        let shaped = PackFileContent.shapedPlists(in: folder) { try? loadPlist($0, inside: folder) }
        if shaped.count == 1, let plist = shaped.first {
            return PackPlist(url: plist.url, usualName: plist.isEmojiList ? "Emoji.plist" : "info.plist", unusualName: plist.url.lastPathComponent)
        }
        if let oversized = KitLists.oversizedPlists(in: folder, maxBytes: maxPlistBytes).first {
            return PackPlist(url: oversized, usualName: oversized.lastPathComponent)
        }
        return nil
    }

    func isPack(_ folder: URL) -> Bool { packPlist(in: folder) != nil }

    /// A pack as it travels (`.zip`, or Jabber's `.jisp`): emokit reads folders, and says to unzip it.
    static func isZipped(_ url: URL) -> Bool { ["zip", "jisp"].contains(url.pathExtension.lowercased()) || PackError.isTarball(url.path) }

    static func isRegularFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// The pack folders an input stands for, in tab order, and the subfolders skipped (with why).
    func packFolders(in input: URL) throws -> (folders: [URL], skipped: [PackError]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isDirectory) else { throw PackError.notFound(path: input.path) }
        if !isDirectory.boolValue {
            if Self.isZipped(input) { throw PackError.zippedPack(path: input.path) }
            // A plist named directly: its folder is the pack.
            if Self.packFiles.contains(where: { $0.lowercased() == input.lastPathComponent.lowercased() }) { return ([input.deletingLastPathComponent()], []) }
            // The file its folder's pack is read from, named directly (a chat SDK's `face.plist`,
            // a text map, a plist too large to read): its folder is the pack.
            let parent = input.deletingLastPathComponent()
            if packPlist(in: parent)?.url.standardizedFileURL.path == input.standardizedFileURL.path { return ([parent], []) }
            // EiskaltDC++'s map named directly: its images' folder is the pack.
            let images = input.deletingPathExtension()
            if EiskaltLayout.mapBeside(images) == input.standardizedFileURL { return ([images], []) }
            throw PackError.notAPack(path: input.path)
        }
        if isPack(input) { return ([input], []) }
        if let resources = Self.bundleResources(input) { return try packFolders(in: resources) }
        // Hidden entries (`.git`, `.DS_Store`) are not candidates; plain files (`emoticons.plist`,
        // a README) are not packs and need no word.
        let names = try FileManager.default.contentsOfDirectory(atPath: input.path)
            .filter { !$0.hasPrefix(".") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var children: [URL] = []
        var skipped: [PackError] = []
        for name in names {
            let child = input.appendingPathComponent(name)
            var childIsDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: child.path, isDirectory: &childIsDirectory), childIsDirectory.boolValue else {
                // A zipped pack beside the others is named, never passed over in silence.
                if Self.isZipped(child) {
                    let reason = PackError.isTarball(name) ? "a packed tarball; unpack it first (tar -xf)" : "a zipped pack; unzip it first"
                    skipped.append(.skippedFolder(path: "\(input.lastPathComponent)/\(name)", reason: reason))
                }
                continue
            }
            if name == Self.additionalFolder { continue }  // YYKit's additional/ (see YYKitBundle.swift)
            // emokit's own output (`--out` inside the folder of packs) is no pack and needs no word.
            if Self.isEmokitOutput(child) { continue }
            if isPack(child) {
                children.append(child)
            } else {
                skipped.append(.skippedFolder(path: "\(input.lastPathComponent)/\(name)", reason: skipReason(child)))
            }
        }
        if children.isEmpty {
            // No plist and no packs inside, but a layout reads the bare folder (plain images): one tab.
            let bare = PackSource(folder: input, folderDisplay: input.lastPathComponent, file: nil, root: nil)
            if PackLayouts.detect(bare) != nil { return ([input], []) }
            throw PackError.notAPack(path: input.path)
        }
        for child in children {
            if let escape = Containment.escape(child, inside: input) {
                throw PackError.unsafeLink(path: "\(input.lastPathComponent)/\(child.lastPathComponent)", target: escape)
            }
        }
        let orderFile = input.appendingPathComponent("emoticons.plist")
        guard FileManager.default.fileExists(atPath: orderFile.path) else { return (children, skipped) }
        if let groups = try groupList(orderFile) { return (try orderedByGroupList(orderFile, groups: groups, children: children), skipped) }
        return (try orderedByPackageList(orderFile, children: children), skipped)
    }

    /// The file emokit writes at the top of every output folder it makes (`OutputFolder.markerName`).
    package static let outputMarker = ".emokit-output"

    /// Whether `folder` is an output emokit wrote: its marker is a regular file (not a link).
    /// Such a folder inside a folder of packs (`--out packs/build`) is passed over in silence:
    /// taken for a candidate pack it was a warning on every run, and an error with `--strict`.
    static func isEmokitOutput(_ folder: URL) -> Bool {
        var info = stat()
        guard lstat(folder.appendingPathComponent(outputMarker).path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFREG
    }

    /// Why a subfolder is not a pack, naming what it holds instead when that helps.
    func skipReason(_ folder: URL) -> String {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let plists = names.filter { $0.lowercased().hasSuffix(".plist") }
        if names.isEmpty { return "the folder is empty" }
        if names.contains(where: { isPack(folder.appendingPathComponent($0)) }) {
            return "it is a folder of packs, not a pack (name it on the command line to include its packs)"
        }
        let layoutsTried = "emokit validate on it alone lists the layouts tried"
        if !plists.isEmpty {
            let shown = plists.prefix(3).map { PackError.quote($0) }.joined(separator: ", ")
            return "no pack file emokit reads (it holds \(shown)\(plists.count > 3 ? ", …" : "")); \(layoutsTried)"
        }
        let images = names.contains { MapLayouts.drawnExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
        if images { return "no pack file, only images (a folder of images is a pack when named on its own, on the command line)" }
        return "no pack file emokit reads; \(layoutsTried)"
    }
}
