import EmojiTabs
import EmoticonManifest
import EmoticonPacks
import KeyboardLayout

/// Adds the emoji fields to the manifests `ManifestBuilder` makes: each emoji button's keywords,
/// Emoji version and skin-tone variants (with their sprites in the tab's variants sheets, or left
/// to the system font with `--system-emoji`), each tab's variants sheets, and the Emoji version
/// of the data used. Tabs line up with `packs` by index; pages get
/// theirs one at a time, as they are made.
struct EmojiManifestFields {
    let packs: [EmoticonPack]
    let variants: [VariantSheets.Rendered]
    let emojiVersion: String?
    let locale: String
    /// Each emoji's Emoji version (emoji-test.txt), nil when no emoji data was read.
    var versions: EmojiDataStep.Outcome? = nil
    /// `--system-emoji`: the emoji left to the system font.
    var systemGlyphs: SystemGlyphs? = nil
    /// The emoji groups in emoji-test.txt's order (for the subset's record).
    var groupOrder: [String] = []

    /// The manifest-wide and tab fields: the Emoji version and locale, each tab's variants sheets.
    func apply(toHeader manifest: inout Manifest) {
        manifest.emojiVersion = emojiVersion
        manifest.systemEmoji = systemGlyphs.map { "\($0.version)" }
        if let applied = versions?.subset {
            let (subset, leftOut) = applied
            manifest.emojiSubset = Manifest.EmojiSubset(
                maxVersion: subset.maxVersion?.description,
                exclude: subset.exclude.isEmpty ? nil : subset.exclude.map { $0.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ") }.sorted(),
                groups: subset.groups.map { kept in groupOrder.filter { kept.contains($0) } },
                skinTones: subset.skinTones ? nil : false, leftOut: leftOut.total)
        }
        if emojiVersion != nil { manifest.locale = locale }
        for tabIndex in manifest.tabs.indices where tabIndex < packs.count {
            let rendered = tabIndex < variants.count ? variants[tabIndex] : VariantSheets.Rendered()
            if !rendered.sheets.isEmpty {
                manifest.tabs[tabIndex].variantSheets = rendered.sheets.indices.map { sheet in
                    let records = rendered.sheets[sheet]
                    let scale = records.keys.min() ?? 1
                    let size = rendered.sizes[sheet][scale] ?? (0, 0)
                    return Manifest.VariantSheet(
                        index: sheet,
                        sheets: Dictionary(uniqueKeysWithValues: records.map { ("\($0.key)", $0.value.path) }),
                        sheetHashes: Dictionary(uniqueKeysWithValues: records.map { ("\($0.key)", $0.value.sha256) }),
                        width: Double(size.width) / Double(scale), height: Double(size.height) / Double(scale))
                }
            }
        }
    }

    /// The button fields of one page of tab `tabIndex`: each emoji's keywords and variants.
    func apply(to page: inout Manifest.Page, tab tabIndex: Int) {
        guard tabIndex < packs.count else { return }
        let pack = packs[tabIndex]
        let rendered = tabIndex < variants.count ? variants[tabIndex] : VariantSheets.Rendered()
        for buttonIndex in page.buttons.indices {
            guard let entryIndex = page.buttons[buttonIndex].entry, entryIndex < pack.entries.count else { continue }
            let entry = pack.entries[entryIndex]
            // An image's keywords too: a fediverse pack's tags and aliases are searched like CLDR's.
            if !entry.keywords.isEmpty { page.buttons[buttonIndex].keywords = entry.keywords }
            guard case .emoji(let text) = entry.content else { continue }
            page.buttons[buttonIndex].emojiVersion = versions?.version(of: text)
            if let systemGlyphs, systemGlyphs.drawsVariants(of: entry) {
                page.buttons[buttonIndex].variants = entry.variants.map { variant in
                    var result = Manifest.Variant(text: variant.text, name: variant.name, sheet: [:], sprite: [:])
                    result.systemGlyph = true
                    return result
                }
                continue
            }
            guard !entry.variants.isEmpty, let first = rendered.firstVariant[entryIndex] else { continue }
            page.buttons[buttonIndex].variants = entry.variants.enumerated().map { offset, variant in
                let flat = first + offset
                let sheet = flat / rendered.perSheet
                let records = sheet < rendered.sheets.count ? rendered.sheets[sheet] : [:]
                let rects = flat < rendered.rects.count ? rendered.rects[flat] : [:]
                return Manifest.Variant(
                    text: variant.text, name: variant.name,
                    sheet: Dictionary(uniqueKeysWithValues: records.map { ("\($0.key)", $0.value.path) }),
                    sprite: Dictionary(uniqueKeysWithValues: rects.map { ("\($0.key)", Manifest.PixelRect(x: $0.value.x, y: $0.value.y, width: $0.value.width, height: $0.value.height)) }))
            }
        }
    }
}
