import Checksum
import EmoticonManifest
import Foundation
import Imaging
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// WhatsApp sticker packs end to end: buttons that send a picture (`"sends": "image"`, the file
/// copied unchanged) and type nothing, in the manifest, the Swift library and the web runtime.
struct StickerPackRunTests {
    @Test func stickersSendTheirPictureAndTypeNothing() throws {
        let pack = PackRun.fixtures.appendingPathComponent("WhatsApp/assets")
        let run = try PackRun.generate([pack]) { $0.writeWeb = true }
        let (out, manifest) = (run.out, run.manifest)
        let schemaCheck = try JSONSchema.check(["--schemafile", JSONSchema.schema.path, run.manifestFile.path])
        #expect(schemaCheck.status == 0, "\(schemaCheck.output)")
        #expect(manifest.tabs.map(\.id) == ["assets-Cuppy", "assets-Together-While-Apart"])
        // The tray images are the tab icons.
        #expect(manifest.tabs.map { $0.icon?.source } == [.iconFile, .iconFile])
        let stickers = manifest.tabs.map { $0.pages.flatMap(\.buttons).filter { $0.kind == .emoticon } }
        #expect(stickers.map { $0.map(\.name) } == [["01_Cuppy_smile", "02_Cuppy_lol", "03_Cuppy_rofl"], ["01_SendingLove", "02_WellDoThisTogether", "03_Heart"]])
        #expect(stickers.joined().allSatisfy { $0.sends == .image && $0.text == nil && $0.textTraditional == nil })
        #expect(stickers[0].map(\.keywords) == [["☕", "🙂"], ["😄", "😀"], ["😆", "😂"]])
        // Each picture is the pack's own file, byte for byte, under its SHA-256.
        let files = [["1/01_Cuppy_smile", "1/02_Cuppy_lol", "1/03_Cuppy_rofl"], ["2/01_SendingLove", "2/02_WellDoThisTogether", "2/03_Heart"]]
        for (buttons, names) in zip(stickers, files) {
            for (button, name) in zip(buttons, names) {
                let source = try Data(contentsOf: pack.appendingPathComponent("\(name).webp"))
                let image = try #require(button.image)
                #expect(image == "images/\(SHA256.hexDigest(source)).webp")
                #expect(try Data(contentsOf: out.appendingPathComponent(image)) == source, "\(name)")
            }
        }
        // The iOS sample's file, the tray images beside the stickers: no image is called unused.
        let ios = try PackRun.generate([PackRun.fixtures.appendingPathComponent("WhatsApp/ios")], out: out.deletingLastPathComponent().appendingPathComponent("ios"))
        #expect(ios.report.warnings.isEmpty, "\(ios.report.warnings)")
        // The output's checksums list the pictures.
        let sums = try String(contentsOf: out.appendingPathComponent("SHA256SUMS"), encoding: .utf8)
        #expect(stickers.joined().allSatisfy { sums.contains("  \($0.image ?? "-")\n") })

        // The Swift library: a tap hands the sticker to the app and types nothing; Recent keeps it by its picture.
        let store = InMemoryRecentStore()
        var model = try EmoticonKeyboardModel(files: try EmoticonKeyboardFiles(folder: out), width: 375, screenScale: 2, recentStore: store)
        let key = model.keys()[1]
        let sticker = try #require(key.emoticon)
        let point = CGPoint(x: key.frame.x + 1, y: key.frame.y + 1)
        #expect(sticker.sendsImage && sticker.text.isEmpty)
        #expect(model.action(atPagePoint: point, page: 0, gesture: .tap) == .sendImage(sticker))
        #expect(model.action(atPagePoint: point, page: 0, gesture: .longPress) == .showPreview(sticker, from: key.frame))
        #expect(model.keyboard.imageURL(for: sticker) == out.appendingPathComponent(try #require(stickers[0][1].image)))
        #expect(model.perform(.sendImage(sticker), text: "hi", selectedRange: NSRange(location: 2, length: 0)) == nil)
        let saved = try JSONDecoder().decode([RecentEmoticon].self, from: try #require(store.loadRecent()))
        let picture = try #require(stickers[0][1].image).dropFirst("images/".count).dropLast(".webp".count)
        #expect(saved == [.init(tab: "assets-Cuppy", text: "02_Cuppy_lol", image: String(picture))])
        model.select(.recent)
        #expect(model.keys().compactMap(\.emoticon).map(\.name) == ["02_Cuppy_lol"])

        // The web runtime's data: no text, the picture relative to web/; search finds a sticker by an emoji.
        let script = """
            import { data, search } from \(String(reflecting: out.appendingPathComponent("web/emoticons.mjs").path));
            const e = data.tabs[0].entries[0];
            console.log(JSON.stringify([e.text, e.sends, e.image, search("😂").map((r) => r.entry.name), search("03_heart").map((r) => r.entry.name)]));
            """
        let node = try Subprocess.tool("node", ["--input-type=module", "-e", script])
        #expect(node.status == 0, "\(node.stderr)")
        let expected = #"["","image","../\#(stickers[0][0].image ?? "")",["03_Cuppy_rofl"],["03_Heart"]]"#
        #expect(node.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == expected)
    }

    /// A sticker's copy is named for what it holds: the iOS sample's PNG stickers are written
    /// `.png`, a PNG renamed `.webp` too, its WebP stickers `.webp`.
    @Test func aStickersCopyIsNamedForWhatItsBytesAre() throws {
        let folder = try PackRun.copy(fixture: "WhatsApp/ios", as: "ios")
        // A PNG under a WebP's name.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("03_Heart.webp"))
        try FileManager.default.copyItem(at: folder.appendingPathComponent("tray_Cuppy.png"), to: folder.appendingPathComponent("03_Heart.webp"))
        let run = try PackRun.generate([folder])
        let (out, manifest) = (run.out, run.manifest)
        let images = manifest.tabs.map { $0.pages.flatMap(\.buttons).compactMap(\.image) }
        let names = [["01_Cuppy_smile.png", "02_Cuppy_lol.png", "03_Cuppy_rofl.png"], ["01_SendingLove.webp", "02_WellDoThisTogether.webp", "03_Heart.webp"]]
        let expected = names.map {
            $0.map { name in
                let data = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
                return "images/\(SHA256.hexDigest(data)).\(data.starts(with: [0x89, 0x50]) ? "png" : "webp")"
            }
        }
        #expect(images == expected)
        #expect(images[0].allSatisfy { $0.hasSuffix(".png") } && images[1].last?.hasSuffix(".png") == true && images[1][0].hasSuffix(".webp"))
        for (image, name) in zip(images.joined(), names.joined()) {
            #expect(try Data(contentsOf: out.appendingPathComponent(image)) == Data(contentsOf: folder.appendingPathComponent(name)), "\(name)")
        }
    }

    /// A damaged WebP sticker is named by its key, `image_file`, never a plist's `png`.
    @Test func aDamagedStickerIsNamedByItsKey() throws {
        let folder = try PackRun.copy(fixture: "WhatsApp/assets", as: "wa")
        try Data("RIFF\u{10}\0\0\0WEBPgarbagegarbage".utf8).write(to: folder.appendingPathComponent("1/01_Cuppy_smile.webp"))
        do {
            _ = try PackRun.generate([folder], out: folder.deletingLastPathComponent().appendingPathComponent("out"))
            Issue.record("a damaged sticker must stop the run")
        } catch let error as GenerationError {
            #expect(
                error.diagnostics(.error).map(Printed.text) == [
                    #"wa/contents.json: sticker_packs[0].stickers[0]: image_file: wa/1/01_Cuppy_smile.webp: corrupt WebP: the image data is damaged (libwebp cannot decode it)"#
                ])
        }
    }
}
