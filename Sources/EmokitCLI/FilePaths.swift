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

    /// `text` with every pack path (an input's name followed by `/`, at the start of the text or
    /// after a space, quote or bracket) named from the working folder.
    func rewrite(_ text: String) -> String {
        guard !roots.isEmpty else { return text }
        let boundaries: Set<Character> = [" ", "(", "'", "\"", "[", ","]
        var result = ""
        var rest = Substring(text)
        var atBoundary = true
        while !rest.isEmpty {
            if atBoundary, let root = roots.first(where: { rest.hasPrefix($0.display + "/") && $0.display != $0.path }) {
                result += root.path.isEmpty ? "" : root.path + "/"
                rest = rest.dropFirst(root.display.count + 1)
                atBoundary = false
                continue
            }
            let character = rest.removeFirst()
            result.append(character)
            atBoundary = boundaries.contains(character)
        }
        return result
    }
}
