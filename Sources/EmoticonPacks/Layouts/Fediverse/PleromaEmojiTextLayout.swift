import Diagnostics
import Foundation

/// A Pleroma or Akkoma pack listed in `emoji.txt` (read when the pack has no `pack.json`), as
/// `Pleroma.Emoji.Loader` reads it: one emoji a line, `shortcode, file[, tag, tag...]`, fields
/// split at each comma and the spaces after it. The file is the emoji's address on the server,
/// `/emoji/<pack>/<file>`, so only paths under the pack's own folder name are its files (a plain
/// relative path is read from the pack too); tags become the emoji's search keywords.
///
/// A line with no file is skipped with a warning, as Pleroma skips it; entries follow shortcode
/// order, as Pleroma lists them.
enum PleromaEmojiTextLayout: MapFileLayout {
    static let layout = "pleroma-emoji-txt"
    static var fileNames: [String] { ["emoji.txt"] }

    static func parse(_ data: Data, display: String) throws(PackError) -> Any {
        guard let text = String(validating: data, as: UTF8.self) else {
            let line = lineOfFirstInvalidByte(data)
            throw PackError.malformedMap(path: display, format: "Pleroma emoji.txt", reason: "line \(line) is not UTF-8")
        }
        // The pack folder's name, as the file's `/emoji/<pack>/` paths give it.
        let folder = ((display as NSString).deletingLastPathComponent as NSString).lastPathComponent
        var lines: [(String, MapItem)] = []
        var mapped = 0
        for (number, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            let fields = fields(line)
            let shortcode = fields[0]
            var item = MapItem(texts: [Shortcodes.text(shortcode)], image: "", name: shortcode, allowsFolders: true, imageKey: "file", textKey: "shortcode")
            if fields.count < 2 || fields[1].isEmpty {
                item.skipped = "line \(number + 1) has no file (\(quoted: line)); Pleroma reads shortcode, file[, tags]"
            } else {
                mapped += 1
                item.keywords = Array(fields.dropFirst(2).filter { !$0.isEmpty })
                switch path(fields[1], folder: folder) {
                case .success(let path): item.image = path
                case .failure(let reason): item.problem = ("file", reason.message)
                }
                if let problem = Shortcodes.keywordProblem(item.keywords) { item.problem = ("tags", problem) }
                if let problem = Shortcodes.problem(shortcode) { item.problem = ("shortcode", problem) }
            }
            lines.append((shortcode, item))
        }
        guard mapped > 0 else {
            throw PackError.malformedMap(path: display, format: "Pleroma emoji.txt", reason: "no line of shortcode, file[, tags]")
        }
        var map = MapFile(layout: layout, items: Shortcodes.sorted(lines).map(\.1), description: "a Pleroma emoji list")
        map.order = "in shortcode order"
        return map
    }

    /// A line's fields: split at each comma and the whitespace after it, as Pleroma splits them
    /// (`~r/,\s*/`); spaces before a comma are dropped too.
    static func fields(_ line: String) -> [String] {
        line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The file a line names, relative to the pack: `/emoji/<folder>/x.png` is `x.png`, a
    /// relative path is read as it is; a path into another folder is refused by name.
    static func path(_ field: String, folder: String) -> Result<String, EntryProblem> {
        guard field.hasPrefix("/") else { return .success(field) }
        let own = "/emoji/\(folder)/"
        if field.hasPrefix(own), field.count > own.count { return .success(String(field.dropFirst(own.count))) }
        return .failure("\(quoted: field) is not in this pack; its files are named \(quoted: own + "NAME") (or relative to the pack)")
    }

    /// The 1-based line holding the first byte that is not UTF-8.
    static func lineOfFirstInvalidByte(_ data: Data) -> Int {
        var line = 1
        var start = data.startIndex
        for index in data.indices where data[index] == 0x0A {
            if String(validating: data[start..<index], as: UTF8.self) == nil { return line }
            line += 1
            start = data.index(after: index)
        }
        return line
    }
}
