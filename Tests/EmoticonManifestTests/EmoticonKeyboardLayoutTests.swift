import EmoticonManifest
import Foundation
import Testing

/// `EmoticonKeyboard.layout(width:scale:)` on hand-made manifests whose numbers are worked by
/// hand: fractional widths, old manifests without insets, pixel snapping, the hit test and the
/// errors. (KeyboardLayoutTests compares it with the generator at every width 320...1366.)
struct EmoticonKeyboardLayoutTests {
    /// A classic 8 x 4 page (50 pt rows, 32 pt icons) at 375 pt, as a schema 1 manifest from
    /// before grids recorded insets, spacing and snapping (only columns, rows and sizes).
    static func classic(texts: Int = 31) -> Manifest {
        let buttons = (0..<32).filter { $0 < texts || $0 == 31 }.map { cell in
            Manifest.Button(
                kind: cell == 31 ? .delete : .emoticon, index: cell, row: cell / 8, column: cell % 8, entry: cell == 31 ? nil : cell,
                text: cell == 31 ? nil : "[\(cell)]", name: "b\(cell)", textTraditional: nil, codePoints: nil, utf16Length: nil,
                missingGlyph: nil, frame: .init(x: Double(cell % 8) * 46.875, y: Double(cell / 8) * 50, width: 46.875, height: 50),
                sprite: ["2": .init(x: 0, y: 0, width: 64, height: 60)])
        }
        let page = Manifest.Page(index: 0, sheets: ["2": "sheets/t/375/page-000@2x.png"], sheetHashes: [:], buttons: buttons)
        return Manifest(
            schemaVersion: 1, generator: .init(name: "emokit", version: "test"), screenWidth: 375, scales: [2],
            grid: .init(columns: 8, rows: 4, cellWidth: 46.875, cellHeight: 50, iconSize: 32, emoticonsPerPage: 31),
            metrics: .init(toolbarHeight: 50, gridHeight: 200, pageControlHeight: 30, tabBarHeight: 37, keyboardHeight: 267),
            colors: .init(background: "#F4F4F6", pageDot: "#CECECE", currentPageDot: "#797979", tabBarBackground: "#FFFFFF", selectedTab: "#E5E5EA"),
            tabs: [.init(id: "t", title: "T", kind: .image, entryCount: texts, pages: [page])])
    }

    /// The manifest's own width gives back its frames; a whole width as `Int` or `Double` is the
    /// same layout.
    @Test func aWholeWidthGivesTheGridsFrames() throws {
        let keyboard = EmoticonKeyboard(manifest: Self.classic())
        let layout = try keyboard.layout(width: 375, scale: 2)
        #expect(layout.columns == Manifest.Columns(left: 0, cellWidth: 46.875) && layout.height == 200)
        let keys = try #require(layout.page(tab: 0, page: 0)).keys
        #expect(keys.map(\.frame) == keyboard.tabs[0].pages[0].buttons.map(\.frame))
        #expect(try keyboard.layout(width: 375.0, scale: 2).cellFrames == layout.cellFrames)
        // 414 pt: 51.75 pt cells; cell (2, 3) at x = 155.25.
        let wider = try keyboard.layout(width: 414, scale: 2)
        #expect(wider.frame(row: 2, column: 3) == Manifest.Rect(x: 155.25, y: 100, width: 51.75, height: 50))
        #expect(wider.cellFrames[19] == wider.frame(row: 2, column: 3))
    }

    /// A fractional width is laid out as it is: the cells share exactly 507.5 pt (63.4375 pt
    /// each), and icons still start on whole device pixels.
    @Test func aFractionalWidthIsSharedExactly() throws {
        let layout = try EmoticonKeyboard(manifest: Self.classic()).layout(width: 507.5, scale: 2)
        #expect(layout.width == 507.5 && layout.columns.cellWidth == 63.4375)
        let keys = try #require(layout.page(tab: 0, page: 0)).keys
        #expect(keys.last!.frame == Manifest.Rect(x: 444.0625, y: 150, width: 63.4375, height: 50))
        #expect(keys.last!.frame.x + keys.last!.frame.width == 507.5)
        // Icon 64 x 60 px in cell 0: x = floor((2 * 0 + 63.4375) * 2 - 64) / 2) = 31 px (15.5 pt),
        // y = floor((100 - 60) / 2) = 20 px (10 pt).
        #expect(keys[0].iconPixelRect == Manifest.PixelRect(x: 31, y: 20, width: 64, height: 60))
        #expect(keys[0].iconRect == Manifest.Rect(x: 15.5, y: 10, width: 32, height: 30))
        // Cell 1 starts at 63.4375 pt = 126.875 px: x = floor((253.75 + 126.875 - 64) / 2) = 158 px.
        #expect(keys[1].iconPixelRect?.x == 158)
        for key in keys {
            let icon = try #require(key.iconRect)
            #expect(icon.x >= key.frame.x && icon.x + icon.width <= key.frame.x + key.frame.width)
            #expect(abs(icon.x * 2 - (icon.x * 2).rounded()) < 1e-9)
        }
    }

    /// A grid that snaps to device pixels (YYKit's weibo keyboard: 7 x 3, 10 pt side insets)
    /// rounds a fractional width's cells and left edge to pixels of the scale asked for.
    @Test func aSnappedGridRoundsAFractionalWidthToPixels() throws {
        var manifest = Self.classic()
        manifest.grid = .init(
            columns: 7, rows: 3, cellWidth: 50.5, cellHeight: 50, iconSize: 32, emoticonsPerPage: 20,
            insets: .init(top: 0, left: 10, bottom: 0, right: 10), columnSpacing: 0, rowSpacing: 0, snapToPixels: true)
        let keyboard = EmoticonKeyboard(manifest: manifest)
        // 375 pt @2x: (375 - 20) / 7 = 50.714 -> 101 px (50.5 pt); left (375 - 353.5) / 2 -> 22 px (11 pt).
        #expect(try keyboard.layout(width: 375, scale: 2).columns == Manifest.Columns(left: 11, cellWidth: 50.5))
        // 507.5 pt @3x: 487.5 / 7 = 69.643 -> 209 px; left (507.5 - 7 * 209 / 3) / 2 = 9.917 -> 30 px (10 pt).
        let layout = try keyboard.layout(width: 507.5, scale: 3)
        #expect(abs(layout.columns.cellWidth * 3 - 209) < 1e-9 && abs(layout.columns.left * 3 - 30) < 1e-9)
        for frame in layout.cellFrames { #expect(abs(frame.x * 3 - (frame.x * 3).rounded()) < 1e-9) }
    }

    /// The hit test at a width: half-open frames at that width, nothing outside the page.
    @Test func hitTestingFollowsTheWidth() throws {
        let layout = try EmoticonKeyboard(manifest: Self.classic(texts: 20)).layout(width: 507.5, scale: 2)
        #expect(layout.key(at: CGPoint(x: 0, y: 0), tab: 0, page: 0)?.button.text == "[0]")
        #expect(layout.key(at: CGPoint(x: 63.4374, y: 49.99), tab: 0, page: 0)?.button.text == "[0]")
        // At 375 pt x = 50 would be the second cell; at 507.5 pt it is still the first.
        #expect(layout.key(at: CGPoint(x: 50, y: 0), tab: 0, page: 0)?.button.text == "[0]")
        #expect(layout.key(at: CGPoint(x: 63.4375, y: 0), tab: 0, page: 0)?.button.text == "[1]")
        #expect(layout.key(at: CGPoint(x: 507.4, y: 199.9), tab: 0, page: 0)?.button.kind == .delete)
        // Cells 20...30 hold no emoticon on this page: nothing there.
        #expect(layout.key(at: CGPoint(x: 300, y: 150), tab: 0, page: 0) == nil)
        #expect(layout.key(at: CGPoint(x: 507.5, y: 10), tab: 0, page: 0) == nil)
        #expect(layout.key(at: CGPoint(x: 10, y: 200), tab: 0, page: 0) == nil)
        #expect(layout.key(at: CGPoint(x: 10, y: 10), tab: 0, page: 1) == nil)
        #expect(layout.key(at: CGPoint(x: 10, y: 10), tab: 1, page: 0) == nil)
        #expect(layout.page(tab: 0, page: 1) == nil && layout.pages(tab: 3).isEmpty)
    }

    /// A screen draws at the smallest sheet scale at or above its own (a 1x or 1.5x screen at
    /// the @2x sheets), else the largest (a 4x screen at @3x), as the web runtime picks.
    @Test func aScreenScalePicksTheSheetsItDrawsAt() {
        var manifest = Self.classic()
        manifest.scales = [3, 2]
        let keyboard = EmoticonKeyboard(manifest: manifest)
        #expect([1.0, 1.5, 2.0, 2.625, 3.0, 4.0].map { keyboard.sheetScale(forScreenScale: $0) } == [2, 2, 2, 3, 3, 3])
        manifest.scales = []
        #expect(EmoticonKeyboard(manifest: manifest).sheetScale(forScreenScale: 2) == nil)
    }

    /// A scale the manifest has no sprites at still lays out; the icon rects are then nil.
    @Test func aScaleWithoutSpritesHasFramesButNoIcons() throws {
        let keys = try #require(try EmoticonKeyboard(manifest: Self.classic()).layout(width: 390, scale: 3).page(tab: 0, page: 0)).keys
        #expect(keys.allSatisfy { $0.sprite == nil && $0.iconRect == nil && $0.iconPixelRect == nil })
        #expect(keys[1].frame == Manifest.Rect(x: 48.75, y: 0, width: 48.75, height: 50))
    }

    @Test func widthsAndScalesThatCannotBeLaidOut() {
        let keyboard = EmoticonKeyboard(manifest: Self.classic())
        func failure(_ width: Double, _ scale: Int = 2) -> EmoticonKeyboard.LayoutError? {
            do { _ = try keyboard.layout(width: width, scale: scale); return nil } catch { return error }
        }
        #expect(failure(0) == .widthNotPositive(0) && failure(-375) == .widthNotPositive(-375))
        #expect(failure(.infinity) == .widthNotPositive(.infinity) && failure(.nan) != nil)
        #expect(failure(375, 0) == .scaleNotPositive(0))
        #expect(failure(0)?.description == "cannot lay the keyboard out at a width of 0 pt: pass the view's width in points, above 0")
        var manifest = Self.classic()
        manifest.grid.insets = .init(top: 0, left: 10, bottom: 0, right: 10)
        manifest.grid.columnSpacing = 2
        // 20 pt of insets and 7 * 2 pt of gaps: 34 pt leaves nothing for the 8 columns.
        let narrow = EmoticonKeyboard(manifest: manifest)
        #expect(throws: EmoticonKeyboard.LayoutError.tooNarrow(width: 34, columns: 8)) { try narrow.layout(width: 34, scale: 2) }
        #expect(
            EmoticonKeyboard.LayoutError.tooNarrow(width: 34, columns: 8).description
                == "at 34 pt the grid's insets and spacing leave no room for its 8 columns: lay it out wider")
        #expect(throws: Never.self) { try narrow.layout(width: 35, scale: 2) }
    }
}
