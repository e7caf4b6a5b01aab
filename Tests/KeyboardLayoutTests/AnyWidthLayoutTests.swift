import EmoticonManifest
import Foundation
import KeyboardLayout
import Testing

/// The library's layout at any width (`EmoticonKeyboard.layout(width:scale:)`) against the
/// generator's geometry (`PageLayout`, `SheetGeometry`): one manifest, written at 375 pt, laid
/// out at every width from 320 to 1366 pt must give the frames and icon rects the generator
/// computes for that width.
struct AnyWidthLayoutTests {
    /// The grids checked: the two presets, and grids with insets and spacing, with and without
    /// pixel snapping (odd numbers, so cells start at fractional pixels).
    static let grids: [(name: String, grid: GridSpec)] = [
        ("classic", LayoutPreset.classic.grid),
        ("weibo", LayoutPreset.weibo.grid),
        (
            "insets+spacing",
            GridSpec(
                columns: 6, rows: 3, rowHeight: 47, iconSize: 30, insets: EdgeInsets(top: 3.5, left: 12, bottom: 4, right: 7.25),
                columnSpacing: 4.5, rowSpacing: 6)
        ),
        (
            "insets+spacing, snapped",
            GridSpec(
                columns: 9, rows: 4, rowHeight: 44, iconSize: 28, insets: EdgeInsets(top: 2, left: 9, bottom: 0, right: 5),
                columnSpacing: 3.25, rowSpacing: 1.5, snapToPixels: true)
        ),
    ]

    /// A manifest of `grid` at `width` as the generator writes its layout fields: its grid
    /// (`GridSpec.manifestGrid`, what ManifestBuilder writes) and one tab of two pages whose
    /// buttons carry sprites of a few sizes (icons narrower or shorter than the box too).
    static func manifest(_ grid: GridSpec, width: Int = 375, scales: [Int] = [2, 3]) -> Manifest {
        let layout = PageLayout(grid: grid, screenWidth: width, scale: scales.min()!)
        let entries = grid.emoticonsPerPage + 5
        let pages = (0..<PageLayout.pageCount(entries: entries, grid: grid)).map { page in
            let buttons = layout.buttons(page: page, entryCount: entries).map { button -> Manifest.Button in
                var sprite: [String: Manifest.PixelRect] = [:]
                for scale in scales {
                    let box = grid.iconPixels(scale: scale)
                    sprite["\(scale)"] = Manifest.PixelRect(x: 0, y: 0, width: box - button.cell % 3, height: box - button.cell % 5)
                }
                let entry: Int? = if case .emoticon(let entry) = button.kind { entry } else { nil }
                return Manifest.Button(
                    kind: entry == nil ? .delete : .emoticon, index: button.cell, row: button.row, column: button.column, entry: entry,
                    text: entry.map { "[\($0)]" }, name: "b\(button.cell)", textTraditional: nil, codePoints: nil, utf16Length: nil,
                    missingGlyph: nil, frame: button.frame, sprite: sprite)
            }
            return Manifest.Page(index: page, sheets: ["2": "sheets/t/page-\(page)@2x.png"], sheetHashes: [:], buttons: buttons)
        }
        return Manifest(
            generator: .init(name: "emokit", version: "test"), screenWidth: width, scales: scales,
            grid: grid.manifestGrid(screenWidth: width, scales: scales),
            metrics: .init(toolbarHeight: 50, gridHeight: grid.gridHeight, pageControlHeight: 30, tabBarHeight: 37, keyboardHeight: 300),
            colors: .init(background: "#FFFFFF", pageDot: "#000000", currentPageDot: "#000000", tabBarBackground: "#FFFFFF", selectedTab: "#000000"),
            tabs: [.init(id: "t", title: "T", kind: .image, entryCount: entries, pages: pages)])
    }

    /// Every width 320...1366 at both scales, every grid: the library's cell frames, columns and
    /// icon rects equal the generator's, exactly.
    @Test(arguments: grids.map(\.name))
    func everyWidthFrom320To1366MatchesTheGenerator(name: String) throws {
        let grid = try #require(Self.grids.first { $0.name == name }).grid
        let keyboard = EmoticonKeyboard(manifest: Self.manifest(grid))
        var compared = 0
        var mismatches: [String] = []
        for width in 320...1366 {
            for scale in [2, 3] {
                let layout = try keyboard.layout(width: width, scale: scale)
                let expected = PageLayout(grid: grid, screenWidth: width, scale: scale)
                let sheet = SheetGeometry(layout: expected, scale: scale)
                if layout.columns != expected.columns { mismatches.append("\(width)@\(scale)x columns \(layout.columns) != \(expected.columns)") }
                for page in layout.pages(tab: 0) {
                    for key in page.keys {
                        let frame = expected.frame(row: key.button.row, column: key.button.column)
                        let sprite = try #require(key.sprite)
                        let icon = sheet.spriteRect(row: key.button.row, column: key.button.column, width: sprite.width, height: sprite.height)
                        if key.frame != frame || key.iconPixelRect != icon {
                            mismatches.append("\(width)@\(scale)x cell \(key.button.index): \(key.frame) \(String(describing: key.iconPixelRect)) != \(frame) \(icon)")
                        }
                        compared += 1
                    }
                }
                let cells = (0..<grid.cellsPerPage).map { expected.frame(row: $0 / grid.columns, column: $0 % grid.columns) }
                if layout.cellFrames != cells { mismatches.append("\(width)@\(scale)x cellFrames") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differences, first: \(mismatches.prefix(5))")
        #expect(compared == 1047 * 2 * (grid.emoticonsPerPage + 5 + 2))
    }

    /// At the manifest's own width the layout gives back its frames: `frame` at the smallest
    /// scale, `frames[S]` (when written) at each scale.
    @Test func theManifestsOwnWidthGivesItsOwnFrames() throws {
        for (_, grid) in Self.grids {
            let manifest = Self.manifest(grid, width: 414)
            let keyboard = EmoticonKeyboard(manifest: manifest)
            for scale in [2, 3] {
                let layout = try keyboard.layout(width: 414, scale: scale)
                let expected = PageLayout(grid: grid, screenWidth: 414, scale: scale)
                for key in layout.pages(tab: 0).flatMap(\.keys) {
                    #expect(key.frame == expected.frame(row: key.button.row, column: key.button.column))
                    if scale == 2 { #expect(key.frame == key.button.frame) }
                }
            }
        }
    }
}
