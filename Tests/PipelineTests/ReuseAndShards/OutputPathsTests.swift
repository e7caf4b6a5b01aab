import KeyboardLayout
import Testing

@testable import Pipeline

/// The paths a shard record is checked against are the ones the writers use.
struct OutputPathsTests {
    @Test func recordChecksUseTheWritersPaths() {
        // Width 0 is the any-width sheet (`sheets/faces/page-007@3x.png`).
        for (tab, width, page, scale) in [("faces", 375, 0, 2), ("xn----ig9az05g", 4096, 123, 4), ("a.b_c-d", 100, 1000, 1), ("faces", AnyWidthSheet.width, 7, 3)] {
            #expect(OutputPaths.page(tab: tab, width: width, page: page, scale: scale) == Generator.sheetPath(tab: tab, width: width, page: page, scale: scale))
            #expect(OutputPaths.variants(tab: tab, sheet: page, scale: scale) == VariantSheets.path(tabID: tab, sheet: page, scale: scale))
            #expect(OutputPaths.isTabIconStrip(TabIcons.sheetPath(scale: scale), scale: scale))
        }
        #expect(OutputPaths.page(tab: "faces", width: AnyWidthSheet.width, page: 7, scale: 3) == "sheets/faces/page-007@3x.png")
        #expect(!OutputPaths.isTabIconStrip("sheets/tab-icons@2x.png/../../x@2x.png", scale: 2))
        #expect(!OutputPaths.isAnimation("animations/../../etc/passwd.gif"))
        #expect(OutputPaths.isAnimation("animations/" + String(repeating: "ab", count: 32) + ".gif"))
    }
}
