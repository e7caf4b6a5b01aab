import KeyboardLayout
import Testing

/// How many variants a skin-tone sheet holds: per-width output keeps its 16 rows, any-width
/// output as many rows as fit the size the encoder compresses whole.
struct VariantSheetLayoutTests {
    @Test func rowsFittingASizeKeepTheSheetUnderIt() {
        let grid = LayoutPreset.classic.grid
        for scale in 1...4 {
            for bytes in [1, 100_000, 1 << 20, 4 << 20, 64 << 20] {
                let rows = VariantSheetLayout.rows(grid: grid, scale: scale, fittingIn: bytes)
                #expect((1...VariantSheetLayout.perWidthRows).contains(rows))
                let layout = VariantSheetLayout(grid: grid, count: 10_000, rowsPerSheet: rows)
                let size = layout.pixelSize(sheet: 0, scale: scale)
                #expect(size.height == rows * layout.cellPixels(scale: scale))
                // Under the size whenever one row fits it, and one row more would not fit.
                let rowBytes = size.width * 4 + 1
                if rows > 1 || rowBytes * layout.cellPixels(scale: scale) <= bytes { #expect(rowBytes * size.height <= bytes) }
                if rows < VariantSheetLayout.perWidthRows { #expect(rowBytes * (size.height + layout.cellPixels(scale: scale)) > bytes) }
            }
        }
        // The classic grid's 32 pt icons at @3x: 102 px cells, six rows under 4 MiB.
        #expect(VariantSheetLayout.rows(grid: grid, scale: 3, fittingIn: 4 << 20) == 6)
    }

    @Test func variantsFollowOnFromSheetToSheetWhateverTheRows() {
        let grid = LayoutPreset.classic.grid
        let layout = VariantSheetLayout(grid: grid, count: 200, rowsPerSheet: 6)
        #expect(layout.perSheet == 96)
        #expect(layout.sheetCount == 3)
        #expect(layout.variants(onSheet: 2) == 192..<200)
        #expect(layout.sheet(of: 95) == 0 && layout.sheet(of: 96) == 1)
        // The last sheet is as tall as its rows: 8 variants, one row.
        #expect(layout.pixelSize(sheet: 2, scale: 2).height == layout.cellPixels(scale: 2))
        // A variant's place on its sheet starts again at the top left.
        #expect(layout.spriteRect(variant: 96, scale: 2, width: 64, height: 64) == layout.spriteRect(variant: 0, scale: 2, width: 64, height: 64))
        // Per-width output's sheets are as they always were.
        #expect(VariantSheetLayout(grid: grid, count: 200).perSheet == 256)
    }
}
