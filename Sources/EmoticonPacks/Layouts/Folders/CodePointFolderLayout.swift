import Foundation

/// A folder of emoji images named by code point, as emoji sets ship them (EmojiOne/Gemojione
/// `1F600.png`, `1f468-200d-1f469.png`; Twemoji `23-20e3.png`; Noto `emoji_u1f600.png`): every
/// image is the emoji its name spells, so each entry inserts that emoji (not `[1F600]`), named
/// from Unicode's names, and is drawn from its own image (not from the emoji font).
///
/// Only a folder whose every image name is such a sequence is read this way: one other name and
/// it is a plain folder of images. A name counts only when it spells an emoji (a scalar with emoji
/// presentation, a keycap, a variation selector, or an emoji from `©` on), so `100.png` or
/// `30.png` of a numbered sticker pack never turn into `Ā` or `0`.
enum CodePointFolderLayout: PackLayout {
    static func matches(_ source: PackSource) -> Bool {
        guard source.file == nil, let stems = PlainImageFolderLayout.stems(in: source.folder) else { return false }
        return stems.allSatisfy { emoji(named: $0) != nil }
    }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        let stems = PlainImageFolderLayout.stems(in: source.folder) ?? []
        let items = stems.map { stem -> MapItem in
            MapItem(texts: [emoji(named: stem) ?? stem], image: stem, extensions: MapItem.stemExtensions, name: EmojiText.name(of: emoji(named: stem) ?? stem))
        }
        let map = MapFile(layout: "code-points", items: items, description: "a folder of emoji images named by code point (each inserts its emoji)")
        var contents = MapLayouts.contents(of: source, map: map)
        contents.notes = { entries in
            [.recognisedLayout(path: source.display, summary: "\(map.description): \(entries.count) emoji in name order, drawn from these images")]
        }
        contents.warnings = { _ in UnreadMapFiles.warnings(in: source.folder, display: source.display) }
        return .success(contents)
    }

    /// The emoji a file stem spells (`1F600`, `1f468-200d-1f469`, `emoji_u1f600`), or nil.
    static func emoji(named stem: String) -> String? {
        var name = Substring(stem)
        if name.lowercased().hasPrefix("emoji_u") { name = name.dropFirst(7) }
        let parts = name.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
        guard !parts.isEmpty, parts.allSatisfy({ part in (2...6).contains(part.count) && part.allSatisfy { $0.isHexDigit } }) else { return nil }
        let values = parts.compactMap { UInt32($0, radix: 16) }
        let scalars = values.compactMap(Unicode.Scalar.init)
        guard scalars.count == parts.count, let first = scalars.first else { return nil }
        let spellsEmoji =
            scalars.contains { $0.properties.isEmojiPresentation } || values.contains(0xFE0F) || values.contains(0x20E3)
            || (first.properties.isEmoji && first.value >= 0xA9)
        return spellsEmoji ? String(String.UnicodeScalarView(scalars)) : nil
    }
}
