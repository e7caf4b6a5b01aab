import Checksum

/// The CSS class of each entry in `web/emoticons.css`, recorded in the manifest as
/// `Button.webClass`. A class is derived from what the entry is, never from where it sits:
/// `emk-<tab>-<name>`, `<name>` being the entry's image name without its extension and scale
/// suffix (`f_haha@2x.png` → `f_haha`), an emoji's code points in lower-case hex
/// (`1f44d-1f3fd`), or else its text with what CSS would need escaped made `-` (`[哈哈]` → `哈哈`).
/// So adding, removing or reordering entries never moves a class to another face: a class that
/// two entries would share (in one tab or across tabs: `qq` + `x-smile` and `qq-x` + `smile`) is
/// given to neither; each gets its own suffix from what it is (`-` and 6 hex digits of a SHA-256
/// of its tab id, image name and text), never from the order. The tab's delete key and tab icon
/// are `emk-<tab>--delete` and `emk-<tab>--icon`: no entry class holds `--` (names and tab ids
/// are cut to single `-`), so none can ever take them. Classes are unique in the whole
/// stylesheet, across tabs too.
package enum WebClassNames {
    /// What an entry's class is made from: its image's file name, else its text.
    package struct Source: Sendable {
        package let imageName: String?
        package let text: String
        package let isEmoji: Bool
        package init(imageName: String?, text: String, isEmoji: Bool) { self.imageName = imageName; self.text = text; self.isEmoji = isEmoji }
    }

    /// Each tab's prefix (`emk-<tab id>`, see `WebSpriteWriter.classPrefixes`) and its entries' classes.
    /// A class names one entry in the whole stylesheet: tabs `qq` and `qq-classic` could otherwise
    /// both give `emk-qq-classic-smile` (an entry `classic-smile` of one, `smile` of the other), so
    /// every class taken so far, every tab's delete key and tab icon included, counts for every tab.
    package static func classes(tabIDs: [String], entries: [[Source]]) -> (tabs: [String], entries: [[String]]) {
        let prefixes = WebSpriteWriter.classPrefixes(for: tabIDs)
        let plain = zip(prefixes, entries).map { prefix, sources in sources.map { "\(prefix)-\(name($0))" } }
        func identity(_ tab: Int, _ index: Int) -> String {
            let source = entries[tab][index]
            return "\(tabIDs[tab])\u{0}\(source.imageName ?? "")\u{0}\(source.text)"
        }
        // The different entries each plain class would name.
        var owners: [String: Set<String>] = [:]
        for (tab, names) in plain.enumerated() {
            for (index, name) in names.enumerated() { owners[name, default: []].insert(identity(tab, index)) }
        }
        // Only the very same entry twice (one image and text listed twice) still meets itself:
        // the later copy gets `-2`, a class of the same face.
        var taken = Set<String>()
        let classes = plain.enumerated().map { tab, names in
            names.enumerated().map { index, name -> String in
                var base = name
                if owners[name, default: []].count > 1 { base += "-" + Self.digest(identity(tab, index)) }
                var result = base, suffix = 2
                while !taken.insert(result).inserted {
                    result = "\(base)-\(suffix)"
                    suffix += 1
                }
                return result
            }
        }
        return (prefixes, classes)
    }

    /// Six hex digits of `text`'s SHA-256: what a class that would be shared is told apart by.
    static func digest(_ text: String) -> String { String(SHA256.hexDigest(Array(text.utf8)).prefix(6)) }

    /// The class of a tab's delete key (`--`: no entry's class holds two hyphens in a row).
    package static func deleteClass(prefix: String) -> String { "\(prefix)--delete" }
    /// The class of a tab's tab bar icon.
    package static func iconClass(prefix: String) -> String { "\(prefix)--icon" }

    static func name(_ source: Source) -> String {
        if let image = source.imageName, !image.isEmpty {
            var stem = (image as String).split(separator: "/").last.map(String.init) ?? image
            if let dot = stem.lastIndex(of: "."), dot > stem.startIndex { stem = String(stem[..<dot]) }
            if let at = stem.range(of: "@", options: .backwards), stem[at.upperBound...].dropLast().allSatisfy(\.isNumber), stem.hasSuffix("x") {
                stem = String(stem[..<at.lowerBound])
            }
            let safe = identifier(stem)
            if !safe.isEmpty { return safe }
        }
        if source.isEmoji {
            return source.text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "-")
        }
        let safe = identifier(source.text)
        return safe.isEmpty ? source.text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "-") : safe
    }

    /// `text` as a CSS identifier's tail: ASCII letters, digits, `-`, `_` and any non-ASCII
    /// letter kept (CSS takes those unescaped), everything else `-`, runs of `-` made one and
    /// trimmed at the ends.
    static func identifier(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let keep =
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
                || (scalar.value >= 0x80 && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil))
            let character: Character = keep ? Character(scalar) : "-"
            if character == "-" && (out.isEmpty || out.hasSuffix("-")) { continue }
            out.append(character)
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }
}
