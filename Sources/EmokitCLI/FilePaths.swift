import Foundation

/// How the command line names a pack's files: from the working folder, so a path in a message
/// can be clicked or pasted. The pack reader names files from the pack input's own name
/// (`Emoticons/小喵/info.plist` for the input `…/Emoticons`), whatever path led there: the same
/// words in the output's index page on every machine. Printing, each name is rewritten from the
/// input's path as seen from the working folder: `Emoticons/小喵/info.plist` beside it,
/// `../packs/Emoticons/…` nowhere (a path outside the working folder is given whole, absolute).
/// So `generate --config emokit.json` and `validate Emoticons` name the same file the same way.
struct FilePaths: Sendable {
    /// Per input: the name the reader starts its paths with, and the path to print instead
    /// (empty for the working folder itself).
    let roots: [(display: String, path: String)]

    static let none = FilePaths(roots: [])

    init(roots: [(display: String, path: String)]) { self.roots = roots }

    init(inputs: [URL], workingFolder: String = FileManager.default.currentDirectoryPath) {
        let cwd = URL(fileURLWithPath: workingFolder).standardizedFileURL.path
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        let urls = inputs.map(\.standardizedFileURL)
        // Two inputs of one name (a/packs, b/packs) cannot be told apart in a message: left as the reader names them.
        let names = urls.map(\.lastPathComponent)
        roots = urls.compactMap { url in
            let display = url.lastPathComponent
            guard names.filter({ $0 == display }).count == 1, !display.isEmpty, display != "/" else { return nil }
            let path = url.path
            if path == cwd { return (display, "") }
            return (display, path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path)
        }
    }

    /// A path as the library named it (`Diagnostic.Message.Part.path`), named from the working
    /// folder when it starts with an input's name; any other path is given as it was.
    func name(_ path: String) -> String {
        guard let root = roots.first(where: { path.hasPrefix($0.display + "/") && $0.display != $0.path }) else { return path }
        let rest = path.dropFirst(root.display.count + 1)
        return root.path.isEmpty ? String(rest) : root.path + "/" + rest
    }
}
