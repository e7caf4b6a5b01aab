import Foundation

/// The paging grid as a horizontal scroll view shows it: page `n` of the selected tab at content
/// offset `n * layout.width`. The view asks the model which page an offset shows and which pages
/// to build, so a view holds three pages, not the sixty of a large emoji tab, and a touch lands on
/// the page under the finger whether the scroll view settled by deceleration or not.
extension EmoticonKeyboardModel {
    /// The content offset (points) at which `page` is shown.
    public func scrollOffset(ofPage page: Int) -> Double { Double(page) * layout.width }

    /// The page a paging scroll view shows at horizontal content offset `offset` (points): the
    /// nearest, clamped to the selected tab's pages (a bounce past either end stays on the end
    /// page). A non-finite offset answers the page shown.
    public func page(atScrollOffset offset: Double) -> Int {
        guard offset.isFinite, layout.width > 0 else { return page }
        let nearest = (offset / layout.width).rounded()
        return Int(min(max(nearest, 0), Double(max(pageCount - 1, 0))))
    }

    /// Shows the page at `offset`: call it whenever the scroll view stops (UIKit's
    /// `scrollViewDidEndDecelerating`, `scrollViewDidEndDragging` without deceleration, the end of a
    /// scrolling animation), so `page` is never the one before a slow swipe.
    public mutating func scroll(toOffset offset: Double) {
        show(page: page(atScrollOffset: offset))
    }

    /// The pages a view keeps built at content offset `offset`: the page nearest and one either
    /// side, within the selected tab's pages; every page in sight is among them, also mid-swipe.
    /// Build these (reusing the views of pages that leave) and drop the rest, with their sheets.
    public func pagesToBuild(atScrollOffset offset: Double) -> Range<Int> {
        let nearest = page(atScrollOffset: offset)
        return max(nearest - 1, 0)..<min(nearest + 2, pageCount)
    }
}
