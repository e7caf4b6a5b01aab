import EmoticonManifest
import Foundation
import Testing

/// Stickers in Recent: a sticker types nothing and its name may repeat (WhatsApp's
/// `accessibility_text` often names two stickers of a pack alike), so Recent remembers it by its
/// picture, the SHA-256 its file is named by, the key the web and Android keyboards store too.
struct RecentStickerTests {
    /// `images/<64 × digit>.webp`: a sticker's content-addressed picture.
    static func picture(_ digit: Int) -> String { "images/" + String(repeating: String(digit), count: 64) + ".webp" }

    /// The fixture keyboard with tab `faces` made stickers named "Cuppy", one per picture of
    /// `pictures`, in order; each picture is written beside the manifest.
    static func output(pictures: [Int]) throws -> URL {
        var manifest = KeyboardOutputFixture.manifest(faceTexts: pictures.map { "[\($0)]" })
        for page in manifest.tabs[0].pages.indices {
            for index in manifest.tabs[0].pages[page].buttons.indices where manifest.tabs[0].pages[page].buttons[index].kind == .emoticon {
                var button = manifest.tabs[0].pages[page].buttons[index]
                let digit = pictures[button.entry ?? 0]
                (button.text, button.name, button.sends, button.image) = (nil, "Cuppy", .image, picture(digit))
                manifest.tabs[0].pages[page].buttons[index] = button
            }
        }
        let folder = try KeyboardOutputFixture.temporaryFolder()
        try KeyboardOutputFixture.writeOutputFolder(manifest, to: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        for digit in pictures { try Data([UInt8(digit)]).write(to: folder.appendingPathComponent(picture(digit))) }
        return folder
    }

    static func model(_ folder: URL, store: RecentEmoticonStore) throws -> EmoticonKeyboardModel {
        try EmoticonKeyboardModel(files: try EmoticonKeyboardFiles(folder: folder), width: 200, screenScale: 3, recentStore: store)
    }

    static func recentPictures(_ model: inout EmoticonKeyboardModel) -> [String?] {
        model.select(.recent)
        return model.keys().compactMap(\.emoticon).map(\.button.image)
    }

    @Test func twoStickersOfOneNameAreTwoItemsThroughARebuildThatPrependsOne() throws {
        let store = InMemoryRecentStore()
        let folder = try Self.output(pictures: [1, 2, 3])
        defer { try? FileManager.default.removeItem(at: folder) }
        var model = try Self.model(folder, store: store)
        let stickers = model.keys().compactMap(\.emoticon)
        #expect(stickers.count == 3 && stickers.allSatisfy { $0.sendsImage && $0.name == "Cuppy" })
        for sticker in [stickers[0], stickers[1]] { _ = model.perform(.sendImage(sticker), text: "", selectedRange: NSRange(location: 0, length: 0)) }
        let saved = try #require(store.loadRecent())
        let one = String(repeating: "1", count: 64), two = String(repeating: "2", count: 64)
        #expect(String(decoding: saved, as: UTF8.self) == #"[{"image":"\#(two)","tab":"faces","text":"Cuppy"},{"image":"\#(one)","tab":"faces","text":"Cuppy"}]"#)
        #expect(Self.recentPictures(&model) == [Self.picture(2), Self.picture(1)])

        // The next build put a new sticker of the same name first: each item finds its own.
        let rebuilt = try Self.output(pictures: [9, 1, 2, 3])
        defer { try? FileManager.default.removeItem(at: rebuilt) }
        var after = try Self.model(rebuilt, store: store)
        #expect(Self.recentPictures(&after) == [Self.picture(2), Self.picture(1)])
        // A sticker gone from the build is left out, never replaced by another of its name.
        let fewer = try Self.output(pictures: [9, 2])
        defer { try? FileManager.default.removeItem(at: fewer) }
        var without = try Self.model(fewer, store: store)
        #expect(Self.recentPictures(&without) == [Self.picture(2)])
    }

    @Test func aStickerStoredByNameAloneStillLoadsAndGivesWayOnlyToTheStickerItFinds() throws {
        let folder = try Self.output(pictures: [1, 2])
        defer { try? FileManager.default.removeItem(at: folder) }
        // Saved by an earlier version: {tab, text: name}, beside another keyboard's item.
        let store = InMemoryRecentStore(data: Data(#"[{"tab":"faces","text":"Cuppy"},{"tab":"other","text":"[x]"}]"#.utf8))
        var model = try Self.model(folder, store: store)
        #expect(Self.recentPictures(&model) == [Self.picture(1)])
        model.select(.tab(0))
        let stickers = model.keys().compactMap(\.emoticon)
        let one = String(repeating: "1", count: 64), two = String(repeating: "2", count: 64)
        // The old item finds the first sticker, not the second: it stays.
        _ = model.perform(.sendImage(stickers[1]), text: "", selectedRange: NSRange(location: 0, length: 0))
        #expect(model.recent?.items == [.init(tab: "faces", text: "Cuppy", image: two), .init(tab: "faces", text: "Cuppy"), .init(tab: "other", text: "[x]")])
        #expect(Self.recentPictures(&model) == [Self.picture(2), Self.picture(1)])
        model.select(.tab(0))
        _ = model.perform(.sendImage(stickers[0]), text: "", selectedRange: NSRange(location: 0, length: 0))
        #expect(
            String(decoding: try #require(store.loadRecent()), as: UTF8.self)
                == #"[{"image":"\#(one)","tab":"faces","text":"Cuppy"},{"image":"\#(two)","tab":"faces","text":"Cuppy"},{"tab":"other","text":"[x]"}]"#)
        #expect(RecentEmoticon.pictureKey("images/\(two).png") == two && RecentEmoticon.pictureKey("../images/\(two).webp") == two)
    }

    @Test func aRenamedStickerIsOneItem() throws {
        let folder = try Self.output(pictures: [1, 2])
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = String(repeating: "1", count: 64)
        // Stored by two builds: the sticker under an old name, then under its name now.
        let store = InMemoryRecentStore(data: Data(#"[{"image":"\#(one)","tab":"faces","text":"Cuppy"},{"image":"\#(one)","tab":"faces","text":"Old"}]"#.utf8))
        var model = try Self.model(folder, store: store)
        #expect(Self.recentPictures(&model) == [Self.picture(1)])
        store.saveRecent(Data(#"[{"image":"\#(one)","tab":"faces","text":"Old"}]"#.utf8))
        model = try Self.model(folder, store: store)
        #expect(Self.recentPictures(&model) == [Self.picture(1)])
        model.select(.tab(0))
        _ = model.perform(.sendImage(try #require(model.keys().compactMap(\.emoticon).first)), text: "", selectedRange: NSRange(location: 0, length: 0))
        #expect(String(decoding: try #require(store.loadRecent()), as: UTF8.self) == #"[{"image":"\#(one)","tab":"faces","text":"Cuppy"}]"#)
    }

    @Test func twoStickersSharingOneFileShowOnce() throws {
        let folder = try Self.output(pictures: [1, 1])
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = String(repeating: "1", count: 64)
        let store = InMemoryRecentStore()
        var model = try Self.model(folder, store: store)
        let stickers = model.keys().compactMap(\.emoticon)
        for sticker in stickers { _ = model.perform(.sendImage(sticker), text: "", selectedRange: NSRange(location: 0, length: 0)) }
        #expect(model.recent?.items == [.init(tab: "faces", text: "Cuppy", image: one)])
        #expect(Self.recentPictures(&model) == [Self.picture(1)])
        // An item by picture and an older one by name finding the same sticker: it shows once.
        store.saveRecent(Data(#"[{"image":"\#(one)","tab":"faces","text":"Gone"},{"tab":"faces","text":"Cuppy"}]"#.utf8))
        var reloaded = try Self.model(folder, store: store)
        #expect(reloaded.recent.map { $0.emoticons(in: reloaded.keyboard) } == [stickers[0]])
        #expect(Self.recentPictures(&reloaded) == [Self.picture(1)])
    }

    @Test func aStoredItemIsReadAlone() throws {
        let stored = #"[{"image":null,"tab":"faces","text":"[1]"},{"image":5,"tab":"faces","text":"[2]"},"junk",null,{"tab":1,"text":"x"},{"tab":"faces","text":"[3]"}]"#
        let recent = RecentEmoticons(store: InMemoryRecentStore(data: Data(stored.utf8)))
        #expect(recent.items == [.init(tab: "faces", text: "[1]"), .init(tab: "faces", text: "[3]")])
        #expect(RecentEmoticons(store: InMemoryRecentStore(data: Data("{}".utf8))).items.isEmpty)
    }
}
