import Foundation

/// Whether a path stays inside a folder once symlinks are resolved: the rule for every file a
/// pack names and for the packs themselves (Documentation/Commands.md "Bad input").
package enum Containment {
    /// nil when `url`'s real path is inside `folder`'s real path; else the real path it leads to.
    package static func escape(_ url: URL, inside folder: URL) -> String? {
        let folderReal = folder.resolvingSymlinksInPath().standardizedFileURL.path
        let real = url.resolvingSymlinksInPath().standardizedFileURL.path
        return real.hasPrefix(folderReal == "/" ? "/" : folderReal + "/") ? nil : real
    }
}
