import FileAccess
import Foundation

/// Bundles whose root list is not YYKit's: `emoticons.plist` as an array of
/// `{groupName, directory}`, each `directory` a pack folder (a Weibo `info.plist` array), titled
/// with its `groupName`. A group without `directory` is the app's recents tab, filled at run
/// time: it is no pack, and the note says so. (YYKit's `{packages: [{id}]}` is read by
/// `YYKitBundle.swift`.) Also here: what makes a folder a macOS-style bundle (`Contents/Resources/`
/// holds the packs, `Contents/Info.plist` describes the bundle and is never a pack's plist).
extension PackReader {
    /// The groups of `file` when its root is an array (nil for YYKit's dictionary).
    func groupList(_ file: URL) throws -> [Any]? {
        try loadPlist(file, inside: file.deletingLastPathComponent()) as? [Any]
    }

    /// The pack folders in the groups' order, then any folder no group names, by name.
    func orderedByGroupList(_ file: URL, groups: [Any], children: [URL]) throws -> [URL] {
        let display = "\(file.deletingLastPathComponent().lastPathComponent)/\(file.lastPathComponent)"
        var ordered: [URL] = []
        for (index, item) in groups.enumerated() {
            guard let group = item as? [String: Any] else {
                throw PackError.entry(path: display, index: index, key: "group", text: nil, reason: "expected a {groupName, directory} dictionary, found \(Self.typeName(item))")
            }
            guard let directory = group["directory"] as? String else { continue }
            guard let folder = children.first(where: { $0.lastPathComponent == directory }) else {
                throw PackError.entry(path: display, index: index, key: "directory", text: group["groupName"] as? String, reason: "no pack folder \(PackError.quote(directory))")
            }
            if !ordered.contains(folder) { ordered.append(folder) }
        }
        return ordered + children.filter { !ordered.contains($0) }
    }

    /// Titles the packs read from `root` (from index `first` on) with their `groupName`, and notes
    /// how the list was read, naming the recents group.
    func applyGroupList(root: URL, into survey: inout Survey, packsFrom first: Int) {
        let file = root.appendingPathComponent("emoticons.plist")
        guard Self.isRegularFile(file), let groups = try? groupList(file) else { return }
        var recents: [String] = []
        for (index, item) in groups.enumerated() {
            guard let group = item as? [String: Any] else { continue }
            let title = group["groupName"] as? String
            guard let directory = group["directory"] as? String else {
                recents.append("group \(index)" + (title.map { " (\(PackError.quote($0)))" } ?? ""))
                continue
            }
            guard let title, !title.isEmpty else { continue }
            if let refused = TextLimits.refusal(title, key: "group \(index) groupName", display: "\(root.lastPathComponent)/emoticons.plist") {
                survey.errors.append(refused)
                continue
            }
            for pack in survey.packs.indices.dropFirst(first) where survey.packs[pack].folderName == directory {
                survey.packs[pack].titles[.cn] = title
            }
        }
        var summary = "a list of groups ({groupName, directory}): tabs in its order, titled by groupName"
        if !recents.isEmpty {
            summary += "; \(recents.joined(separator: ", ")) without a directory: the app's recents tab, filled as the app is used, not a pack"
        }
        survey.notes.append(.recognisedLayout(path: "\(root.lastPathComponent)/emoticons.plist", summary: summary))
    }

    /// `Contents/Resources/` of a bundle (`Foo.bundle/Contents/Resources`), when it is a folder
    /// inside it: where a macOS-style bundle keeps its packs.
    static func bundleResources(_ folder: URL) -> URL? {
        let resources = folder.appendingPathComponent("Contents").appendingPathComponent("Resources")
        guard isDirectory(resources), Containment.escape(resources, inside: folder) == nil else { return nil }
        return resources
    }

    /// An Apple `Info.plist` (its `CFBundle...` keys describe a bundle): never a pack's plist. Told
    /// from its first 64 KB, the keys' text being plain in XML and binary plists alike.
    static func isAppleBundleInfo(_ file: URL) -> Bool {
        // Regular files only, opened without blocking: a FIFO named info.plist is no bundle's.
        guard let head = try? RegularFile.readPrefix(file, count: 65_536) else { return false }
        return head.range(of: Data("CFBundleIdentifier".utf8)) != nil || head.range(of: Data("CFBundleName".utf8)) != nil
            || head.range(of: Data("CFBundlePackageType".utf8)) != nil
    }
}
