import EmoticonPacks
import Foundation
import KeyboardLayout
import Testing

@testable import Settings

/// A flag and its config key are one row: both are read by the row's type and written by its
/// `apply`, so they set the same option and are refused in the same words.
struct SettingSourcesTests {
    func config(_ json: String) throws -> GeneratorConfig {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("emokit-settings-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return try GeneratorConfig.load(url)
    }

    func options(_ texts: [String: String] = [:], _ present: Set<String> = [], config: GeneratorConfig? = nil) throws(CommandLineSettingsError) -> GeneratorOptions {
        try SettingsTable.options(GivenFlags(texts: texts, present: present, positionals: ["pack"]), config: config, cache: nil)
    }

    @Test func everyRowWithAConfigKeyOrAValueWritesSomething() {
        for row in SettingsTable.rows where row.configKey != nil { #expect(row.apply != nil, "\(row.configKey!) has no apply") }
        let readByTheCommandLineOnly = SettingsTable.rows.filter { $0.apply == nil }.compactMap(\.flag)
        #expect(readByTheCommandLineOnly == ["config", "quiet", "json"])
    }

    @Test func aFlagAndItsKeySetTheSameOption() throws {
        let cases: [(flag: String, text: String?, json: String)] = [
            ("columns", "6", #"{"grid": {"columns": 6}}"#),
            ("widths", "320,414", #"{"widths": [320, 414]}"#),
            ("layout", "weibo", #"{"layout": "weibo"}"#),
            ("page-dot", "#abc", ##"{"colors": {"pageDot": "#ABC"}}"##),
            ("compression", "max", #"{"compression": "max"}"#),
            ("xcassets", "Stickers", #"{"xcassets": "Stickers"}"#),
            ("xcassets", nil, #"{"xcassets": true}"#),
            ("web", nil, #"{"web": true}"#),
            ("strict", nil, #"{"strict": true}"#),
            ("max-plist-size", "2", #"{"maxPlistSizeMB": 2}"#),
        ]
        for item in cases {
            let fromFlag = try options(item.text.map { [item.flag: $0] } ?? [:], item.text == nil ? [item.flag] : [])
            let fromConfig = try options(config: try config(item.json))
            #expect(dump(fromFlag) == dump(fromConfig), "\(item.flag)")
            #expect(dump(fromFlag) != dump(try options()), "\(item.flag) changed nothing")
        }
    }

    @Test func outputsAreRequestedByTheirSetting() throws {
        let on = try options(["xcassets": "Stickers"], ["web"])
        #expect(on.outputs == OutputRequests(assetCatalog: AssetCatalogRequest(name: "Stickers"), web: WebRequest()))
        #expect(try options([:], ["xcassets"]).outputs.assetCatalog?.name == RunDefaults.assetCatalog)
        let off = try options([:], ["no-web", "no-xcassets"], config: try config(#"{"web": true, "xcassets": true}"#))
        #expect(off.outputs.isEmpty)
        // Every output row has a --no- twin right after it.
        let rows = SettingsTable.rows
        for flag in ["xcassets", "web", "android"] {
            let index = try #require(rows.firstIndex { $0.flag == flag })
            #expect(rows[index + 1].flag == "no-\(flag)" && rows[index].configKey != nil)
        }
    }

    /// Shard records and run fingerprints spell the requests as they always have; a form no
    /// row would make is refused, naming what is wrong.
    @Test func outputRequestsKeepTheirRecordedForm() throws {
        let requests = OutputRequests(assetCatalog: AssetCatalogRequest(name: "Stickers"), web: WebRequest())
        #expect(requests.recorded == ["xcassets": "Stickers", "web": ""])
        #expect(try OutputRequests(recorded: requests.recorded) == requests)
        #expect(try OutputRequests(recorded: [:]) == OutputRequests())
        #expect(throws: OutputRequests.RecordProblem.unknownOutput("flutter")) { try OutputRequests(recorded: ["flutter": ""]) }
        #expect(throws: OutputRequests.RecordProblem.refusedValue(output: "android", value: "")) { try OutputRequests(recorded: ["android": ""]) }
        #expect(throws: OutputRequests.RecordProblem.refusedValue(output: "xcassets", value: "../x")) { try OutputRequests(recorded: ["xcassets": "../x"]) }
        #expect(throws: OutputRequests.RecordProblem.refusedValue(output: "web", value: "x")) { try OutputRequests(recorded: ["web": "x"]) }
        // Reflection (what fingerprints read) sees the recorded dictionary, as before the type.
        #expect(String(describing: Mirror(reflecting: requests).displayStyle) == String(describing: Mirror(reflecting: requests.recorded).displayStyle))
        #expect(Mirror(reflecting: requests).children.count == 2)
    }

    @Test func theSameMistakeIsRefusedInEachSourcesForm() throws {
        #expect(throws: CommandLineSettingsError.self) { try options(["locale": "fr"]) }
        do {
            _ = try options(["base-url": "ftp://x"])
            Issue.record("accepted")
        } catch {
            guard case .usage(let message) = error else { Issue.record("\(error)"); return }
            #expect(message == "The value 'ftp://x' is invalid for '--base-url <url>': expected an http(s) address without query or fragment, e.g. https://example.com/emoticons/")
        }
        let bad = try config(##"{"colors": {"dark": {"pageDot": "grey"}}}"##)
        do {
            _ = try options(config: bad)
            Issue.record("accepted")
        } catch {
            guard case .config(let problem) = error else { Issue.record("\(error)"); return }
            #expect(problem.description == "\(bad.path): key 'colors.dark.pageDot': expected a colour like #F4F4F6, not \"grey\"")
        }
    }

    @Test func theLayoutFlagIsRefinedByTheConfig() throws {
        let refined = try options(["layout": "weibo"], config: try config(#"{"grid": {"columns": 6}, "layout": "classic"}"#))
        #expect(refined.layout == .weibo && refined.grid.columns == 6)
    }

    @Test func pairsThatCannotGoTogether() throws {
        for (first, second) in SettingsTable.exclusive {
            let texts = [first, second].filter { SettingsTable[$0].valueName != nil }.reduce(into: [String: String]()) { $0[$1] = "x" }
            #expect(throws: CommandLineSettingsError.self) { try options(texts, [first, second]) }
        }
        #expect(throws: GeneratorConfig.Problem.self) {
            var options = GeneratorOptions(inputs: [], output: URL(fileURLWithPath: "/tmp/out"))
            try config(#"{"emojiFont": "a.ttf", "emojiImages": "b"}"#).apply(to: &options)
        }
        // Off is not set: a config may say lenient and not strict.
        var relaxed = GeneratorOptions(inputs: [], output: URL(fileURLWithPath: "/tmp/out"))
        try config(#"{"lenient": true, "strict": false}"#).apply(to: &relaxed)
        #expect(relaxed.lenient && !relaxed.strict)
    }

    /// Per-pack objects: each value read by its own rules, a problem named down to its key.
    @Test func packFilesAndTabTitlesAreReadPackByPack() throws {
        var options = GeneratorOptions(inputs: [], output: URL(fileURLWithPath: "/tmp/out"))
        try config(#"{"packFiles": {"经典": {"map": "M.plist", "images": "表情.bundle", "texts": "keys"}}, "tabTitles": {"小喵": {"en": "Kitty", "tw": "小貓"}}}"#)
            .apply(to: &options)
        #expect(options.packFiles == ["经典": PackFileChoice(map: "M.plist", images: "表情.bundle", texts: .keys)])
        #expect(options.tabTitles == ["小喵": [.en: "Kitty", .tw: "小貓"]])
        let refused: [(json: String, message: String)] = [
            (
                #"{"packFiles": {"经典": {"images": "../x"}}}"#,
                #"key 'packFiles.经典.images': expected a folder inside the pack's folder ("." for the pack's own, ".." or "../.." for the .bundle holding it, no leading /)"#
            ),
            (#"{"packFiles": {"经典": {"map": "a/b.plist"}}}"#, "key 'packFiles.经典.map': expected a file name in the pack's folder (no / or ..)"),
            (#"{"packFiles": {"经典": {"pictures": "x"}}}"#, #"key 'packFiles.经典.pictures': expected only "map", "order", "images", "texts""#),
            (#"{"packFiles": {"经典": "M.plist"}}"#, "key 'packFiles.经典': expected an object"),
            (#"{"packFiles": {"经典": {"map": 1}}}"#, "key 'packFiles.经典.map': expected a string"),
            (#"{"tabTitles": {"小喵": {"jp": "ネコ"}}}"#, #"key 'tabTitles.小喵.jp': expected a locale, "cn", "tw" or "en""#),
            (#"{"tabTitles": {"小喵": {"en": ""}}}"#, "key 'tabTitles.小喵.en': expected a title of 1 to 200 characters on one line"),
            (#"{"tabTitles": ["Kitty"]}"#, "key 'tabTitles': expected an object of pack folder names (or plist ids) to objects"),
        ]
        for (json, message) in refused {
            var options = GeneratorOptions(inputs: [], output: URL(fileURLWithPath: "/tmp/out"))
            #expect {
                try config(json).apply(to: &options)
            } throws: { error in
                "\(error)".hasSuffix(message)
            }
        }
    }

    /// Every stored value of the options, as text.
    func dump(_ options: GeneratorOptions) -> String { String(reflecting: options) }
}
