import EmoticonManifest
import EmoticonPacks
import KeyboardLayout

/// Adds the emoji fields to the manifests `ManifestBuilder` made: each emoji button's keywords
/// and skin-tone variants (with their sprites in the tab's variants sheets), each tab's variants
/// sheets, and the Emoji version of the data used. Tabs line up with `packs` by index.
struct EmojiManifestFields {
    let packs: [EmoticonPack]
    let variants: [VariantSheets.Rendered]
    let emojiVersion: String?
    let locale: String

    func apply(to manifest: inout Manifest) {
        manifest.emojiVersion = emojiVersion
        if emojiVersion != nil { manifest.locale = locale }
        for tabIndex in manifest.tabs.indices where tabIndex < packs.count {
            let pack = packs[tabIndex]
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
            for pageIndex in manifest.tabs[tabIndex].pages.indices {
                for buttonIndex in manifest.tabs[tabIndex].pages[pageIndex].buttons.indices {
                    let button = manifest.tabs[tabIndex].pages[pageIndex].buttons[buttonIndex]
                    guard let entryIndex = button.entry, entryIndex < pack.entries.count else { continue }
                    let entry = pack.entries[entryIndex]
                    guard case .emoji = entry.content else { continue }
                    if !entry.keywords.isEmpty { manifest.tabs[tabIndex].pages[pageIndex].buttons[buttonIndex].keywords = entry.keywords }
                    guard !entry.variants.isEmpty, let first = rendered.firstVariant[entryIndex] else { continue }
                    manifest.tabs[tabIndex].pages[pageIndex].buttons[buttonIndex].variants = entry.variants.enumerated().map { offset, variant in
                        let flat = first + offset
                        let sheet = flat / VariantSheetLayout.perSheet
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
    }
}
