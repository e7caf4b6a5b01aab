import EmoticonPacks
import Foundation
import Pipeline
import TestSupport
import Testing
import TextMatching

@testable import EmokitCLI

/// `--no-<flag>`: a config's `true` turned off for one run, and a flag given with its own
/// negation refused.
struct NegatedFlagTests {
    static let pack = Fixtures.conformance.appendingPathComponent("plists/weibo-valid").path

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    func writeConfig(_ json: String, in folder: URL, name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(json.utf8).write(to: url)
        return url.path
    }

    /// The options `generate` would run with (config, then flags), without running.
    func resolved(_ arguments: [String]) throws -> GeneratorOptions {
        let parsed = try ArgumentParser.parse(arguments, for: GenerateCommand.spec)
        let config = try parsed.value("config").map { try GeneratorConfig.load(URL(fileURLWithPath: $0)) }
        return try GenerateCommand.makeOptions(parsed, config: config)
    }

    @Test func noFlagsTurnOffWhatTheConfigTurnsOn() throws {
        let dir = Fixtures.temporaryDirectory()
        let on = try writeConfig(#"{"xcassets": true, "web": true, "emojiKeyboard": true, "lenient": true, "preview": false}"#, in: dir, name: "on.json")
        let asConfigured = try resolved([Self.pack, "--config", on])
        #expect(asConfigured.assetCatalog == "Emoticons" && asConfigured.writeWeb && asConfigured.emojiKeyboard && asConfigured.lenient && !asConfigured.writePreview)
        let off = try resolved([Self.pack, "--config", on, "--no-xcassets", "--no-web", "--no-emoji-keyboard", "--no-lenient", "--preview"])
        #expect(off.assetCatalog == nil && !off.writeWeb && !off.emojiKeyboard && !off.lenient && off.writePreview)
        let strict = try writeConfig(#"{"strict": true}"#, in: dir, name: "strict.json")
        #expect(try resolved([Self.pack, "--config", strict]).strict)
        #expect(try !resolved([Self.pack, "--config", strict, "--no-strict"]).strict)
        // Without a config, a --no- flag says what is already the default.
        let plain = try resolved([Self.pack, "--no-web", "--no-xcassets"])
        #expect(plain.assetCatalog == nil && !plain.writeWeb)
        // A config's emoji keyboard stands in for packs; turned off, packs are needed again.
        let emojiOnly = try writeConfig(#"{"emojiKeyboard": true}"#, in: dir, name: "emoji.json")
        let noPacks = run(["generate", "--config", emojiOnly, "--no-emoji-keyboard"])
        #expect(noPacks.status == 2 && noPacks.err.contains("Missing expected argument '<pack> ...'"), "\(noPacks.err)")
        // validate takes the switches that change what it checks.
        #expect(run(["validate", Self.pack, "--config", strict, "--no-strict", "-q"]).status == 0)
    }

    /// A real run: the config asks for a catalog and web files and no preview; the flags win.
    @Test func noFlagsWinOverTheConfigInTheOutput() throws {
        let dir = Fixtures.temporaryDirectory()
        let config = try writeConfig(#"{"xcassets": true, "web": true, "preview": false, "widths": [375], "scales": [2]}"#, in: dir, name: "emokit.json")
        let out = dir.appendingPathComponent("out")
        let result = run(["generate", Self.pack, "--config", config, "--out", out.path, "--no-cache", "--no-xcassets", "--no-web", "--preview"])
        #expect(result.status == 0, "\(result.err)")
        let items = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
        #expect(items.contains("index.html") && !items.contains("web") && !items.contains { $0.hasSuffix(".xcassets") }, "\(items)")
        #expect(result.out.contains("Preview: open \(out.path)/index.html"))
    }

    @Test func aFlagWithItsNoFormIsAUsageError() {
        for (flag, negation) in [("--web", "--no-web"), ("--xcassets=Stickers", "--no-xcassets"), ("--preview", "--no-preview"), ("--strict", "--no-strict")] {
            let result = run(["generate", Self.pack, flag, negation])
            let name = flag.split(separator: "=")[0]
            #expect(result.status == 2, "\(flag)")
            #expect(result.err.hasPrefix("Error: '\(name)' and '\(negation)' cannot be used together\nUsage: emokit generate <pack> ... [<options>]\n"), "\(result.err)")
        }
        // Every switch is in --help (and so, by CompletionsCommandTests, in the completions).
        let help = run(["generate", "--help"]).out
        for option in ["--no-xcassets", "--no-web", "--no-emoji-keyboard", "--no-lenient", "--no-strict", "--preview ", "--no-preview"] {
            #expect(help.contains("\n  \(option)"), "\(option)")
        }
        #expect(run(["completions", "fish"]).out.contains("__fish_seen_subcommand_from generate\" -l no-web "))
    }
}
