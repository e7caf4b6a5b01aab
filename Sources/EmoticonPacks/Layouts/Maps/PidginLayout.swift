import Diagnostics
import Foundation

/// Pidgin's smiley themes (`emotes/<theme>/theme`, Debian's `pidgin-data` and `pidgin-themes`),
/// as Pidgin's `gtkthemes.c` reads them: `Name=`, `Icon=` and the like before the first section,
/// then `[sections]` of lines `image text text...`, words split by white space, `\` escaping
/// the next character (`:-\\` is `:-\`). A line that is not UTF-8 is skipped with a warning
/// naming it, as Pidgin logs and skips it (`inbob` has two); one button per image file, as
/// Pidgin's picker shows one per file (`EchoSmile` names `face-laugh.png` on two lines).
///
/// `[default]` is the list Pidgin shows for every account; the other sections (`[XMPP]`,
/// `[AIM]`...) replace it for one protocol's accounts, so they are alternatives to it, not more
/// emoticons, and the note names them as not read. A line starting with `!` is a smiley Pidgin
/// draws in received messages but leaves out of its smiley picker: those entries become a
/// display-only tab after the theme's own.
enum PidginLayout: MapFileLayout {
    static let layout = "pidgin"
    static var fileNames: [String] { ["theme"] }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        guard let map = source.root as? MapFile, map.layout == layout else { return .failure(PackLayouts.unrecognised(source)) }
        return MapLayouts.contents(of: source, layout: layout).map { contents in
            var contents = contents
            contents.displayOnlyItems = Set(map.items.indices.filter { map.items[$0].displayOnly })
            // A received-only smiley whose image is missing (`burger` keeps the `!` lines of the
            // theme it was made from, not their images): Pidgin draws nothing for it, and it is
            // never on the keyboard, so it is skipped with a warning, not refused.
            let files = FolderFiles(folder: source.folder, display: source.folderDisplay)
            let entry = contents.entry
            contents.entry = { [items = map.items] item, index in
                let mapItem = items[item as! Int]
                if mapItem.displayOnly, FileNamePolicy.unsafeReason(mapItem.image) == nil, case .absent = files.lookup(mapItem.image) {
                    let reason: Diagnostic.Message = "received-only smiley (! line) whose image \(path: "\(source.folderDisplay)/\(mapItem.image)") is missing; Pidgin draws nothing for it"
                    return .failure(.skippedEntry(path: source.display, index: index, text: mapItem.texts.first, reason: reason))
                }
                return entry(item, index)
            }
            return contents
        }
    }

    static func parse(_ data: Data, display: String) throws(PackError) -> Any {
        let (lines, notUTF8) = self.lines(data)
        let sections = lines.filter { $0.hasPrefix("[") && $0.hasSuffix("]") }.map { String($0.dropFirst().dropLast()) }
        // `[default]`, else (a theme without one) the first section, as the note says.
        let chosen = sections.first { $0.lowercased() == "default" } ?? sections.first
        var header: [String: String] = [:]
        var smileys: [(image: String, texts: [String], hidden: Bool)] = []
        var section: String?
        for line in lines {
            if line.hasPrefix("["), line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast())
                continue
            }
            guard let current = section else {
                if let equals = line.firstIndex(of: "=") {
                    // Keys in any case (`name=`), as Pidgin compares them.
                    header[String(line[..<equals]).trimmingCharacters(in: .whitespaces).lowercased()] = String(line[line.index(after: equals)...])
                }
                continue
            }
            guard current == chosen else { continue }
            var rest = Substring(line)
            let hidden = rest.hasPrefix("!")
            if hidden { rest = rest.dropFirst() }
            let words = self.words(rest)
            guard let image = words.first else { continue }
            smileys.append((image, Array(words.dropFirst()), hidden))
        }
        let (items, merged) = buttons(smileys)
        var map = MapFile(layout: layout, items: items, title: header["name"], description: "a Pidgin smiley theme")
        map.titleKey = "Name"
        map.warnings = notUTF8.map { .skippedLine(path: display, line: $0, reason: "not UTF-8 (Pidgin skips it too); save the theme as UTF-8 to keep it") }
        if let icon = header["icon"] { map.ownImages.append(icon.trimmingCharacters(in: .whitespaces)) }
        if let chosen {
            map.details.append("[\(chosen)] read")
        } else {
            map.details.append("no smiley section (a theme that turns smileys off)")
        }
        let others = sections.filter { $0 != chosen }
        if !others.isEmpty {
            map.details.append("\(others.map { "[\($0)]" }.joined(separator: ", ")) not read (Pidgin uses them instead of [default] for those accounts)")
        }
        if merged > 0 {
            map.details.append("\(merged) image\(merged == 1 ? "" : "s") named on more than one line, one button each (the other lines' texts are its keywords)")
        }
        let hidden = items.filter(\.displayOnly).count
        if hidden > 0 { map.details.append("\(hidden) received-only smiley\(hidden == 1 ? "" : "s") (! lines) in a display-only tab") }
        return map
    }

    /// The theme's lines as Pidgin reads them (split at line feeds, a line's `\r` dropped), blank
    /// lines and `#` comments left out, each trimmed; and the numbers (from 1) of the lines that
    /// are not UTF-8, which Pidgin logs and skips.
    static func lines(_ data: Data) -> (lines: [String], notUTF8: [Int]) {
        var lines: [String] = []
        var notUTF8: [Int] = []
        for (offset, raw) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            var bytes = raw[...]
            while let last = bytes.last, last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                let first = bytes.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
                if first != UInt8(ascii: "#") { notUTF8.append(offset + 1) }
                continue
            }
            let line = text.trimmingCharacters(in: .whitespaces)
            if !line.isEmpty && !line.hasPrefix("#") { lines.append(line) }
        }
        return (lines, notUTF8)
    }

    /// One button per image file, as Pidgin's smiley picker shows them: a file named on several
    /// lines is one button, where its first shown line is, inserting that line's first text; the
    /// texts of its other lines (`!` lines too) stand for it as well, kept as its keywords. A file
    /// named only on `!` lines is received-only. Returns the items and how many files were
    /// named on more than one line.
    static func buttons(_ smileys: [(image: String, texts: [String], hidden: Bool)]) -> (items: [MapItem], merged: Int) {
        var items: [MapItem] = []
        var itemOf: [String: Int] = [:]
        // Each item's texts as a set too: a theme naming one file on many lines stays linear.
        var textsOf: [Set<String>] = []
        var lineCount: [String: Int] = [:]
        // Shown lines first, so a button sits where its file is first shown; then `!` lines.
        for hiddenPass in [false, true] {
            for smiley in smileys where smiley.hidden == hiddenPass {
                lineCount[smiley.image, default: 0] += 1
                let index: Int
                if let known = itemOf[smiley.image] {
                    index = known
                } else {
                    index = items.count
                    itemOf[smiley.image] = index
                    items.append(MapItem(texts: [], image: smiley.image, displayOnly: hiddenPass, imageKey: "image", textKey: "text"))
                    textsOf.append([])
                }
                for text in smiley.texts where textsOf[index].insert(text).inserted { items[index].texts.append(text) }
            }
        }
        for index in items.indices {
            items[index].keywords = Array(items[index].texts.dropFirst())
            // Carried into every manifest: held to the fediverse packs' keyword limits.
            if let problem = Shortcodes.keywordProblem(items[index].keywords) { items[index].problem = ("text", problem) }
            if items[index].texts.isEmpty { items[index].skipped = "no text after the image (Pidgin shows no smiley for it)" }
        }
        return (items, lineCount.values.filter { $0 > 1 }.count)
    }

    /// What C's `isspace` calls white space (Pidgin splits words with it): ASCII only, so an
    /// ideographic space inside a text stays part of it.
    static let asciiSpaces: Set<Character> = [" ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}"]

    /// A line's words: split by white space (C's `isspace`, as Pidgin), `\` taking the next
    /// character as it is.
    static func words(_ line: Substring) -> [String] {
        var words: [String] = []
        var word = ""
        var escaped = false
        var inWord = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if asciiSpaces.contains(character) {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        // A `\` ending the line is itself, as in Pidgin.
        if escaped { word.append("\\") }
        if inWord { words.append(word) }
        return words
    }
}
