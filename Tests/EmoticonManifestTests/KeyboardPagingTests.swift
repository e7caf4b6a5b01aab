import EmoticonManifest
import Foundation
import Testing

/// The paging grid as a scroll view shows it: which page an offset shows, which pages a view
/// builds, and touches that land on the page under the finger, settled or not.
struct KeyboardPagingTests {
    /// A keyboard 200 points wide whose first tab has `pages` pages (7 emoticons a page).
    static func model(pages: Int = 5, width: Double = 200) throws -> (EmoticonKeyboardModel, URL) {
        let folder = try KeyboardOutputFixture.temporaryFolder()
        let texts = (0..<(pages * 7)).map { "[\($0)]" }
        try KeyboardOutputFixture.writeOutputFolder(KeyboardOutputFixture.manifest(faceTexts: texts), to: folder)
        let files = try EmoticonKeyboardFiles(folder: folder)
        return (try EmoticonKeyboardModel(files: files, width: width, screenScale: 2, recentStore: InMemoryRecentStore()), folder)
    }

    @Test func anOffsetShowsTheNearestPageWithinTheTab() throws {
        var (model, folder) = try Self.model()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(model.pageCount == 5 && model.scrollOffset(ofPage: 3) == 600)
        let pages = [0.0, 99, 101, 200, 250, 799, 800, 5000, -60, -1e300, 1e300].map { model.page(atScrollOffset: $0) }
        #expect(pages == [0, 0, 1, 1, 1, 4, 4, 4, 0, 0, 4])
        model.show(page: 2)
        #expect(model.page(atScrollOffset: .nan) == 2 && model.page(atScrollOffset: .infinity) == 2)
        // A slow swipe ends without deceleration: the view passes the offset where the drag ended.
        model.scroll(toOffset: 600)
        #expect(model.page == 3)
        model.select(.tab(1))
        #expect(model.page(atScrollOffset: 600) == 0)
    }

    /// A view builds the page in sight and one either side, never the whole tab: a 60-page emoji
    /// tab holds three pages' views and sheets.
    @Test func aViewBuildsThePageInSightAndItsNeighbours() throws {
        let (model, folder) = try Self.model(pages: 60)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(model.pageCount == 60)
        #expect(model.pagesToBuild(atScrollOffset: 0) == 0..<2)
        #expect(model.pagesToBuild(atScrollOffset: 200 * 30) == 29..<32)
        // Mid-swipe between pages 30 and 31, both in sight, both built (either side of half way).
        #expect(model.pagesToBuild(atScrollOffset: 200 * 30 + 60) == 29..<32)
        #expect(model.pagesToBuild(atScrollOffset: 200 * 30 + 140) == 30..<33)
        #expect(model.pagesToBuild(atScrollOffset: 200 * 59 + 80) == 58..<60)
        #expect(model.pagesToBuild(atScrollOffset: -80) == 0..<2)
        let (small, other) = try Self.model(pages: 1)
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(small.pagesToBuild(atScrollOffset: 0) == 0..<1)
    }

    /// The view's long press comes before the model hears that the scroll view stopped (a swipe
    /// released without velocity never decelerates): with the scroll view's offset, the touch
    /// lands on the page under the finger, not the page before.
    @Test func aTouchLandsOnThePageUnderTheFinger() throws {
        let (model, folder) = try Self.model()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(model.page == 0)
        let point = CGPoint(x: 1, y: 1)  // the first key of whichever page is in sight
        let second = model.keys(page: 1)[0]
        #expect(model.action(at: point, gesture: .longPress) == .showPreview(model.keys(page: 0)[0].emoticon!, from: model.keys(page: 0)[0].frame))
        #expect(model.action(at: point, gesture: .longPress, pagesScrollOffset: 200) == .showPreview(second.emoticon!, from: second.frame))
        #expect(model.action(at: point, gesture: .tap, pagesScrollOffset: 200) == .insert(second.emoticon!))
        // Mid-swipe, page 1 from x 60 on: its first key right of 60, page 0's fourth left of it.
        #expect(model.action(at: CGPoint(x: 61, y: 1), gesture: .tap, pagesScrollOffset: 140) == .insert(second.emoticon!))
        #expect(model.action(at: CGPoint(x: 59, y: 1), gesture: .tap, pagesScrollOffset: 140) == .insert(model.keys(page: 0)[3].emoticon!))
        // Past either end (a bounce), or a non-finite offset: nothing.
        #expect(model.action(at: point, gesture: .tap, pagesScrollOffset: -100) == nil)
        #expect(model.action(at: point, gesture: .tap, pagesScrollOffset: 1000) == nil)
        #expect(model.action(at: point, gesture: .tap, pagesScrollOffset: .nan) == nil)
    }

    /// Three tabs on a keyboard 100 points wide: each item is as wide as the bar is tall (37), 111
    /// points in all, so the bar scrolls and a touch is on the item under it at the bar's offset.
    @Test func aTouchOnAScrolledTabBar() throws {
        let (model, folder) = try Self.model(width: 100)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(model.tabBarItems.map(\.frame.width) == [37, 37, 37])
        #expect(model.action(at: CGPoint(x: 70, y: 140), gesture: .tap) == .selectTab(.tab(1)))
        #expect(model.action(at: CGPoint(x: 70, y: 140), gesture: .tap, tabBarScrollOffset: 11) == .selectTab(.recent))
        #expect(model.action(at: CGPoint(x: 99, y: 140), gesture: .tap, tabBarScrollOffset: 11) == .selectTab(.recent))
        #expect(model.action(at: CGPoint(x: 99, y: 140), gesture: .tap, tabBarScrollOffset: 20) == nil)
    }
}

extension KeyboardPagingTests {
    /// The popup sits over the key, centred, inside the keyboard at either edge.
    @Test func thePopupSitsOverTheKeyInsideTheKeyboard() throws {
        let (model, folder) = try Self.model()
        defer { try? FileManager.default.removeItem(at: folder) }
        let side = 32.0 + 12  // the fixture's iconSize + 12
        let middle = Manifest.Rect(x: 50, y: 50, width: 50, height: 50)
        #expect(model.popupFrame(over: middle, choices: 1) == Manifest.Rect(x: 75 - side / 2, y: 50 - side, width: side, height: side))
        #expect(model.popupFrame(over: Manifest.Rect(x: 0, y: 0, width: 50, height: 50), choices: 2) == Manifest.Rect(x: 0, y: 0, width: 2 * side, height: side))
        #expect(model.popupFrame(over: Manifest.Rect(x: 150, y: 50, width: 50, height: 50), choices: 2).x == 200 - 2 * side)
        #expect(model.popupFrame(over: middle, choices: 6) == Manifest.Rect(x: 0, y: 50 - side, width: 6 * side, height: side))  // wider than the keyboard: from its left edge
    }
}
