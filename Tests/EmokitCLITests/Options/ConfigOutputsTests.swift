import EmoticonManifest
import Foundation
import TestSupport
import Testing

/// The config keys `xcassets`, `web` and `compression`: the same outputs as their flags, checked
/// the same way, and a flag given as well wins.
struct ConfigOutputsTests {
    static let pack = Fixtures.conformance.appendingPathComponent("plists/weibo-valid").path

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    func writeConfig(_ json: String, in folder: URL, name: String = "emokit.json") throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(json.utf8).write(to: url)
        return url.path
    }

    /// Generates `pack` at 375 pt @2x into `dir/name` with `extra` arguments; returns the output folder.
    func generate(_ dir: URL, _ name: String, _ extra: [String]) throws -> URL {
        let out = dir.appendingPathComponent(name)
        let result = run(["generate", Self.pack, "--out", out.path, "--widths", "375", "--scales", "2", "--no-preview", "-q"] + extra)
        #expect(result.status == 0, "\(extra): \(result.err)")
        return out
    }

    func sheetHashes(_ out: URL) throws -> [String] {
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        return manifest.tabs.flatMap { $0.pages.flatMap { $0.sheetHashes.values.sorted() } }
    }

    func items(_ out: URL) throws -> Set<String> { Set(try FileManager.default.contentsOfDirectory(atPath: out.path)) }

    @Test func configWritesTheCatalogAndWebFilesLikeTheFlags() throws {
        let dir = Fixtures.temporaryDirectory()
        let named = try generate(dir, "named", ["--config", try writeConfig(#"{"xcassets": "Stickers", "web": true}"#, in: dir)])
        let flags = try generate(dir, "flags", ["--xcassets=Stickers", "--web"])
        #expect(try items(named).contains("Stickers.xcassets") && items(named).contains("web"))
        let css = "web/emoticons.css"
        #expect(try Data(contentsOf: named.appendingPathComponent(css)) == Data(contentsOf: flags.appendingPathComponent(css)))
        let manifest = try Manifest.decode(try Data(contentsOf: named.appendingPathComponent("manifests/375.json")))
        let imageSet = try #require(manifest.tabs.first?.pages.first?.imageSet)
        #expect(FileManager.default.fileExists(atPath: named.appendingPathComponent("Stickers.xcassets/\(imageSet).imageset/Contents.json").path))

        let defaultName = try generate(dir, "default", ["--config", try writeConfig(#"{"xcassets": true, "web": false}"#, in: dir, name: "d.json")])
        #expect(try items(defaultName).contains("Emoticons.xcassets") && !items(defaultName).contains("web"))
        let off = try generate(dir, "off", ["--config", try writeConfig(#"{"xcassets": false}"#, in: dir, name: "o.json")])
        #expect(try !items(off).contains { $0.hasSuffix(".xcassets") })
        // The flag's name wins over the config's.
        let overridden = try generate(dir, "overridden", ["--config", try writeConfig(#"{"xcassets": true}"#, in: dir, name: "t.json"), "--xcassets=Other"])
        #expect(try items(overridden).filter { $0.hasSuffix(".xcassets") } == ["Other.xcassets"])
    }

    @Test func configCompressionIsTheFlagsLevelOrMax() throws {
        let dir = Fixtures.temporaryDirectory()
        let maxConfig = try generate(dir, "max-config", ["--config", try writeConfig(#"{"compression": "max"}"#, in: dir)])
        let maxFlag = try generate(dir, "max-flag", ["--compression", "max"])
        #expect(try sheetHashes(maxConfig) == sheetHashes(maxFlag))
        let storeConfig = try generate(dir, "store-config", ["--config", try writeConfig(#"{"compression": 0}"#, in: dir, name: "zero.json")])
        let storeFlag = try generate(dir, "store-flag", ["--compression", "0"])
        #expect(try sheetHashes(storeConfig) == sheetHashes(storeFlag))
        #expect(try sheetHashes(storeConfig) != sheetHashes(maxConfig))
        // A level on the command line (here the default, 3) replaces the config's max whole (level and memory).
        let overridden = try generate(dir, "overridden", ["--config", dir.appendingPathComponent("emokit.json").path, "--compression", "3"])
        let plain = try generate(dir, "plain", [])
        #expect(try sheetHashes(overridden) == sheetHashes(plain))
    }

    @Test func configMistakesAreRefusedLikeTheFlags() throws {
        let dir = Fixtures.temporaryDirectory()
        let cases: [(json: String, status: Int32, message: String)] = [
            (#"{"compression": 10}"#, 2, "key 'compression': 10 is out of range; expected a whole number from 0-9"),
            (#"{"compression": 6.5}"#, 2, "key 'compression': 6.5 is out of range; expected a whole number from 0-9"),
            (#"{"compression": "fast"}"#, 1, #"key 'compression': expected a whole number from 0-9 or "max", not "fast""#),
            (#"{"compression": true}"#, 1, #"key 'compression': expected a whole number from 0-9 or "max""#),
            (#"{"xcassets": "../Elsewhere"}"#, 1, #"key 'xcassets': expected a plain name such as "Emoticons" (the folder is NAME.xcassets), not "../Elsewhere""#),
            (#"{"xcassets": "Emo\u0000ticons"}"#, 1, #"key 'xcassets': expected a plain name such as "Emoticons" (the folder is NAME.xcassets), not "Emo\u{0}ticons""#),
            (#"{"xcassets": 3}"#, 1, #"key 'xcassets': expected true, false or a name such as "Emoticons""#),
            (#"{"web": "yes"}"#, 1, "key 'web': expected true or false"),
            (#"{"xcassets": true, "scales": [2, 4]}"#, 2, "asset catalogs hold 1x, 2x and 3x images"),
            (#"{"wbe": true}"#, 1, "unknown key 'wbe' (did you mean 'web'?)"),
        ]
        for (index, item) in cases.enumerated() {
            let config = try writeConfig(item.json, in: dir, name: "c\(index).json")
            let result = run(["generate", Self.pack, "--config", config, "--out", dir.appendingPathComponent("out").path])
            #expect(result.status == item.status, "\(item.json): \(result.err)")
            #expect(result.err.hasPrefix("error: \(config): ") && result.err.contains(item.message), "\(item.json): \(result.err)")
            #expect(result.err.split(separator: "\n").count == 1, "\(item.json): \(result.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }
}
