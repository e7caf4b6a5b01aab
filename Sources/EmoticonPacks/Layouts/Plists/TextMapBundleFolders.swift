import Foundation

/// A text map below its images: kits that keep the map in `Foo.bundle/files/` and the images in
/// `Foo.bundle/` (CDChatList's `Expression.bundle/files/expressionImage_custom.plist`) read the
/// images from the bundle with `[UIImage imageNamed:inBundle:]`. So the folders that hold a
/// pack's images go up from the map's folder to the `.bundle` that encloses it, never further:
/// the bundle is the pack, and nothing outside it is read.
extension TextMapLayout {
    /// How far up a map may sit below its bundle's root (`Foo.bundle/files/map.plist` is one).
    static let maxDepthInBundle = 2

    /// The folders above `folder` up to the nearest enclosing `.bundle`, nearest first; none when
    /// no `.bundle` encloses it within `maxDepthInBundle` levels. Each really holds `folder`
    /// once links are resolved.
    static func bundleAncestors(of folder: URL) -> [URL] {
        var ancestors: [URL] = []
        var current = folder.standardizedFileURL
        for _ in 0..<maxDepthInBundle {
            let parent = current.deletingLastPathComponent()
            guard parent.path != current.path, Containment.escape(folder, inside: parent) == nil else { return [] }
            ancestors.append(parent)
            if parent.pathExtension.lowercased() == "bundle" { return ancestors }
            current = parent
        }
        return []
    }

    /// `folder` as messages name it, from the pack folder's name: a subfolder below it
    /// (`faces/经典表情`), an enclosing bundle above it (`Foo.bundle` for `Foo.bundle/files`).
    static func display(_ folder: URL, in source: PackSource) -> String {
        let rel = relative(folder, in: source.folder)
        guard rel.hasPrefix("..") else { return "\(source.folderDisplay)/\(rel)" }
        var shown = source.folderDisplay
        for _ in rel.split(separator: "/") {
            let up = (shown as NSString).deletingLastPathComponent
            if up.isEmpty || up == shown { return "\(source.folderDisplay)/\(rel)" }
            shown = up
        }
        return shown
    }
}
