import KeyboardLayout
import Testing

struct PageLayoutTests {
    @Test func seed004GeometryAt320() {
        let grid = GridSpec()
        let layout = PageLayout(grid: grid, screenWidth: 320)
        #expect(PageLayout.pageCount(entries: 100, grid: grid) == 4)
        for page in 0..<4 {
            let buttons = layout.buttons(page: page, entryCount: 100)
            for button in buttons {
                #expect(button.frame == Frame(x: Double(40 * button.column), y: Double(50 * button.row), width: 40, height: 50))
            }
            let delete = buttons.last!
            #expect(delete.kind == .delete && delete.row == 3 && delete.column == 7 && delete.cell == 31)
            #expect(buttons.filter { $0.kind == .delete }.count == 1)
        }
        // The last page holds 100 - 3*31 = 7 emoticons, then the delete button in cell 31.
        let last = layout.buttons(page: 3, entryCount: 100)
        #expect(last.count == 8)
        #expect(last.map(\.kind).prefix(7) == (93..<100).map { ButtonKind.emoticon(entry: $0) }[...])
    }

    @Test func pageCounts() {
        let grid = GridSpec()
        #expect(grid.emoticonsPerPage == 31)
        for (entries, pages) in [(0, 0), (1, 1), (31, 1), (32, 2), (62, 2), (63, 3), (216_379, 6980)] {
            #expect(PageLayout.pageCount(entries: entries, grid: grid) == pages)
        }
        // 216,379 = 6979 * 31 + 30: the last of the 6,980 pages holds 30.
        #expect(PageLayout.entries(onPage: 6979, of: 216_379, grid: grid).count == 30)
    }

    @Test func framesAreExactFractions() {
        let layout = PageLayout(grid: GridSpec(), screenWidth: 375)
        #expect(layout.frame(row: 2, column: 3) == Frame(x: 140.625, y: 100, width: 46.875, height: 50))
    }

    @Test func spriteRectsFollowTheBenchSpec() {
        // x = floor(((2c+1)*W*S - 8*iw)/16), y = row*50*S + floor((50*S - ih)/2)
        let g2 = SheetGeometry(layout: PageLayout(grid: GridSpec(), screenWidth: 375), scale: 2)
        #expect(g2.pixelWidth == 750 && g2.pixelHeight == 400 && g2.iconBox == 64)
        #expect(g2.spriteRect(row: 0, column: 0, width: 64, height: 60) == PixelRect(x: 14, y: 20, width: 64, height: 60))
        #expect(g2.spriteRect(row: 3, column: 7, width: 64, height: 64) == PixelRect(x: 671, y: 318, width: 64, height: 64))
        for c in 0..<8 {
            let rect = g2.spriteRect(row: 1, column: c, width: 64, height: 60)
            #expect(rect.x == ((2 * c + 1) * 750 - 8 * 64) / 16)
        }
        let g3 = SheetGeometry(layout: PageLayout(grid: GridSpec(), screenWidth: 414), scale: 3)
        #expect(g3.iconBox == 96 && g3.pixelWidth == 1242 && g3.pixelHeight == 600)
        #expect(g3.spriteRect(row: 0, column: 1, width: 96, height: 90) == PixelRect(x: (3 * 1242 - 8 * 96) / 16, y: 30, width: 96, height: 90))
    }

    @Test func customGridsAndBadGrids() {
        let grid = GridSpec(columns: 7, rows: 3, rowHeight: 44, iconSize: 30)
        #expect(grid.emoticonsPerPage == 20 && grid.problem == nil)
        #expect(PageLayout(grid: grid, screenWidth: 350).buttons(page: 0, entryCount: 50).last!.cell == 20)
        #expect(GridSpec(columns: 1, rows: 1).problem != nil)
        #expect(GridSpec(rowHeight: 20, iconSize: 32).problem != nil)
        #expect(KeyboardColors.normalize("#abc") == "#AABBCC")
        #expect(KeyboardColors.normalize("nope") == nil)
        #expect(KeyboardMetrics().keyboardHeight(grid: GridSpec()) == 267)
    }
}
