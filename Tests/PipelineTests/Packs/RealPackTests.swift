import Checksum
import EmoticonManifest
import Foundation
import Imaging
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// Packs as apps ship them, made here by the tests: a YYKit bundle (info.json, additional/,
/// DisplayOnly/), a QQ/WeChat map with @2x-only images and GIFs, a plain folder of images, and
/// broken GIFs. Each is generated end to end and the manifest checked against what the app shows.
struct RealPackTests {
    static let palette = GIFWriter.fourColours

    /// A 40x40 two-frame animation: frame 0 solid palette[first], frame 1 solid palette[second].
    static func gif(first: UInt8, second: UInt8, loop: Int? = 0) -> [UInt8] {
        GIFWriter.encode(
            width: 40, height: 40, palette: palette, loopCount: loop,
            frames: [
                .solid(width: 40, height: 40, index: first, delayCentiseconds: 20), .solid(width: 40, height: 40, index: second, delayCentiseconds: 30),
            ])
    }

    static func run(_ inputs: [URL], out: URL, lenient: Bool = false) throws -> (Generator.Report, Manifest) {
        let run = try PackRun.generate(inputs, out: out) { $0.lenient = lenient }
        return (run.report, run.manifest)
    }

    static func emoticons(_ tab: Manifest.Tab) -> [Manifest.Button] {
        tab.pages.flatMap(\.buttons).filter { $0.kind == .emoticon }
    }

    /// The colour at the centre of a button's sprite in its sheet.
    static func centre(_ out: URL, _ tab: Manifest.Tab, _ button: Manifest.Button, scale: Int = 2) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let page = tab.pages.first { $0.buttons.contains(button) }!
        let sheet = try PNGDecoder().decode(contentsOf: out.appendingPathComponent(page.sheets["\(scale)"]!)).image
        let rect = button.sprite["\(scale)"]!
        return sheet.pixel(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
    }

    static func makeYYKitBundle(at root: URL) throws {
        let p = PackFixtures.self
        try p.writePlist(["packages": [["id": "com.sina.default"], ["id": "com.sina.lxh"]]], to: root.appendingPathComponent("emoticons.plist"))
        let def = root.appendingPathComponent("com.sina.default")
        try p.writePlist(
            [
                "id": "com.sina.default", "group_name_cn": "默认", "group_name_tw": "默認", "group_name_en": "Default",
                "display_only": 0, "group_type": 1,
                "emoticons": [
                    ["chs": "[哈哈]", "cht": "[哈哈]", "png": "d_haha.png", "type": "0"],
                    ["chs": "[嘻嘻]", "png": "d_xixi.png", "gif": "d_xixi.gif", "type": ""],
                    ["chs": "[笑脸]", "code": "0x1f603", "type": ""],
                    ["chs": "[无图]", "type": "0"],
                    ["chs": "[十进制]", "code": "128512", "type": 1],
                    ["chs": "[赞]", "code": "U+1F44D"],
                ],
            ], to: def.appendingPathComponent("info.plist"))
        try p.writePNG(p.icon(size: 64, p.colour(0)), to: def.appendingPathComponent("d_haha@2x.png"))
        try p.writePNG(p.icon(size: 64, p.colour(1)), to: def.appendingPathComponent("d_xixi@2x.png"))
        try p.write(Self.gif(first: 0, second: 1), to: def.appendingPathComponent("d_xixi.gif"))
        // lxh: info.json and a stale info.plist; JSON wins, as in YYKit.
        let lxh = root.appendingPathComponent("com.sina.lxh")
        try p.writePlist(["id": "com.sina.lxh", "group_name_cn": "旧", "emoticons": [["chs": "[旧]", "png": "old.png"]]], to: lxh.appendingPathComponent("info.plist"))
        try p.writeJSON(
            [
                "id": "com.sina.lxh", "group_name_cn": "浪小花", "group_name_en": "lxh", "display_only": 0, "group_type": 0, "version": 2,
                "emoticons": [
                    ["chs": "[lxh1]", "cht": "[lxh1]", "png": "lxh_1.png", "gif": "", "type": 0, "en": "one"],
                    ["chs": "[lxh2]", "png": "lxh_2.png", "type": 0],
                    ["chs": "[动]", "gif": "lxh_move.gif", "type": 0],
                ],
            ], to: lxh.appendingPathComponent("info.json"))
        try p.writePNG(p.icon(size: 64, p.colour(2)), to: lxh.appendingPathComponent("lxh_1@2x.png"))
        try p.writePNG(p.icon(size: 64, p.colour(3)), to: lxh.appendingPathComponent("lxh_2@2x.png"))
        try p.write(Self.gif(first: 2, second: 0, loop: nil), to: lxh.appendingPathComponent("lxh_move.gif"))
        // additional/<group>: newer emoticons, prepended; their images live beside them.
        let add = root.appendingPathComponent("additional/com.sina.default")
        try p.writeJSON(
            ["emoticons": [["chs": "[新]", "png": "new.png", "type": 0], ["chs": "[哈哈]", "png": "haha_new.png", "type": 0]]],
            to: add.appendingPathComponent("info.json"))
        try p.writePNG(p.icon(size: 64, p.colour(4)), to: add.appendingPathComponent("new@2x.png"))
        try p.writePNG(p.icon(size: 64, p.colour(5)), to: add.appendingPathComponent("haha_new@2x.png"))
        try p.writeJSON(["emoticons": [["chs": "[x]", "png": "x.png"]]], to: root.appendingPathComponent("additional/com.sina.nosuch/info.json"))
        // additional/DisplayOnly/<id>: shown in received text only.
        let hidden = root.appendingPathComponent("additional/DisplayOnly/com.sina.hidden")
        try p.writeJSON(
            [
                "id": "com.sina.hidden", "group_name_cn": "隐藏", "display_only": 1,
                "emoticons": [["chs": "[隐1]", "png": "h1.png", "type": 0], ["chs": "[隐2]", "png": "h2.png", "type": 0]],
            ],
            to: hidden.appendingPathComponent("info.json"))
        try p.writePNG(p.icon(size: 64, p.colour(6)), to: hidden.appendingPathComponent("h1@2x.png"))
        try p.writePNG(p.icon(size: 64, p.colour(7)), to: hidden.appendingPathComponent("h2@2x.png"))
    }

    @Test func yykitBundleAsShipped() throws {
        let dir = Fixtures.temporaryDirectory()
        let bundle = dir.appendingPathComponent("EmoticonWeibo.bundle")
        try Self.makeYYKitBundle(at: bundle)
        let out = dir.appendingPathComponent("out")
        let (report, manifest) = try Self.run([bundle], out: out)
        #expect(manifest.tabs.map(\.id) == ["com.sina.default", "com.sina.lxh", "com.sina.hidden"])
        #expect(manifest.tabs.map(\.title) == ["默认", "浪小花", "隐藏"])
        #expect(manifest.tabs.map(\.displayOnly) == [nil, nil, true])
        let def = manifest.tabs[0]
        // additional/ first ([新], the newer [哈哈]), then the group; [无图] (no png) is skipped as
        // YYKit skips it, and the older [哈哈] repeats the newer one.
        #expect(Self.emoticons(def).map(\.text) == ["[新]", "[哈哈]", "[嘻嘻]", "😃", "😀", "👍"])
        #expect(try Self.centre(out, def, Self.emoticons(def)[0]) == (PackFixtures.colour(4).0, PackFixtures.colour(4).1, PackFixtures.colour(4).2, 255))
        #expect(try Self.centre(out, def, Self.emoticons(def)[1]).r == PackFixtures.colour(5).0)
        #expect(def.kind == .mixed)
        let warnings = report.warnings.map(Printed.text).joined(separator: "\n")
        #expect(warnings.contains("com.sina.default/info.plist: entry 3 (\"[无图]\"): skipped: an image entry without png (nor gif) is skipped, as YYKit skips it"))
        #expect(warnings.contains("com.sina.default/info.plist: entry 0 (\"[哈哈]\"): skipped: repeats entry 1 of EmoticonWeibo.bundle/additional/com.sina.default/info.json"))
        #expect(warnings.contains("EmoticonWeibo.bundle/additional/com.sina.nosuch: no group of that id in the bundle; ignored"))
        #expect(!warnings.contains("unknown key"), "YYKit's entry keys (en) are known")
        // [嘻嘻] has type "" and a png: an image, with its animation.
        let xixi = Self.emoticons(def)[2]
        let animation = try #require(xixi.animation)
        #expect(animation.frames == 2 && animation.loopCount == 0 && animation.durationMs == 500 && animation.width == 40 && animation.height == 40)
        let source = try Data(contentsOf: bundle.appendingPathComponent("com.sina.default/d_xixi.gif"))
        #expect(animation.path == "animations/\(SHA256.hexDigest([UInt8](source))).gif")
        #expect(try Data(contentsOf: out.appendingPathComponent(animation.path)) == source)
        // lxh: info.json won over the stale info.plist.
        let lxh = manifest.tabs[1]
        #expect(Self.emoticons(lxh).map(\.text) == ["[lxh1]", "[lxh2]", "[动]"] && lxh.entryCount == 3)
        #expect(Self.emoticons(lxh)[0].animation == nil)
        // [动] has only a GIF: its first frame (palette 2, blue) is the sprite at both scales.
        let moving = Self.emoticons(lxh)[2]
        for scale in [2, 3] {
            let c = try Self.centre(out, lxh, moving, scale: scale)
            #expect(c.r == 20 && c.g == 20 && c.b == 250 && c.a == 255)
        }
        #expect(moving.animation?.loopCount == 1 && moving.animation?.frames == 2)
        // The display-only group still has sprites, so received text can draw it.
        let hidden = manifest.tabs[2]
        #expect(Self.emoticons(hidden).map(\.text) == ["[隐1]", "[隐2]"] && hidden.pages[0].sheets["2"] != nil)
        #expect(try Self.centre(out, hidden, Self.emoticons(hidden)[1]).g == PackFixtures.colour(7).1)
        // And the manifest library still recognises its tokens in received text.
        let keyboard = EmoticonKeyboard(manifest: manifest)
        let tokens = keyboard.tokens(in: "收到[隐2]和[新]")
        #expect(tokens.map(\.text) == ["[隐2]", "[新]"] && tokens.first?.emoticon?.tabID == "com.sina.hidden")
        // The new fields (displayOnly, animation) are in the manifest's JSON Schema.
        let schema = try JSONSchema.check(
            ["--schemafile", JSONSchema.schema.path, out.appendingPathComponent("manifests/375.json").path])
        #expect(schema.status == 0, "\(schema.output)")
    }

    @Test func qqMapWithDoubleScaleOnlyImagesAndGIFs() throws {
        let dir = Fixtures.temporaryDirectory()
        let qq = dir.appendingPathComponent("qq")
        let p = PackFixtures.self
        try p.writePlist([["/微笑": "000"], ["/撇嘴": "001"], ["/色": "002"], ["/发呆": "003.png"]], to: qq.appendingPathComponent("info.plist"))
        try p.writePNG(p.icon(size: 60, p.colour(0)), to: qq.appendingPathComponent("000@2x.png"))
        try p.writePNG(p.icon(size: 60, p.colour(1)), to: qq.appendingPathComponent("001@2x.png"))
        try p.write(Self.gif(first: 3, second: 0), to: qq.appendingPathComponent("001@2x.gif"))
        try p.write(Self.gif(first: 1, second: 2), to: qq.appendingPathComponent("002@2x.gif"))
        try p.writePNG(p.icon(size: 60, p.colour(3)), to: qq.appendingPathComponent("003@2x.png"))
        let out = dir.appendingPathComponent("out")
        let (report, manifest) = try Self.run([qq], out: out)
        // @2x-only images are enlarged at @3x, and emokit says so; nothing else is wrong.
        #expect(report.warnings.map(Printed.text).allSatisfy { $0.contains("enlarged") }, "\(report.warnings)")
        let tab = manifest.tabs[0]
        let buttons = Self.emoticons(tab)
        #expect(buttons.map(\.text) == ["/微笑", "/撇嘴", "/色", "/发呆"])
        #expect(buttons.map(\.name) == ["微笑", "撇嘴", "色", "发呆"])
        #expect(buttons.map { $0.animation != nil } == [false, true, true, false])
        // @2x-only images serve both scales; the GIF-only entry draws its first frame (green).
        #expect(try Self.centre(out, tab, buttons[0], scale: 3).r == PackFixtures.colour(0).0)
        let green = try Self.centre(out, tab, buttons[2])
        #expect(green.r == 20 && green.g == 250 && green.b == 20)
        #expect(buttons[1].animation?.path != buttons[2].animation?.path)
        // A stem with no file at all is an error naming the entry and what was looked for.
        try p.writePlist([["/微笑": "000"], ["/无": "404"]], to: qq.appendingPathComponent("info.plist"))
        #expect {
            _ = try Self.run([qq], out: dir.appendingPathComponent("out2"))
        } throws: { error in
            "\(error)".contains("qq/info.plist: entry 1 (\"/无\"): /无: file not found: qq/404.png (nor @2x, @3x, a .gif, .jpg, .webp or .bmp)")
        }
    }

    @Test func plainFolderIsOneTabInNameOrderAndEmokitSaysSo() throws {
        let dir = Fixtures.temporaryDirectory()
        let faces = dir.appendingPathComponent("faces")
        let p = PackFixtures.self
        try p.writePNG(p.icon(size: 32, p.colour(0)), to: faces.appendingPathComponent("b_smile.png"))
        try p.writePNG(p.icon(size: 64, p.colour(0)), to: faces.appendingPathComponent("b_smile@2x.png"))
        try p.writePNG(p.icon(size: 96, p.colour(1)), to: faces.appendingPathComponent("a_cry@3x.png"))
        try p.writePNG(p.icon(size: 64, p.colour(1)), to: faces.appendingPathComponent("a_cry@2x.png"))
        try p.write(Self.gif(first: 2, second: 1), to: faces.appendingPathComponent("c_wave.gif"))
        try p.write(Array("not an image".utf8), to: faces.appendingPathComponent("README.txt"))
        let out = dir.appendingPathComponent("out")
        var options = PipelineRun.options([faces], out: out, scales: [2, 3])
        options.writePreview = false
        let report = try Generator(options: options).run()
        #expect(report.notes.map(Printed.text).contains("faces/: no info.plist, read as a plain folder of images: one tab, 3 emoticons in name order, each inserting [name]"), "\(report.notes)")
        let manifest = try Manifest.decode(Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        #expect(manifest.tabs.map(\.id) == ["faces"])
        let buttons = Self.emoticons(manifest.tabs[0])
        #expect(buttons.map(\.text) == ["[a_cry]", "[b_smile]", "[c_wave]"] && buttons.map(\.name) == ["a_cry", "b_smile", "c_wave"])
        #expect(buttons.map { $0.animation != nil } == [false, false, true])
        #expect(try Self.centre(out, manifest.tabs[0], buttons[0], scale: 3).g == PackFixtures.colour(1).1)
    }

    @Test func brokenGIFsAreReportedWithTheirEntry() throws {
        let dir = Fixtures.temporaryDirectory()
        let pack = dir.appendingPathComponent("anim")
        let p = PackFixtures.self
        let good = Self.gif(first: 0, second: 1)
        try p.writePlist(
            [
                ["chs": "[好]", "png": "ok.png", "gif": "ok.gif"], ["chs": "[断]", "png": "cut.png", "gif": "cut.gif"],
                ["chs": "[假]", "gif": "fake.gif"],
            ], to: pack.appendingPathComponent("info.plist"))
        try p.writePNG(p.icon(size: 64, p.colour(0)), to: pack.appendingPathComponent("ok@2x.png"))
        try p.writePNG(p.icon(size: 64, p.colour(1)), to: pack.appendingPathComponent("cut@2x.png"))
        try p.write(good, to: pack.appendingPathComponent("ok.gif"))
        try p.write(Array(good.prefix(good.count / 2)), to: pack.appendingPathComponent("cut.gif"))
        try p.write(Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x80, 0, 0, 0, 0, 0, 9, 9, 9, 0x3B], to: pack.appendingPathComponent("fake.gif"))
        let out = dir.appendingPathComponent("out")
        #expect {
            _ = try Self.run([pack], out: out)
        } throws: { error in
            let text = "\(error)"
            return text.contains("anim/info.plist: entry 1 (\"[断]\"): gif: anim/cut.gif: truncated GIF")
                && text.contains("anim/info.plist: entry 2 (\"[假]\"): gif: anim/fake.gif: GIF too large")
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // --lenient: [断] keeps its still image without the animation; [假] has no image at all.
        let (report, manifest) = try Self.run([pack], out: out, lenient: true)
        #expect(Self.emoticons(manifest.tabs[0]).map(\.text) == ["[好]", "[断]"])
        #expect(Self.emoticons(manifest.tabs[0]).map { $0.animation != nil } == [true, false])
        #expect(
            report.warnings.map(Printed.text).filter { !$0.contains("enlarged") } == [
                "anim/info.plist: entry 1 (\"[断]\"): gif: anim/cut.gif: truncated GIF: the file ends before the animation is complete",
                "anim/info.plist: entry 2 (\"[假]\"): gif: anim/fake.gif: GIF too large: canvas 65535x65535 is outside the limits (2048x2048, 4194304 pixels)",
            ])
    }
}
