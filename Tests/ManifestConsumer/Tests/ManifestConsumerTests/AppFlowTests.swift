import EmoticonManifest
import Foundation
import Testing

/// An iOS app's whole flow over a real emokit output (EMOKIT_OUTPUT, the sample packs with
/// `--xcassets --web`), as the app's code would run it, at an iPhone's width (393 pt) and an
/// iPad's (834 pt): open the output where the app copied it (a folder reference, a flattened copy,
/// the asset catalog), page through every tab, tap, insert at a caret in the middle of a text,
/// delete a whole emoticon before the caret with the returned NSRange, segment a received message,
/// and Recent after a rebuild that prepended an entry (EMOKIT_REBUILT: the same packs, a new first
/// emoticon in `faces`).
struct AppFlowTests {
    static let output = GeneratedManifestTests.output
    static let widths = [393.0, 834.0]

    /// A temporary "app bundle" (the caller removes it).
    static func temporaryBundle() throws -> URL {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("Consumer-\(UUID().uuidString).app")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        return bundle
    }

    /// Every file under `folder`, copied into `bundle` by name alone, as Xcode copies a group.
    static func flatten(_ folder: URL, into bundle: URL, keep: (String) -> Bool = { _ in true }) throws {
        let root = folder.standardizedFileURL.path + "/"
        for case let file as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])! {
            guard (try file.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let relative = String(file.standardizedFileURL.path.dropFirst(root.count))
            guard keep(relative) else { continue }
            let target = bundle.appendingPathComponent(file.lastPathComponent)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: file, to: target)
        }
    }

    /// A PNG's size from its IHDR chunk.
    static func pngSize(_ url: URL) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](try Data(contentsOf: url).prefix(24))
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    /// A folder reference (`App.app/Emoticons/...`): every sheet is found where the manifest says,
    /// each is the sheet the manifest was written with, and every key's sprite lies inside it.
    @Test(arguments: widths) func folderReferencePagesThroughEveryTab(width: Double) throws {
        let bundle = try Self.temporaryBundle()
        defer { try? FileManager.default.removeItem(at: bundle) }
        try FileManager.default.copyItem(at: Self.output, to: bundle.appendingPathComponent("Emoticons"))
        do {
            let files = try EmoticonKeyboardFiles(folder: bundle.appendingPathComponent("Emoticons"), screenWidth: width)
            #expect(files.arrangement == .outputFolder)
            var model = try EmoticonKeyboardModel(files: files, width: width, screenScale: 3, recentStore: InMemoryRecentStore())
            var keysSeen = 0
            for item in model.tabBarItems where item.selection != .recent {
                model.select(item.selection)
                guard case .tab(let tab) = item.selection else { continue }
                #expect(item.icon != nil && item.frame.width >= 37)
                for page in 0..<model.pageCount {
                    model.show(page: page)
                    let keys = model.keys()
                    #expect(keys.count == files.keyboard.tabs[tab].pages[page].buttons.count && keys.last?.isDelete == true)
                    guard case .file(let sheet) = try #require(files.pageSheet(tab: tab, page: page, scale: 3)) else { continue }
                    #expect(files.keyboard.verifySheet(try Data(contentsOf: sheet), tab: tab, page: page, scale: 3))
                    let size = try Self.pngSize(sheet)
                    for key in keys {
                        #expect(key.frame.x + key.frame.width <= width + 1e-9)
                        guard let sprite = key.sprite, let icon = key.iconRect else { continue }
                        #expect(key.sheet == .file(sheet))
                        #expect(sprite.x >= 0 && sprite.y >= 0 && sprite.x + sprite.width <= size.width && sprite.y + sprite.height <= size.height)
                        #expect(icon.x >= key.frame.x && icon.x + icon.width <= key.frame.x + key.frame.width + 1e-9)
                        #expect(abs((icon.x * 3).rounded() - icon.x * 3) < 1e-9 && abs((icon.y * 3).rounded() - icon.y * 3) < 1e-9)
                        keysSeen += 1
                    }
                    // A tap at every key's centre is that key's action.
                    for key in keys {
                        let centre = CGPoint(x: key.frame.x + key.frame.width / 2, y: model.gridFrame.y + key.frame.y + key.frame.height / 2)
                        let expected: KeyboardAction = key.emoticon.map { .insert($0) } ?? .delete
                        #expect(model.action(at: centre, gesture: .tap) == expected)
                        // As EmoticonKeyboardView makes it: the scroll view's offset says the page.
                        #expect(model.action(at: centre, gesture: .tap, pagesScrollOffset: model.scrollOffset(ofPage: page)) == expected)
                    }
                    let offset = model.scrollOffset(ofPage: page)
                    #expect(model.page(atScrollOffset: offset) == page && model.pagesToBuild(atScrollOffset: offset).contains(page))
                    #expect(model.pagesToBuild(atScrollOffset: offset).count <= 3)
                }
            }
            #expect(keysSeen > 100)
        }
    }

    /// Flattened into the bundle, the sample output's tabs each have a `page-000@2x.png`: opening
    /// refuses with the file's name instead of drawing blank or wrong pages.
    @Test func aFlattenedCopyOfTheWholeOutputIsRefusedNamingTheFile() throws {
        let bundle = try Self.temporaryBundle()
        defer { try? FileManager.default.removeItem(at: bundle) }
        try Self.flatten(Self.output, into: bundle)
        do {
            let error = #expect(throws: EmoticonKeyboardFilesError.self) { try EmoticonKeyboardFiles(folder: bundle) }
            guard case .sameNameInFlatCopy(let name, let paths) = error else {
                Issue.record("expected the flattened copy's clash, got \(String(describing: error))")
                return
            }
            #expect(name == "page-000@2x.png" && paths.count >= 3)
            #expect("\(error!)".hasPrefix("sheets/") && "\(error!)".contains("folder reference"))
        }
    }

    /// An app that ships one tab's sheets flattened (no two share a name) loads every sheet, and
    /// each file found is that page's sheet (its SHA-256 is the manifest's).
    @Test(arguments: widths) func aFlattenedCopyWithUniqueNamesLoadsEverySheet(width: Double) throws {
        let keyboard = try EmoticonKeyboard(contentsOf: try GeneratedManifestTests.manifestURLs()[0])
        var manifest = keyboard.manifest
        manifest.tabs = manifest.tabs.filter { $0.id == "faces" }
        let bundle = try Self.temporaryBundle()
        defer { try? FileManager.default.removeItem(at: bundle) }
        try Self.flatten(Self.output, into: bundle) { $0.hasPrefix("sheets/faces/") || $0.hasPrefix("sheets/tab-icons") }
        try manifest.jsonData().write(to: bundle.appendingPathComponent("\(manifest.screenWidth).json"))
        do {
            let files = try EmoticonKeyboardFiles(folder: bundle, screenWidth: width)
            #expect(files.arrangement == .flattened)
            for page in manifest.tabs[0].pages.indices {
                for scale in manifest.scales {
                    guard case .file(let url) = try #require(files.pageSheet(tab: 0, page: page, scale: scale)) else { continue }
                    #expect(url.deletingLastPathComponent().standardizedFileURL.path == bundle.standardizedFileURL.path)
                    #expect(files.keyboard.verifySheet(try Data(contentsOf: url), tab: 0, page: page, scale: scale))
                }
            }
            let model = try EmoticonKeyboardModel(files: files, width: width, screenScale: 2)
            #expect(model.keys().contains { $0.emoticon?.text == "[哈哈]" })
        }
    }

    /// The asset catalog: pages and tab icons by image set (checked against the catalog's folders),
    /// skin-tone variants from the output folder beside it.
    @Test func theAssetCatalogHasEveryImageSet() throws {
        let catalog = Self.output.appendingPathComponent("Emoticons.xcassets")
        let url = try GeneratedManifestTests.manifestURLs()[0]
        let exists = { (name: String) in FileManager.default.fileExists(atPath: catalog.appendingPathComponent(name + ".imageset/Contents.json").path) }
        let files = try EmoticonKeyboardFiles(manifest: url, assetCatalog: exists, variantsFolder: Self.output)
        #expect(files.pageSheet(tab: 0, page: 0, scale: 2) == .imageSet(files.keyboard.tabs[0].id + "/page-000"))
        #expect(throws: EmoticonKeyboardFilesError.self) { try EmoticonKeyboardFiles(manifest: url, assetCatalog: { _ in false }, variantsFolder: Self.output) }
    }

    /// Typing: a tap inserts at a caret in the middle of the text, delete removes the whole
    /// emoticon before the caret, both as NSRange edits; a received message is cut into segments.
    @Test(arguments: widths) func insertDeleteAndSegment(width: Double) throws {
        let files = try EmoticonKeyboardFiles(folder: Self.output, screenWidth: width)
        var model = try EmoticonKeyboardModel(files: files, width: width, screenScale: 2)
        let haha = try #require(model.keys().first { $0.emoticon?.text == "[哈哈]" })
        let tap = CGPoint(x: haha.frame.x + 1, y: model.gridFrame.y + haha.frame.y + 1)
        let action = try #require(model.action(at: tap, gesture: .tap))
        var text = "今天好开心", selection = NSRange(location: 2, length: 0)
        let insertEdit = model.perform(action, text: text, selectedRange: selection)
        let insert = try #require(insertEdit)
        (text, selection) = (insert.applied(to: text), insert.selectedRangeAfter)
        #expect(text == "今天[哈哈]好开心" && selection.location == 6)
        let deleteKey = try #require(model.keys().last)
        let delete = try #require(model.action(at: CGPoint(x: deleteKey.frame.x + 1, y: model.gridFrame.y + deleteKey.frame.y + 1), gesture: .tap))
        #expect(delete == .delete)
        let deletion = model.perform(delete, text: text, selectedRange: selection)
        let edit = try #require(deletion)
        #expect(edit.range == NSRange(location: 2, length: 4) && edit.applied(to: text) == "今天好开心")
        let message = "收到[哈哈]👍🏽了🦖"
        #expect(model.keyboard.segments(in: message).map(\.kind) == [.text, .emoticon, .emoji, .text, .emoji])
        #expect(model.keyboard.segments(in: message).map(\.text).joined() == message)
    }

    /// Recent by what was used: after a rebuild that put a new emoticon first in `faces` (every
    /// position in the tab moved by one), the same emoticons come back, at their new places.
    @Test func recentSurvivesARebuildThatPrependedAnEntry() throws {
        guard let rebuiltPath = ProcessInfo.processInfo.environment["EMOKIT_REBUILT"], !rebuiltPath.isEmpty else {
            Issue.record("set EMOKIT_REBUILT to the rebuilt output (Tests/Scripts/ecosystem-check.sh does)")
            return
        }
        let store = InMemoryRecentStore()
        var before = try EmoticonKeyboardModel(files: try EmoticonKeyboardFiles(folder: Self.output), width: 393, screenScale: 3, recentStore: store)
        let used = ["[哈哈]", "😀", "👍🏽", "[爱你]"].map { before.keyboard.emoticon(forText: $0)! }
        for emoticon in used { _ = before.perform(.insert(emoticon), text: "", selectedRange: NSRange(location: 0, length: 0)) }
        let rebuilt = try EmoticonKeyboardFiles(folder: URL(fileURLWithPath: rebuiltPath))
        #expect(rebuilt.keyboard.tabs[0].pages[0].buttons[0].text == "[新表情]")
        var after = try EmoticonKeyboardModel(files: rebuilt, width: 834, screenScale: 2, recentStore: store)
        after.select(.recent)
        let shown = after.keys().compactMap(\.emoticon)
        #expect(shown.map(\.text) == used.reversed().map(\.text))
        let oldHaha = try #require(used.first), newHaha = try #require(shown.last)
        #expect(newHaha.button.entry == oldHaha.button.entry.map { $0 + 1 })
        #expect(after.keys().allSatisfy { $0.sheet != nil || $0.systemGlyph != nil })
    }
}
