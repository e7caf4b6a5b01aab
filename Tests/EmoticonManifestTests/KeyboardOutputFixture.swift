import EmoticonManifest
import Foundation

/// A small output folder as emokit writes it, made in a temporary folder: a 4 x 2 grid (7
/// emoticons a page), tab `faces` with 9 entries (2 pages), tab `emoji` with 👍 and its
/// skin-tone variant 👍🏽 (a variants sheet), a tab icon strip, sheets at @2x and @3x (empty files:
/// these tests check where files are, not their pixels).
enum KeyboardOutputFixture {
    static let faces = ["[哈]", "[哈哈]", "[爱你]", "[心]", "[ok]", "[笑]", "[哭]", "[怒]", "[赞]"]

    static func manifest(faceTexts: [String] = faces, locale: String? = nil) -> Manifest {
        let columns = 4, rows = 2, perPage = 7
        func button(_ text: String?, cell: Int, entry: Int?) -> Manifest.Button {
            let column = cell % columns, row = cell / columns
            return Manifest.Button(
                kind: text == nil ? .delete : .emoticon, index: cell, row: row, column: column, entry: entry, text: text,
                name: text.map { "name of \($0)" } ?? "删除", textTraditional: nil, codePoints: nil, utf16Length: nil, missingGlyph: nil,
                frame: .init(x: Double(column) * 25, y: Double(row) * 50, width: 25, height: 50),
                sprite: [
                    "2": .init(x: column * 68 + 2, y: row * 68 + 2, width: 64, height: 64), "3": .init(x: column * 102 + 3, y: row * 102 + 3, width: 96, height: 96),
                ])
        }
        func pages(tab: String, texts: [String]) -> [Manifest.Page] {
            stride(from: 0, to: texts.count, by: perPage).enumerated().map { pageIndex, start in
                let slice = Array(texts[start..<min(start + perPage, texts.count)])
                var buttons = slice.enumerated().map { cell, text in button(text, cell: cell, entry: start + cell) }
                buttons.append(button(nil, cell: columns * rows - 1, entry: nil))
                let name = String(format: "page-%03d", pageIndex)
                return Manifest.Page(
                    index: pageIndex, sheets: ["2": "sheets/\(tab)/\(name)@2x.png", "3": "sheets/\(tab)/\(name)@3x.png"],
                    sheetHashes: [:], buttons: buttons, imageSet: "\(tab)/\(name)")
            }
        }
        var emojiPages = pages(tab: "emoji", texts: ["👍", "😀"])
        emojiPages[0].buttons[0].variants = [
            Manifest.Variant(
                text: "👍🏽", name: "thumbs up: medium skin tone", sheet: ["2": "sheets/emoji/variants/sheet-000@2x.png", "3": "sheets/emoji/variants/sheet-000@3x.png"],
                sprite: ["2": .init(x: 0, y: 0, width: 64, height: 64), "3": .init(x: 0, y: 0, width: 96, height: 96)])
        ]
        func icon(_ slot: Int, _ tab: String) -> Manifest.TabIcon {
            var icon = Manifest.TabIcon(
                source: .firstEmoticon, size: 24, sheets: ["2": "sheets/tab-icons@2x.png", "3": "sheets/tab-icons@3x.png"],
                sprite: ["2": .init(x: slot * 48, y: 0, width: 48, height: 48), "3": .init(x: slot * 72, y: 0, width: 72, height: 72)])
            icon.imageSet = "\(tab)/tab-icon"
            return icon
        }
        var manifest = Manifest(
            generator: .init(name: "emokit", version: "test"), screenWidth: 100, scales: [2, 3],
            grid: .init(columns: columns, rows: rows, cellWidth: 25, cellHeight: 50, iconSize: 32, emoticonsPerPage: perPage),
            metrics: .init(toolbarHeight: 50, gridHeight: 100, pageControlHeight: 30, tabBarHeight: 37, keyboardHeight: 167, gridTop: 0, pageControlTop: 100, tabBarTop: 130),
            colors: .init(
                background: "#F4F4F6", pageDot: "#CECECE", currentPageDot: "#797979", tabBarBackground: "#FFFFFF", selectedTab: "#E5E5EA",
                dark: .init(background: "#1C1C1E", pageDot: "#48484A", currentPageDot: "#AEAEB2", tabBarBackground: "#2C2C2E", selectedTab: "#3A3A3C")),
            tabs: [
                .init(id: "faces", title: "表情", kind: .image, entryCount: faceTexts.count, pages: pages(tab: "faces", texts: faceTexts), icon: icon(0, "faces")),
                .init(id: "emoji", title: "Emoji", kind: .emoji, entryCount: 2, pages: emojiPages, icon: icon(1, "emoji")),
            ])
        manifest.sheetLayout = .anyWidth
        manifest.locale = locale
        manifest.tabs[1].variantSheets = [
            .init(index: 0, sheets: emojiPages[0].buttons[0].variants![0].sheet, sheetHashes: [:], width: 34, height: 34)
        ]
        return manifest
    }

    /// Writes `manifest` as `<folder>/manifests/100.json` with every file it names.
    static func writeOutputFolder(_ manifest: Manifest = manifest(), to folder: URL) throws {
        let manifests = folder.appendingPathComponent("manifests")
        try FileManager.default.createDirectory(at: manifests, withIntermediateDirectories: true)
        try manifest.jsonData().write(to: manifests.appendingPathComponent("\(manifest.screenWidth).json"))
        var paths: Set<String> = []
        for tab in manifest.tabs {
            for page in tab.pages { paths.formUnion(page.sheets.values) }
            paths.formUnion(tab.icon?.sheets.values ?? [:].values)
            for sheet in tab.variantSheets ?? [] { paths.formUnion(sheet.sheets.values) }
        }
        for path in paths {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: url)
        }
    }

    /// Copies every file under `source` into `target` alone, by file name, as Xcode copies a
    /// group's files into a bundle (a later file of the same name replaces an earlier one).
    static func flatten(_ source: URL, into target: URL) throws {
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let files = FileManager.default.enumerator(at: source, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files.sorted(by: { $0.path < $1.path }) where !file.hasDirectoryPath {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let destination = target.appendingPathComponent(file.lastPathComponent)
            try? FileManager.default.removeItem(at: destination)
            try FileManager.default.copyItem(at: file, to: destination)
        }
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("emokit-keyboard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
