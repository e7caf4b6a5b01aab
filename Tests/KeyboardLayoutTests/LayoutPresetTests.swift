import KeyboardLayout
import TestSupport
import Testing

/// The named layouts against their definitions, computed here a second way (in whole device
/// pixels, exact integer rounding) rather than by calling the code under test.
struct LayoutPresetTests {
    @Test(arguments: [320, 375, 390, 393, 414, 428, 430])
    func weiboFramesFollowTheFormulaAtEveryScale(width: Int) {
        let grid = LayoutPreset.weibo.grid
        #expect(grid.columns == 7 && grid.rows == 3 && grid.emoticonsPerPage == 20 && grid.gridHeight == 150)
        for scale in 1...3 {
            let (left, item) = WeiboFormula.pixels(width: width, scale: scale)
            let layout = PageLayout(grid: grid, screenWidth: width, scale: scale)
            let buttons = layout.buttons(page: 1, entryCount: 45)
            #expect(buttons.count == 21)
            for button in buttons {
                let s = Double(scale)
                let expectedX = Double(left + button.column * item) / s
                #expect(abs(button.frame.x - expectedX) < 1e-9, "W \(width) @\(scale)x column \(button.column)")
                #expect(abs(button.frame.width - Double(item) / s) < 1e-9)
                #expect(button.frame.y == Double(50 * button.row) && button.frame.height == 50)
                // Row-major on screen: cell = row * 7 + column, entry = page * 20 + cell.
                #expect(button.cell == button.row * 7 + button.column)
                if case .emoticon(let entry) = button.kind { #expect(entry == 20 + button.cell) }
            }
            #expect(buttons.last!.kind == .delete && buttons.last!.row == 2 && buttons.last!.column == 6 && buttons.last!.cell == 20)
            // Icons centred in their cell, snapped down to whole pixels.
            let geometry = SheetGeometry(layout: layout, scale: scale)
            #expect(geometry.pixelWidth == width * scale && geometry.pixelHeight == 150 * scale)
            let icon = 32 * scale
            for column in 0..<7 {
                let rect = geometry.spriteRect(row: 2, column: column, width: icon, height: icon)
                let cellLeft = left + column * item
                #expect(rect.x == (2 * cellLeft + item - icon) / 2, "W \(width) @\(scale)x column \(column)")
                #expect(rect.y == 100 * scale + (50 * scale - icon) / 2)
            }
        }
    }

    @Test func weiboValuesWorkedByHand() {
        // 375 pt: (375 - 20) / 7 = 50.714 → 101 px @2x (50.5 pt), 152 px @3x (50.667 pt);
        // left (375 - 353.5) / 2 = 10.75 → 22 px @2x (11 pt); (375 - 354.667) / 2 = 10.1667 → 30.5 → 31 px @3x.
        #expect(LayoutPreset.weibo.grid.columnGeometry(screenWidth: 375, scale: 2) == ColumnGeometry(left: 11, cellWidth: 50.5))
        let at3 = LayoutPreset.weibo.grid.columnGeometry(screenWidth: 375, scale: 3)
        #expect(abs(at3.left - 31.0 / 3) < 1e-12 && abs(at3.cellWidth - 152.0 / 3) < 1e-12)
        // 414 pt: 56.286 → 113 px @2x (56.5 pt), 169 px @3x; left 19 px @2x (9.5 pt), 29 px @3x.
        #expect(LayoutPreset.weibo.grid.columnGeometry(screenWidth: 414, scale: 2) == ColumnGeometry(left: 9.5, cellWidth: 56.5))
        // 414 pt @3x: 169 px cells; (1242 - 7 * 169) / 2 is exactly 29.5 px, but the app's
        // doubles give 29.49999999999994, so its left inset is 29 px, not 30: we follow the app.
        let tie = LayoutPreset.weibo.grid.columnGeometry(screenWidth: 414, scale: 3)
        #expect(abs(tie.left * 3 - 29) < 1e-9 && abs(tie.cellWidth * 3 - 169) < 1e-9)
        let metrics = LayoutPreset.weibo.metrics
        let grid = LayoutPreset.weibo.grid
        #expect(metrics.keyboardHeight(grid: grid) == 216 && metrics.gridTop == 5 && metrics.pageControlTop(grid: grid) == 150)
        #expect(metrics.tabBarHeight == 37 && metrics.tabBarTop(grid: grid) == 179 && metrics.pageControlHeight == 20)
    }

    @Test func classicIsTheDefaultAndKeepsItsGeometry() {
        #expect(LayoutPreset.classic.grid == GridSpec() && LayoutPreset.classic.metrics == KeyboardMetrics())
        #expect(LayoutPreset(name: "seed004") == .classic && LayoutPreset(name: "weibo") == .weibo && LayoutPreset(name: "Weibo") == nil)
        let metrics = KeyboardMetrics()
        #expect(metrics.pageControlTop(grid: GridSpec()) == 200 && metrics.tabBarTop(grid: GridSpec()) == 230)
        // The classic grid ignores the scale.
        #expect(PageLayout(grid: GridSpec(), screenWidth: 375, scale: 3).frame(row: 2, column: 3) == Frame(x: 140.625, y: 100, width: 46.875, height: 50))
    }

    @Test func insetsAndSpacingDescribeOtherKeyboards() {
        // 6 columns in 390 pt with 12 pt side insets, 4 pt between columns and 6 pt between rows:
        // cells (390 - 24 - 20) / 6 = 57.667 pt wide.
        let grid = GridSpec(
            columns: 6, rows: 3, rowHeight: 44, iconSize: 30, insets: EdgeInsets(top: 8, left: 12, bottom: 4, right: 12),
            columnSpacing: 4, rowSpacing: 6)
        let height: Double = 8 + 3 * 44 + 2 * 6 + 4
        #expect(grid.gridHeight == height)
        let layout = PageLayout(grid: grid, screenWidth: 390)
        let frame = layout.frame(row: 2, column: 5)
        let cell = (390.0 - 24 - 20) / 6
        let expectedX: Double = 12 + 5 * (cell + 4)
        #expect(abs(frame.x - expectedX) < 1e-9)
        #expect(frame.y == 108 && abs(frame.width - cell) < 1e-12)
        #expect(abs(frame.x + frame.width - 378) < 1e-9)
        let rect = SheetGeometry(layout: layout, scale: 2).spriteRect(row: 0, column: 0, width: 60, height: 60)
        let centre: Double = (12 + cell / 2) * 2 - 30
        #expect(rect.x == Int(centre.rounded(.down)) && rect.y == 16 + 14)
        #expect(GridSpec(insets: EdgeInsets(left: -1)).problem != nil)
        #expect(GridSpec(insets: EdgeInsets(left: 200, right: 200)).problem(screenWidth: 375) != nil)
        #expect(KeyboardMetrics(gridTop: 10, keyboardHeight: 200).problem(grid: GridSpec()) != nil)
    }
}
