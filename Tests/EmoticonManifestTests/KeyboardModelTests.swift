import EmoticonManifest
import Foundation
import Testing

/// The keyboard model a view binds to: tabs and pages, keys and their pictures, touches to
/// actions, the text edits, Recent, and VoiceOver's words.
struct KeyboardModelTests {
    static func model(width: Double = 200, screenScale: Double = 3, store: RecentEmoticonStore? = InMemoryRecentStore(), locale: String? = nil) throws -> (EmoticonKeyboardModel, URL) {
        let folder = try KeyboardOutputFixture.temporaryFolder()
        try KeyboardOutputFixture.writeOutputFolder(KeyboardOutputFixture.manifest(locale: locale), to: folder)
        let files = try EmoticonKeyboardFiles(folder: folder)
        return (try EmoticonKeyboardModel(files: files, width: width, screenScale: screenScale, recentStore: store), folder)
    }

    @Test func tabsPagesAndTheTabBar() throws {
        var (model, folder) = try Self.model()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(model.selectedTab == .tab(0) && model.page == 0 && model.pageCount == 2 && model.layout.scale == 3)
        let items = model.tabBarItems
        #expect(items.map(\.selection) == [.tab(0), .tab(1), .recent])
        #expect(items.map(\.title) == ["表情", "Emoji", "最近使用"])
        #expect(items.map(\.frame.x) == [0, 200 / 3.0, 400 / 3.0] && items.allSatisfy { $0.frame.y == 130 && $0.frame.height == 37 })
        #expect(items[0].isSelected && !items[1].isSelected)
        #expect(items[1].icon == .file(folder.appendingPathComponent("sheets/tab-icons@3x.png")) && items[1].iconSprite?.x == 72)
        model.show(page: 5)
        #expect(model.page == 1)
        model.show(page: -1)
        #expect(model.page == 0)
        model.show(page: 1)
        model.select(.tab(1))
        #expect(model.selectedTab == .tab(1) && model.page == 0 && model.pageCount == 1)
        model.select(.tab(7))
        #expect(model.selectedTab == .tab(1))
        // A touch on the tab bar selects; the page control is no key.
        #expect(model.action(at: CGPoint(x: 199, y: 140), gesture: .tap) == .selectTab(.recent))
        #expect(model.action(at: CGPoint(x: 10, y: 110), gesture: .tap) == nil)
        // No store: no Recent tab.
        let (plain, other) = try Self.model(store: nil)
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(plain.tabBarItems.map(\.selection) == [.tab(0), .tab(1)] && plain.recent == nil)
    }

    /// Keys at two widths: the frames share the width, each icon is centred on whole device pixels
    /// and drawn from its page's sheet at the screen's scale.
    @Test(arguments: [393.0, 834.0]) func keysAtTheDevicesWidth(width: Double) throws {
        var (model, folder) = try Self.model(width: width, screenScale: 2)
        defer { try? FileManager.default.removeItem(at: folder) }
        model.show(page: 1)
        let keys = model.keys()
        #expect(keys.count == 3 && keys.last?.isDelete == true)
        #expect(keys.map(\.accessibilityLabel) == ["name of [怒]", "name of [赞]", "删除"])
        #expect(keys[1].frame == Manifest.Rect(x: width / 4, y: 0, width: width / 4, height: 50))
        #expect(keys[2].frame.x == width * 3 / 4 && keys[2].frame.y == 50)
        for key in keys {
            let icon = try #require(key.iconRect)
            #expect(icon.width == 32 && (icon.x * 2).rounded() == icon.x * 2)
            #expect(abs(icon.x + 16 - (key.frame.x + key.frame.width / 2)) <= 0.5)
            #expect(key.sheet == .file(folder.appendingPathComponent("sheets/faces/page-001@2x.png")))
        }
        #expect(model.action(at: CGPoint(x: width / 4 + 1, y: 1), gesture: .tap) == .insert(keys[1].emoticon!))
        #expect(model.action(at: CGPoint(x: width - 1, y: 99), gesture: .tap) == .delete)
        #expect(model.action(at: CGPoint(x: width - 1, y: 99), gesture: .longPress) == .deleteRepeatedly)
        #expect(model.action(at: CGPoint(x: width - 1, y: 10), gesture: .tap) == nil)  // an empty cell
        try model.resize(width: 320)
        #expect(model.keys()[1].frame.x == 80 && model.page == 1)
    }

    @Test func longPressOffersSkinTonesOrTheMagnifier() throws {
        var (model, folder) = try Self.model()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(model.action(atPagePoint: CGPoint(x: 1, y: 1), page: 0, gesture: .longPress) == .showPreview(model.keys()[0].emoticon!, from: model.keys()[0].frame))
        model.select(.tab(1))
        let thumbsUp = try #require(model.keys()[0].emoticon)
        guard case .showVariants(let base, let choices, _) = model.action(atPagePoint: CGPoint(x: 1, y: 1), page: 0, gesture: .longPress) else {
            Issue.record("no variants offered")
            return
        }
        #expect(base == thumbsUp && choices.map(\.text) == ["👍", "👍🏽"] && choices[1].name == "thumbs up: medium skin tone")
    }

    /// The app's flow on a text field: insert at a caret in the middle, delete the emoticon before
    /// the caret whole, each as a range edit.
    @Test func insertAndDeleteAsRangeEdits() throws {
        var (model, folder) = try Self.model()
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = "今天好开心"
        var selection = NSRange(location: 2, length: 0)
        let haha = try #require(model.keys()[1].emoticon)
        let insertEdit = model.perform(.insert(haha), text: text, selectedRange: selection)
        let insert = try #require(insertEdit)
        #expect(insert.range == NSRange(location: 2, length: 0) && insert.replacement == "[哈哈]")
        text = insert.applied(to: text)
        selection = insert.selectedRangeAfter
        #expect(text == "今天[哈哈]好开心" && selection == NSRange(location: 6, length: 0))
        let deleteEdit = model.perform(.delete, text: text, selectedRange: selection)
        let delete = try #require(deleteEdit)
        #expect(delete.range == NSRange(location: 2, length: 4))
        #expect(delete.applied(to: text) == "今天好开心" && delete.selectedRangeAfter == NSRange(location: 2, length: 0))
        #expect(model.perform(.delete, text: "", selectedRange: NSRange(location: 0, length: 0)) == nil)
        #expect(model.perform(.selectTab(.tab(1)), text: text, selectedRange: selection) == nil && model.selectedTab == .tab(1))
    }

    /// Recent keeps `{tab, text}` items, most recent first, saved as JSON; after a rebuild that put
    /// a new emoticon first (every position moves), the same emoticons come back.
    @Test func recentSurvivesARebuildThatPrependedAnEntry() throws {
        let store = InMemoryRecentStore()
        var (model, folder) = try Self.model(store: store)
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = model.keys()
        _ = model.perform(.insert(keys[2].emoticon!), text: "", selectedRange: NSRange(location: 0, length: 0))
        _ = model.perform(.insert(keys[0].emoticon!), text: "", selectedRange: NSRange(location: 0, length: 0))
        _ = model.perform(.insert(keys[2].emoticon!), text: "", selectedRange: NSRange(location: 0, length: 0))
        model.select(.tab(1))
        let variant = try #require(model.keyboard.emoticon(forText: "👍🏽"))
        _ = model.perform(.insert(variant), text: "", selectedRange: NSRange(location: 0, length: 0))
        let saved = try JSONDecoder().decode([RecentEmoticon].self, from: try #require(store.loadRecent()))
        #expect(saved == [.init(tab: "emoji", text: "👍🏽"), .init(tab: "faces", text: "[爱你]"), .init(tab: "faces", text: "[哈]")])
        model.select(.recent)
        #expect(model.keys().map(\.accessibilityLabel) == ["thumbs up: medium skin tone", "name of [爱你]", "name of [哈]", "删除"])
        #expect(model.keys()[0].sheet == .file(folder.appendingPathComponent("sheets/emoji/variants/sheet-000@3x.png")))
        #expect(model.keys()[3].sheet == .file(folder.appendingPathComponent("sheets/faces/page-000@3x.png")))
        // On Recent a long press shows the item itself, not its base's tones.
        #expect(model.action(atPagePoint: CGPoint(x: 1, y: 1), page: 0, gesture: .longPress) == .showPreview(variant, from: model.keys()[0].frame))

        // The rebuild: a new emoticon first in faces, [哈] gone.
        let rebuilt = try KeyboardOutputFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: rebuilt) }
        let texts = ["[新]"] + KeyboardOutputFixture.faces.filter { $0 != "[哈]" }
        try KeyboardOutputFixture.writeOutputFolder(KeyboardOutputFixture.manifest(faceTexts: texts), to: rebuilt)
        var after = try EmoticonKeyboardModel(files: try EmoticonKeyboardFiles(folder: rebuilt), width: 200, screenScale: 3, recentStore: store)
        after.select(.recent)
        let shown = after.keys().compactMap(\.emoticon)
        #expect(shown.map(\.text) == ["👍🏽", "[爱你]"])
        #expect(shown[1].button.entry == 2 && shown[1].page == 0)
        #expect(after.recent?.items.count == 3)  // [哈] is kept in case it comes back
        // Bytes that are not a list read as an empty Recent.
        #expect(RecentEmoticons(store: InMemoryRecentStore(data: Data("{".utf8))).items.isEmpty)
    }

    @Test func recentIsCappedAtAPage() throws {
        var (model, folder) = try Self.model()
        defer { try? FileManager.default.removeItem(at: folder) }
        for page in 0..<2 {
            model.show(page: page)
            for key in model.keys() where !key.isDelete { _ = model.perform(.insert(key.emoticon!), text: "", selectedRange: NSRange(location: 0, length: 0)) }
        }
        #expect(model.recent?.items.count == 7)
        #expect(model.recent?.items.first?.text == "[赞]")
    }

    @Test func labelsFollowTheManifestsLocale() throws {
        #expect(KeyboardLabels(locale: nil).delete == "删除" && KeyboardLabels(locale: "cn").page(2) == "第 2 页")
        #expect(KeyboardLabels(locale: "tw").delete == "刪除" && KeyboardLabels(locale: "tw").language == "zh-Hant")
        #expect(KeyboardLabels(locale: "en").page(3) == "Page 3" && KeyboardLabels(locale: "en").recent == "Recent")
        let (model, folder) = try Self.model(locale: "en")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(model.keys().last?.accessibilityLabel == "Delete" && model.tabBarItems.last?.title == "Recent")
    }

    @Test func userDefaultsBackTheStore() throws {
        let suite = "emokit-tests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let store = UserDefaultsRecentStore(defaults: defaults, key: "recent")
        var recent = RecentEmoticons(store: store, limit: 2)
        let keyboard = EmoticonKeyboard(manifest: KeyboardOutputFixture.manifest())
        recent.record(try #require(keyboard.emoticon(forText: "[心]")))
        #expect(RecentEmoticons(store: UserDefaultsRecentStore(defaults: defaults, key: "recent")).items == [.init(tab: "faces", text: "[心]")])
    }
}
