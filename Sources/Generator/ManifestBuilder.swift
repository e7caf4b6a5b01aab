import EmoticonManifest
import EmoticonPacks
import KeyboardLayout

/// Turns packs, layout and the written sheets into one `Manifest` per width.
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

    func manifests() -> [Manifest] {
        options.widths.map(manifest(width:))
    }

    func manifest(width: Int) -> Manifest {
        let grid = options.grid
        // One layout per scale: grids that snap to device pixels have different frames at each.
        let scales = options.scales.sorted()
        let layouts = scales.map { PageLayout(grid: grid, screenWidth: width, scale: $0) }
        let catalogFolders = options.assetCatalog.map { _ in AssetCatalogWriter.folderNames(for: packs.map(\.id)) }
        let layout = layouts[0]
        let tabs = packs.indices.map { tabIndex -> Manifest.Tab in
            let pack = packs[tabIndex]
            let pageCount = PageLayout.pageCount(entries: pack.entries.count, grid: grid)
            let pageList = (0..<pageCount).map { pageIndex -> Manifest.Page in
                let rendered = pages[Generator.PageKey(tab: tabIndex, page: pageIndex)] ?? Generator.RenderedPage()
                var sheets: [String: String] = [:], hashes: [String: String] = [:]
                for scale in options.scales {
                    if let record = rendered.sheets[.init(width: width, scale: scale)] {
                        sheets["\(scale)"] = record.path
                        hashes["\(scale)"] = record.sha256
                    }
                }
                let buttons = layout.buttons(page: pageIndex, entryCount: pack.entries.count).map { button -> Manifest.Button in
                    var sprite: [String: Manifest.PixelRect] = [:]
                    for scale in options.scales {
                        if let rect = rendered.sprites[.init(width: width, scale: scale)]?[button.cell] { sprite["\(scale)"] = rect }
                    }
                    let frame = button.frame
                    let frames = Self.framesByScale(button, scales: scales, layouts: layouts)
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
                        var result = Manifest.Button(
                            kind: .emoticon, index: button.cell, row: button.row, column: button.column, entry: entryIndex,
                            text: entry.text(for: options.locale), name: names.name(of: entry), textTraditional: entry.textTraditional,
                            codePoints: codePoints, utf16Length: utf16, missingGlyph: missing, frame: frame, sprite: sprite)
                        result.frames = frames
                        result.animation = animations.indices.contains(tabIndex) ? animations[tabIndex][entryIndex] : nil
                        return result
                    }
                }
                let imageSet = catalogFolders.map { AssetCatalogWriter.imageSetName(folder: $0[tabIndex], width: width, page: pageIndex) }
                return Manifest.Page(index: pageIndex, sheets: sheets, sheetHashes: hashes, buttons: buttons, imageSet: imageSet)
            }
            var tab = Manifest.Tab(
                id: pack.id, title: pack.title(locale: options.locale), kind: Self.tabKind(pack.kind),
                entryCount: pack.entries.count, pages: pageList)
            if pack.displayOnly { tab.displayOnly = true }
            if tabIndex < tabIcons.count { tab.icon = tabIcons[tabIndex] }
            return tab
        }
        let metrics = options.metrics
        let colors = options.colors
        return Manifest(
            generator: .init(name: "emokit", version: EmokitResources.version),
            screenWidth: width,
            scales: options.scales,
            grid: .init(
                columns: grid.columns, rows: grid.rows, cellWidth: layout.columns.cellWidth, cellHeight: grid.rowHeight,
                iconSize: grid.iconSize, emoticonsPerPage: grid.emoticonsPerPage,
                insets: .init(top: grid.insets.top, left: grid.insets.left, bottom: grid.insets.bottom, right: grid.insets.right),
                columnSpacing: grid.columnSpacing, rowSpacing: grid.rowSpacing, snapToPixels: grid.snapToPixels,
                columnsByScale: grid.snapToPixels
                    ? Dictionary(uniqueKeysWithValues: layouts.map { ("\($0.scale)", Manifest.Columns(left: $0.columns.left, cellWidth: $0.columns.cellWidth)) })
                    : nil),
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
