import Foundation
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// `Schemas/manifest.schema.json` against real output, checked by `check-jsonschema` (installed by
/// `.ci/install`): the schema is valid draft 2020-12 and describes every field, every manifest
/// emokit writes validates, and hand-broken manifests are rejected at the broken spot. A field
/// added to the manifest without the schema fails here (the schema allows no unknown keys).
struct ManifestSchemaTests {
    @Test func schemaIsValidAndDescribesEveryField() throws {
        let result = try JSONSchema.check(["--check-metaschema", JSONSchema.schema.path])
        #expect(result.status == 0, "\(result.output)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: JSONSchema.schema)) as? [String: Any])
        #expect(root["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        var undescribed: [String] = []
        func walk(_ node: Any, _ path: String) {
            guard let object = node as? [String: Any] else {
                if let array = node as? [Any] { for (i, item) in array.enumerated() { walk(item, "\(path)[\(i)]") } }
                return
            }
            for key in ["properties", "$defs"] {
                for (name, child) in object[key] as? [String: Any] ?? [:] {
                    if (child as? [String: Any])?["description"] == nil { undescribed.append("\(path)/\(key)/\(name)") }
                }
            }
            // Conditions (if/then/else/not) restate fields, they do not define new ones.
            for (key, child) in object where !["if", "then", "else", "not"].contains(key) { walk(child, "\(path)/\(key)") }
        }
        walk(root, "#")
        #expect(undescribed.isEmpty, "fields without a description: \(undescribed.sorted())")
    }

    @Test func everyGeneratedManifestValidates() throws {
        let dir = Fixtures.temporaryDirectory()
        // The samples at every default width...
        let samples = dir.appendingPathComponent("samples")
        var sampleOptions = GeneratorOptions(inputs: [Fixtures.samplePacks], output: samples)
        sampleOptions.assetCatalog = "Emoticons"
        _ = try Generator(options: sampleOptions).run()
        // ...and an emoji tab with a missing glyph left blank and an empty tab.
        let emoji = dir.appendingPathComponent("packs/emoji"), empty = dir.appendingPathComponent("packs/empty")
        for pack in [emoji, empty] { try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true) }
        try PropertyListSerialization.data(fromPropertyList: ["😀", "\u{1FAE9}", "1️⃣"], format: .xml, options: 0).write(to: emoji.appendingPathComponent("Emoji.plist"))
        try PropertyListSerialization.data(fromPropertyList: [String](), format: .xml, options: 0).write(to: empty.appendingPathComponent("Emoji.plist"))
        let skipped = dir.appendingPathComponent("skipped")
        var options = GeneratorOptions(inputs: [emoji, empty], output: skipped)
        options.widths = [320]
        options.scales = [1, 4]
        options.missingGlyph = .skip
        _ = try Generator(options: options).run()

        var manifests: [String] = []
        for out in [samples, skipped] {
            let folder = out.appendingPathComponent("manifests")
            manifests += try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0).path }
        }
        // The samples at every default width, and the skipped run's one.
        let skippedIndex = RunDefaults.widths.count
        #expect(manifests.count == skippedIndex + 1)
        // The recorded golden manifests (other layouts) are generated manifests too.
        let golden = Fixtures.packageRoot.appendingPathComponent("Tests/PipelineTests/Golden")
        manifests += try FileManager.default.contentsOfDirectory(atPath: golden.path).filter { $0.hasSuffix(".json") }.sorted().map { golden.appendingPathComponent($0).path }
        let skippedText = try String(contentsOfFile: manifests[skippedIndex], encoding: .utf8)
        #expect(manifests[skippedIndex].hasSuffix("skipped/manifests/320.json"))
        #expect(skippedText.contains("\"missingGlyph\" : true"))
        let result = try JSONSchema.check(["--schemafile", JSONSchema.schema.path] + manifests)
        #expect(result.status == 0, "\(result.output)")
    }

    /// One broken copy of a real manifest per rule, each reported at the spot that was broken.
    @Test func brokenManifestsAreRejected() throws {
        let dir = Fixtures.temporaryDirectory()
        let out = dir.appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: out)
        let good = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        let button0 = ["tabs", "0", "pages", "0", "buttons", "0"]
        let delete = ["tabs", "0", "pages", "0", "buttons", "31"]
        let cases: [(name: String, path: [String], value: Any?, reported: String)] = [
            ("future-version", ["schemaVersion"], 3, "$.schemaVersion"),
            ("no-grid", ["grid"], nil, "$"),
            ("unknown-key", ["sheetFolder"], "sheets", "$"),
            ("fractional-width", ["screenWidth"], 375.5, "$.screenWidth"),
            ("repeated-scale", ["scales"], [2, 2], "$.scales"),
            ("named-color", ["colors", "background"], "red", "$.colors.background"),
            ("unknown-tab-kind", ["tabs", "0", "kind"], "stickers", "$.tabs[0].kind"),
            ("path-tab-id", ["tabs", "0", "id"], "../faces", "$.tabs[0].id"),
            ("short-hash", ["tabs", "0", "pages", "0", "sheetHashes", "2"], "abc", "$.tabs[0].pages[0].sheetHashes['2']"),
            ("escaping-sheet", ["tabs", "0", "pages", "0", "sheets", "2"], "sheets/../../x.png", "$.tabs[0].pages[0].sheets['2']"),
            ("emoticon-without-text", button0 + ["text"], nil, "$.tabs[0].pages[0].buttons[0]"),
            ("delete-with-text", delete + ["text"], "[x]", "$.tabs[0].pages[0].buttons[31]"),
            ("unknown-button-kind", button0 + ["kind"], "sticker", "$.tabs[0].pages[0].buttons[0].kind"),
            ("negative-frame", button0 + ["frame", "width"], -46.875, "$.tabs[0].pages[0].buttons[0].frame.width"),
            ("scale-five-sprite", button0 + ["sprite", "5"], ["x": 0, "y": 0, "width": 1, "height": 1], "$.tabs[0].pages[0].buttons[0].sprite"),
            ("fractional-pixel", button0 + ["sprite", "2", "x"], 1.5, "$.tabs[0].pages[0].buttons[0].sprite['2'].x"),
            ("string-row", button0 + ["row"], "0", "$.tabs[0].pages[0].buttons[0].row"),
        ]
        var files: [String: (name: String, reported: String)] = [:]
        for broken in cases {
            let url = dir.appendingPathComponent("\(broken.name).json")
            try JSONSerialization.data(withJSONObject: Self.setting(broken.value, at: broken.path[...], in: good)).write(to: url)
            files[url.path] = (broken.name, broken.reported)
        }
        let result = try JSONSchema.check(["-o", "json", "--schemafile", JSONSchema.schema.path] + files.keys.sorted())
        #expect(result.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output)")
        let errors = report["errors"] as? [[String: Any]] ?? []
        for (file, expected) in files.sorted(by: { $0.key < $1.key }) {
            let paths = errors.filter { $0["filename"] as? String == file }.compactMap { $0["path"] as? String }
            #expect(paths.contains(expected.reported), "\(expected.name): expected an error at \(expected.reported), got \(paths)")
        }
    }

    /// `root` with the value at `path` replaced (nil removes it); path parts are keys or indices.
    static func setting(_ value: Any?, at path: ArraySlice<String>, in root: Any) -> Any {
        guard let key = path.first else { return value as Any }
        if var array = root as? [Any], let index = Int(key) {
            array[index] = setting(value, at: path.dropFirst(), in: array[index])
            return array
        }
        var object = root as? [String: Any] ?? [:]
        if path.count == 1 && value == nil {
            object[key] = nil
        } else {
            object[key] = setting(value, at: path.dropFirst(), in: object[key] ?? [String: Any]())
        }
        return object
    }
}
