import Foundation

/// Pidgin's smiley themes (`emotes/<theme>/theme`, Debian's `pidgin-data` and `pidgin-themes`),
/// as Pidgin's `gtkthemes.c` reads them: `Name=`, `Icon=` and the like before the first section,
/// then `[sections]` of lines `image text text...`, words split by spaces or tabs, `\` escaping
/// the next character (`:-\\` is `:-\`).
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
            return contents
        }
    }

    static func parse(_ data: Data, display: String) throws(PackError) -> Any {
        // Themes are UTF-8; a few old ones are Latin-1 (`inbob`), read as such and said so.
        let utf8 = String(validating: data, as: UTF8.self)
        let text = utf8 ?? String(decoding: data.map { UInt16($0) }, as: UTF16.self)
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let sections = lines.filter { $0.hasPrefix("[") && $0.hasSuffix("]") }.map { String($0.dropFirst().dropLast()) }
        // `[default]`, else (a theme without one) the first section, as the note says.
        let chosen = sections.first { $0.lowercased() == "default" } ?? sections.first
        var header: [String: String] = [:]
        var items: [MapItem] = []
        var section: String?
        for line in lines {
            if line.hasPrefix("["), line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast())
                continue
            }
            guard let current = section else {
                if let equals = line.firstIndex(of: "=") {
                    header[String(line[..<equals]).trimmingCharacters(in: .whitespaces)] = String(line[line.index(after: equals)...])
                }
                continue
            }
            guard current == chosen else { continue }
            var rest = Substring(line)
            let hidden = rest.hasPrefix("!")
            if hidden { rest = rest.dropFirst() }
            let words = self.words(rest)
            guard let image = words.first else { continue }
            items.append(MapItem(texts: Array(words.dropFirst()), image: image, displayOnly: hidden, imageKey: "image", textKey: "text"))
        }
        var map = MapFile(layout: layout, items: items, title: header["Name"], description: "a Pidgin smiley theme")
        map.titleKey = "Name"
        if let icon = header["Icon"] { map.ownImages.append(icon.trimmingCharacters(in: .whitespaces)) }
        if let chosen {
            map.details.append("[\(chosen)] read")
        } else {
            map.details.append("no smiley section (a theme that turns smileys off)")
        }
        let others = sections.filter { $0 != chosen }
        if !others.isEmpty {
            map.details.append("\(others.map { "[\($0)]" }.joined(separator: ", ")) not read (Pidgin uses them instead of [default] for those accounts)")
        }
        let hidden = items.filter(\.displayOnly).count
        if hidden > 0 { map.details.append("\(hidden) received-only smiley\(hidden == 1 ? "" : "s") (! lines) in a display-only tab") }
        if utf8 == nil { map.details.append("the file is not UTF-8: read as Latin-1") }
        return map
    }

    /// A line's words: split by spaces and tabs, `\` taking the next character as it is.
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
            } else if character == " " || character == "\t" {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
