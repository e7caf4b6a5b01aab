import EmojiData
import EmoticonManifest
import EmoticonPacks
import KeyboardLayout

/// Turns packs, layout and the written sheets into one manifest per width, each made a page at
/// a time as it is written (`PagedManifest`): only the header is built up front. It knows no
/// output beside the sheets: each output's writer adds the fields it owns (`OutputWriters`).
struct ManifestBuilder {
    let options: GeneratorOptions
    let packs: [EmoticonPack]
    let plans: [[SpriteSource]]
    let pages: [Generator.PageKey: Generator.RenderedPage]
    /// Names in the keyboard's locale (CLDR for emoji).
    let names: EntryNames
    /// Each entry's animation as copied into the output, by tab and entry.
    var animations: [[Manifest.Animation?]] = []
    /// Each tab's icon in the tab-icon strips, by tab.
    var tabIcons: [Manifest.TabIcon?] = []
    /// The emoji fields (Emoji version, keywords, skin-tone variants), when emoji data was read.
    var emojiFields: EmojiManifestFields? = nil
    /// Pinyin for names with Han characters (CLDR's Han-Latin transform), when it was read.
    var pinyin: Pinyin? = nil
    /// `--keywords`: image entries' search keywords by text (emoji get CLDR's, `emojiFields`).
    var keywords = EntryKeywords.none
    /// Each sticker's copied picture (`images/<sha256>.webp`), by tab and entry (`copySentImages`).
    var sentImages: [[String?]] = []

    func manifests() -> [PagedManifest] {
        // Any-width pages are the same at every width but for their frames: their text is made
        // once and each width fills in its frames.
        let shared = options.sheetLayout == .anyWidth && options.widths.count > 1 ? SharedPageTexts() : nil
        return options.widths.map { manifest(width: $0, sharing: shared) }
    }

    /// What every page of one width shares.
    struct WidthLayout {
        let width: Int
        /// The scales, smallest first, and one layout per scale: grids that snap to device
        /// pixels have different frames at each.
        let scales: [Int]
        let layouts: [PageLayout]
    }

    func manifest(width: Int, sharing shared: SharedPageTexts? = nil) -> PagedManifest {
        let scales = options.scales.sorted()
        let context = WidthLayout(width: width, scales: scales, layouts: scales.map { PageLayout(grid: options.grid, screenWidth: width, scale: $0) })
        var header = self.header(context)
        emojiFields?.apply(toHeader: &header)
        let pageCounts = packs.map { PageLayout.pageCount(entries: $0.entries.count, grid: options.grid) }
        let page = { (tab: Int, index: Int) -> Manifest.Page in
            var page = self.page(index, tab: tab, context)
            emojiFields?.apply(to: &page, tab: tab)
            return page
        }
        return PagedManifest(
            header: header, pageCounts: pageCounts, sheets: { tab, index in self.sheets(index, tab: tab, width: width) },
            sheetHashes: { tab, index in self.sheetHashes(index, tab: tab, width: width) },
            pageText: shared.map { shared in
                { tab, index in shared.text(tab: tab, index: index, frames: self.frames(index, tab: tab, context)) { page(tab, index) } }
            }, page: page)
    }

    /// Where page `pageIndex` of tab `tabIndex`'s buttons stand at the context's width, in button
    /// order: the frames `page` gives them, without the rest of the page.
    func frames(_ pageIndex: Int, tab tabIndex: Int, _ context: WidthLayout) -> [SharedPageTexts.Frames] {
        context.layouts[0].buttons(page: pageIndex, entryCount: packs[tabIndex].entries.count).map { button in
            SharedPageTexts.Frames(frame: button.frame, frames: Self.framesByScale(button, scales: context.scales, layouts: context.layouts))
        }
    }

    /// The width the sheets of the manifest of `width` are keyed by: its own for per-width
    /// sheets, `AnyWidthSheet.width` for the any-width ones every manifest shares.
    func sheetWidth(_ width: Int) -> Int { options.sheetLayout == .anyWidth ? AnyWidthSheet.width : width }

    /// Page `pageIndex` of tab `tabIndex`'s sheet paths by scale (its `sheets`), without its buttons.
    func sheets(_ pageIndex: Int, tab tabIndex: Int, width: Int) -> [String: String] {
        let rendered = pages[Generator.PageKey(tab: tabIndex, page: pageIndex)] ?? Generator.RenderedPage()
        var sheets: [String: String] = [:]
        for scale in options.scales where rendered.sheet(.init(width: sheetWidth(width), scale: scale)) != nil {
            sheets["\(scale)"] = Generator.sheetPath(tab: packs[tabIndex].id, width: sheetWidth(width), page: pageIndex, scale: scale)
        }
        return sheets
    }

    /// Page `pageIndex` of tab `tabIndex`'s sheets' SHA-256 by scale (its `sheetHashes`), without its buttons.
    func sheetHashes(_ pageIndex: Int, tab tabIndex: Int, width: Int) -> [String: String] {
        let rendered = pages[Generator.PageKey(tab: tabIndex, page: pageIndex)] ?? Generator.RenderedPage()
        var hashes: [String: String] = [:]
        for scale in options.scales {
            if let record = rendered.sheet(.init(width: sheetWidth(width), scale: scale)) { hashes["\(scale)"] = record.sha256.hex }
        }
        return hashes
    }

    /// Page `pageIndex` of tab `tabIndex`: its sheets and hashes per scale, and its buttons.
    func page(_ pageIndex: Int, tab tabIndex: Int, _ context: WidthLayout) -> Manifest.Page {
        let width = context.width
        let pack = packs[tabIndex]
        let layout = context.layouts[0]
        let rendered = pages[Generator.PageKey(tab: tabIndex, page: pageIndex)] ?? Generator.RenderedPage()
        let sheets = self.sheets(pageIndex, tab: tabIndex, width: width)
        let hashes = sheetHashes(pageIndex, tab: tabIndex, width: width)
        let buttons = layout.buttons(page: pageIndex, entryCount: pack.entries.count).map { button -> Manifest.Button in
            var sprite: [String: Manifest.PixelRect] = [:]
            for scale in options.scales {
                if let rect = rendered.spriteRect(cell: button.cell, width: sheetWidth(width), scale: scale, grid: options.grid) { sprite["\(scale)"] = rect }
            }
            let frame = button.frame
            let frames = Self.framesByScale(button, scales: context.scales, layouts: context.layouts)
            switch button.kind {
            case .delete:
                var result = Manifest.Button(
                    kind: .delete, index: button.cell, row: button.row, column: button.column, entry: nil,
                    text: nil, name: names.delete, textTraditional: nil, codePoints: nil, utf16Length: nil,
                    missingGlyph: nil, frame: frame, sprite: sprite)
                result.frames = frames
                return result
            case .emoticon(let entryIndex):
                let entry = pack.entries[entryIndex]
                var codePoints: [String]?, utf16: Int?, missing: Bool?
                if case .emoji(let text) = entry.content {
                    codePoints = EmojiText.codePointList(text)
                    utf16 = text.utf16.count
                }
                if case .missing = plans[tabIndex][entryIndex] { missing = true }
                let systemGlyph: Bool? = if case .systemGlyph = plans[tabIndex][entryIndex] { true } else { nil }
                var result = Manifest.Button(
                    kind: .emoticon, index: button.cell, row: button.row, column: button.column, entry: entryIndex,
                    text: entry.text(for: options.locale), name: names.name(of: entry), textTraditional: entry.textTraditional,
                    codePoints: codePoints, utf16Length: utf16, missingGlyph: missing, frame: frame, sprite: sprite)
                result.frames = frames
                result.animation = animations.indices.contains(tabIndex) ? animations[tabIndex][entryIndex] : nil
                result.pinyin = pinyin?.searchTerms(for: result.name)
                if codePoints == nil, let text = result.text { result.keywords = keywords.byText[text] }
                result.systemGlyph = systemGlyph
                if entry.sendsImage {
                    // Nothing to type: the app sends the picture (`sends`, `image`).
                    (result.text, result.textTraditional, result.sends) = (nil, nil, .image)
                    result.image = sentImages.indices.contains(tabIndex) ? sentImages[tabIndex][entryIndex] : nil
                }
                return result
            }
        }
        return Manifest.Page(index: pageIndex, sheets: sheets, sheetHashes: hashes, buttons: buttons)
    }

    /// The manifest without pages: grid, metrics, colours and each tab's fields.
    func header(_ context: WidthLayout) -> Manifest {
        let grid = options.grid
        let width = context.width
        let tabs = packs.indices.map { tabIndex -> Manifest.Tab in
            let pack = packs[tabIndex]
            var tab = Manifest.Tab(
                id: pack.id, title: pack.title(locale: options.locale), kind: Self.tabKind(pack.kind),
                entryCount: pack.entries.count, pages: [])
            if pack.displayOnly { tab.displayOnly = true }
            if tabIndex < tabIcons.count { tab.icon = tabIcons[tabIndex] }
            return tab
        }
        let metrics = options.metrics
        let colors = options.colors
        var manifest = Manifest(
            generator: .init(name: "emokit", version: EmokitResources.version),
            screenWidth: width,
            scales: options.scales,
            grid: grid.manifestGrid(screenWidth: width, scales: context.scales),
            metrics: .init(
                toolbarHeight: metrics.toolbarHeight, gridHeight: grid.gridHeight, pageControlHeight: metrics.pageControlHeight,
                tabBarHeight: metrics.tabBarHeight, keyboardHeight: metrics.keyboardHeight(grid: grid),
                gridTop: metrics.gridTop, pageControlTop: metrics.pageControlTop(grid: grid), tabBarTop: metrics.tabBarTop(grid: grid)),
            colors: .init(
                background: colors.background, pageDot: colors.pageDot, currentPageDot: colors.currentPageDot,
                tabBarBackground: colors.tabBarBackground, selectedTab: colors.selectedTab,
                dark: colors.dark),
            tabs: tabs,
            layout: options.layout.rawValue)
        // Per-width manifests stay as they were (schema 1, no `sheetLayout`), byte for byte.
        if options.sheetLayout == .anyWidth {
            manifest.sheetLayout = .anyWidth
        } else {
            manifest.schemaVersion = 1
        }
        return manifest
    }

    /// Every scale's frame of `button`, or nil when they are all the same (the usual case).
    static func framesByScale(_ button: ButtonFrame, scales: [Int], layouts: [PageLayout]) -> [String: Manifest.Rect]? {
        let frames = layouts.map { $0.frame(row: button.row, column: button.column) }
        guard frames.contains(where: { $0 != frames[0] }) else { return nil }
        var result: [String: Manifest.Rect] = [:]
        for (scale, frame) in zip(scales, frames) { result["\(scale)"] = frame }
        return result
    }

    /// The pack's content kind as the manifest spells it.
    static func tabKind(_ kind: EmoticonPack.Kind) -> Manifest.Tab.Kind {
        switch kind {
        case .image: return .image
        case .emoji: return .emoji
        case .mixed: return .mixed
        }
    }
}
