import EmokitCLI
import EmoticonManifest
import Foundation
import TestSupport
import Testing

/// `--locale` and the colour flags: traditional text and names with `--locale tw`, CLDR emoji
/// names in the keyboard's language, a localised delete name, dark-mode colours and a flag for
/// every colour key, code points as an array.
struct LocaleAndColourOptionTests {
    static let samples = Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks")

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    func generate(_ extra: [String]) throws -> (manifest: Manifest, json: String) {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let result = run(["generate", Self.samples.path, "--out", out.path, "--widths", "375", "--scales", "2", "--no-preview", "-q"] + extra)
        #expect(result.status == 0, "\(result.err)")
        let data = try Data(contentsOf: out.appendingPathComponent("manifests/375.json"))
        return (try Manifest.decode(data), String(decoding: data, as: UTF8.self))
    }

    static func buttons(_ manifest: Manifest, tab: String) -> [Manifest.Button] {
        manifest.tabs.first { $0.id == tab }!.pages.flatMap(\.buttons)
    }

    @Test func traditionalTextAndNamesWithLocaleTWAndEveryColourFlag() throws {
        let manifest = try generate([
            "--locale", "tw", "--selected-tab", "#123", "--tab-bar-background", "#fafafa", "--dark-background", "#000000",
            "--dark-current-page-dot", "#ffffff",
        ]).manifest
        let panda = try #require(Self.buttons(manifest, tab: "com.emokit.animals").first { $0.textTraditional == "[熊貓]" })
        #expect(panda.text == "[熊貓]" && panda.name == "熊貓")
        let heart = try #require(Self.buttons(manifest, tab: "emoji").first { $0.text == "\u{2764}\u{FE0F}" })
        #expect(heart.name == "愛心")
        #expect(Self.buttons(manifest, tab: "emoji").last?.name == "刪除")
        #expect(manifest.tabs.first { $0.id == "com.emokit.animals" }?.title == "動物")
        // Every colour key has a flag, dark ones too.
        #expect(manifest.colors.selectedTab == "#112233" && manifest.colors.tabBarBackground == "#FAFAFA")
        #expect(manifest.colors.dark?.background == "#000000" && manifest.colors.dark?.currentPageDot == "#FFFFFF")
        #expect(manifest.colors.dark?.pageDot == "#5C5C60")
        let help = run(["generate", "--help"]).out
        for flag in [
            "--background", "--page-dot", "--current-page-dot", "--tab-bar-background", "--selected-tab",
            "--dark-background", "--dark-page-dot", "--dark-current-page-dot", "--dark-tab-bar-background", "--dark-selected-tab",
        ] {
            #expect(help.contains("\(flag) <#rrggbb>"), "\(flag)")
        }
    }

    @Test func simplifiedByDefaultWithCLDRNamesDarkColoursAndCodePointArrays() throws {
        let (manifest, json) = try generate([])
        let panda = try #require(Self.buttons(manifest, tab: "com.emokit.animals").first { $0.textTraditional == "[熊貓]" })
        #expect(panda.text == "[熊猫]" && panda.name == "熊猫")
        let emoji = Self.buttons(manifest, tab: "emoji")
        #expect(emoji.first { $0.text == "😀" }?.name == "嘿嘿")
        #expect(emoji.first { $0.text == "\u{2764}\u{FE0F}" }?.name == "红心")
        #expect(emoji.last?.kind == .delete && emoji.last?.name == "删除")
        #expect(
            manifest.colors.dark
                == .init(
                    background: "#1C1C1E", pageDot: "#5C5C60", currentPageDot: "#C7C7CC",
                    tabBarBackground: "#2C2C2E", selectedTab: "#48484A"))
        let family = try #require(emoji.first { $0.text == "👨‍👩‍👧" })
        #expect(family.codePoints == ["1F468", "200D", "1F469", "200D", "1F467"])
        #expect(json.contains("\"codePoints\" : [\n"))
    }

    @Test func englishNames() throws {
        let english = try generate(["--locale", "en"]).manifest
        #expect(Self.buttons(english, tab: "emoji").first { $0.text == "😀" }?.name == "grinning face")
        #expect(Self.buttons(english, tab: "emoji").last?.name == "Delete")
    }
}
