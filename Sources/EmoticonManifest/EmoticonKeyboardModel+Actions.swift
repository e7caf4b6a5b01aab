import Foundation

/// One key of a page as a view draws it.
public struct KeyboardKey: Equatable, Sendable {
    /// The emoticon a tap inserts; nil for the delete key.
    public let emoticon: Emoticon?
    /// The key's frame in points from its page's top-left corner: the tap target and highlight.
    public let frame: Manifest.Rect
    /// Where the icon is drawn, in points from the page's top-left corner (whole device pixels).
    public let iconRect: Manifest.Rect?
    /// The icon's rect in `sheet`, in pixels at the layout's scale.
    public let sprite: Manifest.PixelRect?
    /// The sheet holding the icon; nil for a key drawn as text or left blank.
    public let sheet: SheetReference?
    /// For an emoji the app draws with the system font (`--system-emoji`): the text to draw.
    public let systemGlyph: String?
    /// What VoiceOver says: the emoticon's name in the manifest's locale, or "删除" / "Delete".
    public let accessibilityLabel: String

    /// True for the delete key.
    public var isDelete: Bool { emoticon == nil }
}

/// One item of the tab bar as a view draws it.
public struct TabBarItem: Equatable, Sendable {
    /// The tab it selects.
    public let selection: EmoticonKeyboardModel.TabSelection
    /// The tab's title (Recent's in the manifest's locale).
    public let title: String
    /// What VoiceOver says.
    public let accessibilityLabel: String
    /// The sheet holding the tab's icon (an asset catalog's whole square, or a strip to cut
    /// `iconSprite` from); nil for Recent and for a tab without an icon (show `title`).
    public let icon: SheetReference?
    /// The icon's rect in the strip, in pixels at the layout's scale; nil for an image set.
    public let iconSprite: Manifest.PixelRect?
    /// The icon's square in points.
    public let iconSize: Double
    /// The item's frame in points from the keyboard's top-left corner: the bar's width shared
    /// equally (as YYKit's keyboard shares it), never narrower than the bar is tall.
    public let frame: Manifest.Rect
    /// True for the selected tab.
    public let isSelected: Bool
}

/// How a key was touched.
public enum KeyboardGesture: Equatable, Sendable {
    /// A tap.
    case tap
    /// A long press (UIKit's default 0.5 s).
    case longPress
}

/// What a touch does, for the view to carry out (`EmoticonKeyboardModel.perform` does the
/// model's part and returns the text edit).
public enum KeyboardAction: Equatable, Sendable {
    /// Insert the emoticon's text (a tap on an emoticon, or a choice in the variants popup).
    case insert(Emoticon)
    /// Hand the emoticon to the app, which sends its picture (a tap on a sticker:
    /// `Emoticon.sendsImage`, the file `EmoticonKeyboard.imageURL(for:)`); nothing is typed.
    case sendImage(Emoticon)
    /// Delete backward once (a tap on the delete key).
    case delete
    /// Delete backward now and again while the finger stays down (a long press on delete).
    case deleteRepeatedly
    /// Show the skin-tone variants popup over `from` (points, page coordinates): `choices` are the
    /// emoticon itself and its variants, in the manifest's order.
    case showVariants(Emoticon, choices: [Emoticon], from: Manifest.Rect)
    /// Show the magnifier over `from` with the emoticon (its `animation` when it has one).
    case showPreview(Emoticon, from: Manifest.Rect)
    /// Select a tab (a touch on the tab bar).
    case selectTab(EmoticonKeyboardModel.TabSelection)
}

/// A change of the text field's text: replace `range` (UTF-16) with `replacement`, then put the
/// caret at `selectedRangeAfter`. `UITextInput.replace(_:withText:)` does both and keeps undo
/// and marked text.
public struct TextEdit: Equatable, Sendable {
    /// The UTF-16 range replaced.
    public let range: NSRange
    /// The text put there ("" for a deletion).
    public let replacement: String

    /// An edit replacing `range` (UTF-16) with `replacement`.
    public init(range: NSRange, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
    /// The selection afterwards: an empty range after the replacement.
    public var selectedRangeAfter: NSRange { NSRange(location: range.location + replacement.utf16.count, length: 0) }

    /// Applies the edit to `text` (what a text view does), for tests and plain strings.
    public func applied(to text: String) -> String {
        (text as NSString).replacingCharacters(in: range, with: replacement)
    }
}

extension EmoticonKeyboardModel {
    /// What a touch at `point` (points from the keyboard's top-left corner) does: a key of the grid,
    /// or a tab bar item; nil for a touch on nothing (a gap, the page control, past the last page).
    /// `pagesScrollOffset` is the paging scroll view's content offset (nil: the page shown, at
    /// rest), so a touch lands on the page under the finger even before the scroll view has said
    /// it stopped; `tabBarScrollOffset` the tab bar's, which scrolls when its items are wider in
    /// all than the keyboard.
    public func action(at point: CGPoint, gesture: KeyboardGesture, pagesScrollOffset: Double? = nil, tabBarScrollOffset: Double = 0) -> KeyboardAction? {
        let x = Double(point.x), y = Double(point.y)
        let grid = gridFrame
        if y >= grid.y && y < grid.y + grid.height {
            let contentX = x + (pagesScrollOffset ?? scrollOffset(ofPage: page))
            guard layout.width > 0, contentX.isFinite else { return nil }
            let touched = (contentX / layout.width).rounded(.down)
            guard touched >= 0, touched < Double(pageCount) else { return nil }
            let page = Int(touched)
            return action(atPagePoint: CGPoint(x: contentX - scrollOffset(ofPage: page), y: y - grid.y), page: page, gesture: gesture)
        }
        let barX = x + tabBarScrollOffset
        if let item = tabBarItems.first(where: { barX >= $0.frame.x && barX < $0.frame.x + $0.frame.width && y >= $0.frame.y && y < $0.frame.y + $0.frame.height }) {
            return .selectTab(item.selection)
        }
        return nil
    }

    /// What a touch at `point` (points from the top-left corner of page `page` of the selected
    /// tab) does; nil outside every key. A long press on an emoji with skin tones offers them
    /// (not on Recent, where the chosen tone is the item), on another emoticon shows the
    /// magnifier, on delete deletes repeatedly.
    public func action(atPagePoint point: CGPoint, page: Int, gesture: KeyboardGesture) -> KeyboardAction? {
        let x = Double(point.x), y = Double(point.y)
        guard let key = keys(page: page).first(where: { x >= $0.frame.x && x < $0.frame.x + $0.frame.width && y >= $0.frame.y && y < $0.frame.y + $0.frame.height })
        else { return nil }
        guard let emoticon = key.emoticon else { return gesture == .tap ? .delete : .deleteRepeatedly }
        guard gesture == .longPress else { return emoticon.sendsImage ? .sendImage(emoticon) : .insert(emoticon) }
        if emoticon.variant == nil, selectedTab != .recent, let variants = emoticon.button.variants, !variants.isEmpty {
            let choices = [emoticon] + variants.map { Emoticon(tab: emoticon.tab, tabID: emoticon.tabID, page: emoticon.page, button: emoticon.button, variant: $0) }
            return .showVariants(emoticon, choices: choices, from: key.frame)
        }
        return .showPreview(emoticon, from: key.frame)
    }

    /// Carries out the model's part of `action` and returns the edit of the text field, if any:
    /// an insertion replaces the selection (and is recorded in Recent), a sent image is recorded
    /// in Recent and edits nothing (the app sends it), a deletion removes the
    /// token before the caret (`rangeToDelete(in:selectedRange:)`), a tab selection selects it.
    /// Popups (`showVariants`, `showPreview`) are the view's; `deleteRepeatedly` returns the first
    /// deletion (call `perform(.delete, ...)` on each repeat).
    public mutating func perform(_ action: KeyboardAction, text: String, selectedRange: NSRange) -> TextEdit? {
        switch action {
        case .insert(let emoticon):
            let keyboard = keyboard
            recent?.record(emoticon, in: keyboard)
            return TextEdit(range: keyboard.rangeToInsert(in: text, selectedRange: selectedRange), replacement: emoticon.text)
        case .sendImage(let emoticon):
            let keyboard = keyboard
            recent?.record(emoticon, in: keyboard)
            return nil
        case .delete, .deleteRepeatedly:
            let range = keyboard.rangeToDelete(in: text, selectedRange: selectedRange)
            return range.length > 0 ? TextEdit(range: range, replacement: "") : nil
        case .selectTab(let tab):
            select(tab)
            return nil
        case .showVariants, .showPreview:
            return nil
        }
    }

    /// Where the skin-tone popup or the magnifier goes (points from the keyboard's top-left
    /// corner) for `choices` choices over the key at `keyFrame` (page coordinates, as
    /// `showVariants` and `showPreview` give it): a row of squares `iconSize + 12` points wide,
    /// centred over the key and above it, kept inside the keyboard.
    public func popupFrame(over keyFrame: Manifest.Rect, choices: Int) -> Manifest.Rect {
        let side = keyboard.manifest.grid.iconSize + 12
        let width = side * Double(max(choices, 1))
        let x = max(min(keyFrame.x + keyFrame.width / 2 - width / 2, layout.width - width), 0)
        return Manifest.Rect(x: x, y: max(gridFrame.y + keyFrame.y - side, 0), width: width, height: side)
    }
}
