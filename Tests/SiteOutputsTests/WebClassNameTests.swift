import EmoticonManifest
import Foundation
import PipelineTestSupport
import TestSupport
import Testing

@testable import SiteOutputs

/// Classes are named after what an entry is, so they survive edits of the pack; and the runtime
/// is written with the keyboard's data embedded.
struct WebClassNameTests {
    typealias Source = WebClassNames.Source

    @Test func classesComeFromImageNamesThenEmojiThenText() {
        let classes = WebClassNames.classes(
            tabIDs: ["faces", "emoji"],
            entries: [
                [
                    .init(imageName: "f_haha.png", text: "[哈哈]", isEmoji: false),
                    .init(imageName: "d_xin@2x.png", text: "[心]", isEmoji: false),
                    .init(imageName: "gifs/Smile 1.gif", text: "[微笑]", isEmoji: false),
                    .init(imageName: nil, text: "[哈哈 大笑]", isEmoji: false),
                    .init(imageName: "delete.png", text: "[删]", isEmoji: false),
                ],
                [.init(imageName: nil, text: "👍🏽", isEmoji: true), .init(imageName: nil, text: "👍🏽", isEmoji: true)],
            ])
        #expect(classes.tabs == ["emk-faces", "emk-emoji"])
        #expect(classes.entries[0] == ["emk-faces-f_haha", "emk-faces-d_xin", "emk-faces-Smile-1", "emk-faces-哈哈-大笑", "emk-faces-delete"])
        // A repeated name keeps the first its plain class; the delete key's class is never taken.
        #expect(classes.entries[1] == ["emk-emoji-1f44d-1f3fd", "emk-emoji-1f44d-1f3fd-2"])
    }

    @Test func aClassDoesNotMoveWhenEntriesAreInsertedRemovedOrReordered() {
        let haha = Source(imageName: "f_haha.png", text: "[哈哈]", isEmoji: false)
        let xin = Source(imageName: "f_xin.png", text: "[心]", isEmoji: false)
        let new = Source(imageName: "f_new.png", text: "[新]", isEmoji: false)
        let before = WebClassNames.classes(tabIDs: ["faces"], entries: [[haha, xin]]).entries[0]
        let inserted = WebClassNames.classes(tabIDs: ["faces"], entries: [[new, haha, xin]]).entries[0]
        let reordered = WebClassNames.classes(tabIDs: ["faces"], entries: [[xin, haha]]).entries[0]
        let removed = WebClassNames.classes(tabIDs: ["faces"], entries: [[xin]]).entries[0]
        #expect(before == ["emk-faces-f_haha", "emk-faces-f_xin"])
        #expect(Array(inserted.dropFirst()) == before)
        #expect(reordered == before.reversed())
        #expect(removed == ["emk-faces-f_xin"])
    }

    /// A class names one entry in the whole stylesheet: tab `qq`'s `classic-smile` and tab
    /// `qq-classic`'s `smile` would both be `emk-qq-classic-smile`, and an entry may not take a tab's
    /// delete or icon class either (`qq`'s `classic-delete` is `qq-classic`'s delete key's).
    /// The runtime's own classes (`emkit-key`, `emkit-tab-icon`...) and the emoticons' classes
    /// (`emk-<tab>-<name>`) never meet: a pack named `tab` with an image `title.png` cannot
    /// restyle the keyboard's tab titles.
    @Test func theRuntimesClassesAreNoEmoticonsClasses() throws {
        let css = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Templates/keyboard.css"), encoding: .utf8)
        let regex = try NSRegularExpression(pattern: "\\.(e[a-z]*-[a-zA-Z0-9_-]+)")
        let classes = Set(regex.matches(in: css, range: NSRange(css.startIndex..., in: css)).map { String(css[Range($0.range(at: 1), in: css)!]) })
        #expect(!classes.isEmpty)
        #expect(classes.allSatisfy { $0.hasPrefix("emkit-") }, "\(classes.filter { !$0.hasPrefix("emkit-") })")
        let (tabs, entries) = WebClassNames.classes(
            tabIDs: ["tab", "search"], entries: [[Source(imageName: "title.png", text: "[title]", isEmoji: false)], [Source(imageName: "bar.png", text: "[bar]", isEmoji: false)]])
        #expect(entries == [["emk-tab-title"], ["emk-search-bar"]])
        #expect(tabs.allSatisfy { !$0.hasPrefix("emkit-") })
    }

    /// Adding an entry, or a whole pack, never hands a class another face had to a new one: a
    /// class in both runs names the same entry in both (what a hostile pass did: `a.b.png`, then
    /// `a b.png` added; a pack `qq` with `x-smile.png`, then a pack `qq-x` with `smile.png`).
    @Test func addingEntriesOrPacksNeverHandsAClassToAnotherFace() {
        func owners(_ tabIDs: [String], _ entries: [[Source]]) -> [String: String] {
            let classes = WebClassNames.classes(tabIDs: tabIDs, entries: entries)
            var result: [String: String] = [:]
            for (tab, names) in classes.entries.enumerated() {
                for (index, name) in names.enumerated() { result[name] = "\(tabIDs[tab])/\(entries[tab][index].text)" }
            }
            for prefix in classes.tabs { result[WebClassNames.deleteClass(prefix: prefix)] = "\(prefix) delete key" }
            return result
        }
        let ab = Source(imageName: "a.b.png", text: "[a.b]", isEmoji: false), aSpaceB = Source(imageName: "a b.png", text: "[a b]", isEmoji: false)
        let xSmile = Source(imageName: "x-smile.png", text: "[x]", isEmoji: false), smile = Source(imageName: "smile.png", text: "[s]", isEmoji: false)
        let xDelete = Source(imageName: "x-delete.png", text: "[xd]", isEmoji: false)
        let cases: [(before: ([String], [[Source]]), after: ([String], [[Source]]))] = [
            ((["faces"], [[ab]]), (["faces"], [[aSpaceB, ab]])),
            ((["qq"], [[xSmile, xDelete]]), (["qq", "qq-x"], [[xSmile, xDelete], [smile]])),
            ((["com.x"], [[smile]]), (["com-x", "com.x"], [[xSmile], [smile]])),
        ]
        for (before, after) in cases {
            let old = owners(before.0, before.1), new = owners(after.0, after.1)
            for (name, owner) in old { #expect(new[name] == nil || new[name] == owner, "\(name): \(owner) -> \(new[name] ?? "")") }
        }
    }

    @Test func classesAreUniqueAcrossTabs() {
        let classes = WebClassNames.classes(
            tabIDs: ["qq", "qq-classic"],
            entries: [
                [
                    .init(imageName: "classic-smile.png", text: "[a]", isEmoji: false),
                    .init(imageName: "classic-delete.png", text: "[b]", isEmoji: false),
                    .init(imageName: "classic-icon.png", text: "[c]", isEmoji: false),
                ],
                [.init(imageName: "smile.png", text: "[d]", isEmoji: false), .init(imageName: "smile-2.png", text: "[e]", isEmoji: false)],
            ])
        // `emk-qq-classic-smile` would name two faces: neither gets it, each its own digest. The
        // delete key and tab icon are `--delete`, `--icon`: no entry can take them.
        let a = WebClassNames.digest("qq\u{0}classic-smile.png\u{0}[a]"), d = WebClassNames.digest("qq-classic\u{0}smile.png\u{0}[d]")
        #expect(classes.entries[0] == ["emk-qq-classic-smile-\(a)", "emk-qq-classic-delete", "emk-qq-classic-icon"])
        #expect(classes.entries[1] == ["emk-qq-classic-smile-\(d)", "emk-qq-classic-smile-2"])
        #expect(WebClassNames.deleteClass(prefix: "emk-qq-classic") == "emk-qq-classic--delete")
        let all = classes.entries.flatMap { $0 } + classes.tabs.flatMap { [WebClassNames.deleteClass(prefix: $0), WebClassNames.iconClass(prefix: $0)] }
        #expect(Set(all).count == all.count)
    }

    /// A run with `--web` records each button's class in the manifest, writes the runtime with
    /// the data embedded (no fetch from file://), and both are byte-identical on a second run.
    @Test func theManifestRecordsClassesAndTheRuntimeEmbedsTheData() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: out, widths: [375]) { $0.writeWeb = true }
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        let buttons = manifest.tabs.flatMap(\.pages).flatMap(\.buttons)
        #expect(buttons.allSatisfy { $0.webClass != nil })
        #expect(Set(buttons.filter { $0.kind == .emoticon }.compactMap(\.webClass)).count == buttons.filter { $0.kind == .emoticon }.count)
        #expect(buttons.first { $0.text == "[哈哈]" }?.webClass == "emk-faces-f_haha")
        let script = try String(contentsOf: out.appendingPathComponent("web/emoticons.js"), encoding: .utf8)
        #expect(script.contains("globalThis.Emokit = Emokit;") && !script.contains("EMOKIT_DATA") && !script.contains("fetch("))
        #expect(script.contains(#""class":"emk-faces-f_haha""#))
        let module = try String(contentsOf: out.appendingPathComponent("web/emoticons.mjs"), encoding: .utf8)
        #expect(module.contains("export default Emokit;") && module.contains("import.meta.url"))
        for file in ["emoticons.d.ts", "emoticons.d.mts", "emoticons-keyboard.css", "demo.html", "emoticons.css"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("web/\(file)").path), "\(file)")
        }
        let again = Fixtures.temporaryDirectory().appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: again, widths: [375]) { $0.writeWeb = true }
        #expect(try Data(contentsOf: again.appendingPathComponent("web/emoticons.js")) == Data(contentsOf: out.appendingPathComponent("web/emoticons.js")))
    }

    /// Without `--web` the manifest has no classes (and so no change for apps that do not ask).
    @Test func withoutWebThereAreNoClasses() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: out, widths: [375])
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        #expect(manifest.tabs.flatMap(\.pages).flatMap(\.buttons).allSatisfy { $0.webClass == nil })
    }
}
