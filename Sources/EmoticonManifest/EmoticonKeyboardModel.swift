import Foundation

/// Everything a keyboard view shows and decides, as values a view binds to: the keyboard laid out
/// at the view's width, the selected tab and page, the tab bar, each key with its picture and its
/// VoiceOver label, what a tap or a long press at a point does, the text edit that follows, and
/// Recent. A view (`EmoticonKeyboardUI`'s, or an app's own) only draws these and passes touches
/// back; it decides nothing, so what it does is tested here, on any platform.
///
/// ```swift
/// let files = try EmoticonKeyboardFiles(folder: Bundle.main.url(forResource: "Emoticons", withExtension: nil)!)
/// var model = try EmoticonKeyboardModel(files: files, width: view.bounds.width, screenScale: traitCollection.displayScale,
///                                       recentStore: UserDefaultsRecentStore())
/// if let action = model.action(at: touch, gesture: .tap), let edit = model.perform(action, text: textView.text, selectedRange: textView.selectedRange) {
///     textView.replace(textView.textRange(from: edit.range)!, withText: edit.replacement)   // undo and marked text intact
/// }
/// ```
///
/// Coordinates: `action(at:gesture:)` and the tab bar's frames are in points from the keyboard's
/// top-left corner (the grid at `gridFrame`, the page control at `pageControlFrame`, the tab bar
/// at `tabBarFrame`); a key's frame is in points from its page's top-left corner, as in the
/// manifest. A view that pages with a scroll view passes its content offsets to `action(at:)` and
/// asks `pagesToBuild(atScrollOffset:)` which pages to hold (`EmoticonKeyboardModel+Paging`).
public struct EmoticonKeyboardModel {
    /// A tab of the tab bar: one of the keyboard's tabs (its index in `EmoticonKeyboard.tabs`), or Recent.
    public enum TabSelection: Equatable, Hashable, Sendable {
        /// The keyboard's tab at this index in `EmoticonKeyboard.tabs`.
        case tab(Int)
        /// The Recent tab (present when the model has a Recent store).
        case recent
    }

    /// The keyboard and its checked files.
    public let files: EmoticonKeyboardFiles
    /// The words VoiceOver says, in the manifest's locale.
    public let labels: KeyboardLabels
    /// The keyboard laid out at the current width.
    public private(set) var layout: EmoticonKeyboard.Layout
    /// The selected tab.
    public private(set) var selectedTab: TabSelection
    /// The page shown in the selected tab, from 0.
    public private(set) var page: Int = 0
    /// The Recent list; nil when the model was made without a store (no Recent tab).
    public internal(set) var recent: RecentEmoticons?

    /// The keyboard.
    public var keyboard: EmoticonKeyboard { files.keyboard }

    /// A model showing the first tab's first page, laid out at `width` points on a screen of
    /// `screenScale` (UIKit's `displayScale`) with the sharpest sheets checked in `files`; with
    /// `recentStore`, a Recent tab after the keyboard's tabs. Throws `LayoutError` for a width the
    /// grid cannot be laid out at.
    public init(files: EmoticonKeyboardFiles, width: Double, screenScale: Double, recentStore: RecentEmoticonStore? = nil) throws(EmoticonKeyboard.LayoutError) {
        self.files = files
        labels = KeyboardLabels(locale: files.keyboard.manifest.locale)
        let scales = files.scales.sorted()
        let scale = scales.first { Double($0) >= screenScale - 1e-6 } ?? scales.last ?? 1
        layout = try files.keyboard.layout(width: width, scale: scale)
        let grid = files.keyboard.manifest.grid
        recent = recentStore.map { RecentEmoticons(store: $0, limit: grid.columns * grid.rows - 1) }
        selectedTab = files.keyboard.keyboardTabs.first.map { .tab($0.index) } ?? .recent
    }

    /// Lays the keyboard out again at a new width (rotation, split view); the tab and page stay.
    public mutating func resize(width: Double) throws(EmoticonKeyboard.LayoutError) {
        layout = try keyboard.layout(width: width, scale: layout.scale)
    }

    // MARK: - Tabs and pages

    /// The number of pages of the selected tab (Recent has one).
    public var pageCount: Int {
        guard case .tab(let index) = selectedTab else { return 1 }
        return keyboard.tabs[index].pages.count
    }

    /// Selects `tab` at its first page; a tab that is not in the tab bar is ignored.
    public mutating func select(_ tab: TabSelection) {
        guard tabBarItems.contains(where: { $0.selection == tab }) else { return }
        selectedTab = tab
        page = 0
    }

    /// Shows page `page` of the selected tab, clamped to its pages (a swipe past the last stays there).
    public mutating func show(page: Int) {
        self.page = min(max(page, 0), max(pageCount - 1, 0))
    }

    /// The tab bar's items in order (the keyboard's tabs, then Recent), each with its frame.
    public var tabBarItems: [TabBarItem] {
        var selections = keyboard.keyboardTabs.map { TabSelection.tab($0.index) }
        if recent != nil { selections.append(.recent) }
        let metrics = keyboard.manifest.metrics
        let itemWidth = max(layout.width / Double(max(selections.count, 1)), metrics.tabBarHeight)
        let top = metrics.tabBarTop ?? (metrics.keyboardHeight - metrics.tabBarHeight)
        return selections.enumerated().map { offset, selection in
            let frame = Manifest.Rect(x: Double(offset) * itemWidth, y: top, width: itemWidth, height: metrics.tabBarHeight)
            switch selection {
            case .tab(let index):
                let tab = keyboard.tabs[index]
                let icon = files.tabIcon(tab: index, scale: layout.scale)
                return TabBarItem(
                    selection: selection, title: tab.title, accessibilityLabel: tab.title, icon: icon?.sheet, iconSprite: icon?.sprite,
                    iconSize: tab.icon?.size ?? 0, frame: frame, isSelected: selection == selectedTab)
            case .recent:
                return TabBarItem(
                    selection: selection, title: labels.recent, accessibilityLabel: labels.recent, icon: nil, iconSprite: nil, iconSize: 0,
                    frame: frame, isSelected: selection == selectedTab)
            }
        }
    }

    /// Where the grid, the page control and the tab bar are, in points from the keyboard's top.
    public var gridFrame: Manifest.Rect {
        Manifest.Rect(x: 0, y: keyboard.manifest.metrics.gridTop ?? 0, width: layout.width, height: keyboard.manifest.metrics.gridHeight)
    }
    /// The page control's frame (one dot per page), in points from the keyboard's top.
    public var pageControlFrame: Manifest.Rect {
        let metrics = keyboard.manifest.metrics
        let top = metrics.pageControlTop ?? ((metrics.gridTop ?? 0) + metrics.gridHeight)
        return Manifest.Rect(x: 0, y: top, width: layout.width, height: metrics.pageControlHeight)
    }
    /// The tab bar's frame, in points from the keyboard's top (its items may be wider in total,
    /// then the bar scrolls).
    public var tabBarFrame: Manifest.Rect {
        let metrics = keyboard.manifest.metrics
        return Manifest.Rect(x: 0, y: metrics.tabBarTop ?? (metrics.keyboardHeight - metrics.tabBarHeight), width: layout.width, height: metrics.tabBarHeight)
    }
    /// The keyboard's height in points (`metrics.keyboardHeight`; add the bottom safe-area inset).
    public var height: Double { keyboard.manifest.metrics.keyboardHeight }

    // MARK: - Keys

    /// The keys of page `page` of the selected tab (default: the page shown), in cell order, the
    /// delete key last; empty for a page out of range. The Recent page holds the Recent list's
    /// emoticons, each drawn from its own page's sheet, and the delete key in the last cell.
    public func keys(page: Int? = nil) -> [KeyboardKey] {
        let pageIndex = page ?? self.page
        switch selectedTab {
        case .tab(let tab):
            guard let placed = layout.page(tab: tab, page: pageIndex) else { return [] }
            let sheet = files.pageSheet(tab: tab, page: pageIndex, scale: layout.scale)
            return placed.keys.map { key in
                let emoticon = key.button.kind == .emoticon ? Emoticon(tab: tab, tabID: keyboard.tabs[tab].id, page: pageIndex, button: key.button) : nil
                return KeyboardKey(
                    emoticon: emoticon, frame: key.frame, iconRect: key.iconRect, sprite: key.sprite, sheet: key.sprite == nil ? nil : sheet,
                    systemGlyph: key.button.systemGlyph == true ? key.button.text : nil,
                    accessibilityLabel: emoticon?.name ?? labels.delete)
            }
        case .recent:
            guard pageIndex == 0, let recent else { return [] }
            let cells = layout.cellFrames
            var keys = recent.emoticons(in: keyboard).prefix(cells.count - 1).enumerated().map { cell, emoticon in
                recentKey(emoticon, frame: cells[cell])
            }
            keys.append(deleteKey(frame: cells[cells.count - 1]))
            return keys
        }
    }

    private func recentKey(_ emoticon: Emoticon, frame: Manifest.Rect) -> KeyboardKey {
        let sprite = emoticon.sprite(scale: layout.scale)
        let icon = sprite.map { GridArithmetic.iconPixelRect(in: frame, width: $0.width, height: $0.height, scale: layout.scale) }
        let glyph = (emoticon.variant?.systemGlyph ?? emoticon.button.systemGlyph) == true ? emoticon.text : nil
        return KeyboardKey(
            emoticon: emoticon, frame: frame, iconRect: icon.map { Self.points($0, scale: layout.scale) }, sprite: sprite,
            sheet: sprite == nil ? nil : files.sheet(for: emoticon, scale: layout.scale), systemGlyph: glyph, accessibilityLabel: emoticon.name)
    }

    /// Recent's delete key: the first keyboard tab's delete icon (the same on every page).
    private func deleteKey(frame: Manifest.Rect) -> KeyboardKey {
        for (index, _) in keyboard.keyboardTabs where !keyboard.tabs[index].pages.isEmpty {
            guard let button = keyboard.tabs[index].pages[0].buttons.last(where: { $0.kind == .delete }) else { continue }
            let sprite = button.sprite["\(layout.scale)"]
            let icon = sprite.map { GridArithmetic.iconPixelRect(in: frame, width: $0.width, height: $0.height, scale: layout.scale) }
            return KeyboardKey(
                emoticon: nil, frame: frame, iconRect: icon.map { Self.points($0, scale: layout.scale) }, sprite: sprite,
                sheet: sprite == nil ? nil : files.pageSheet(tab: index, page: 0, scale: layout.scale), systemGlyph: nil, accessibilityLabel: labels.delete)
        }
        return KeyboardKey(emoticon: nil, frame: frame, iconRect: nil, sprite: nil, sheet: nil, systemGlyph: nil, accessibilityLabel: labels.delete)
    }

    static func points(_ rect: Manifest.PixelRect, scale: Int) -> Manifest.Rect {
        let s = Double(scale)
        return Manifest.Rect(x: Double(rect.x) / s, y: Double(rect.y) / s, width: Double(rect.width) / s, height: Double(rect.height) / s)
    }
}
