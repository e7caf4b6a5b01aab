import EmoticonManifest
import Foundation
import TestSupport
import Testing

/// Values of the generate options: which are accepted, and how refused ones are explained.
struct OptionValueTests {
    static let pack = Fixtures.conformance.appendingPathComponent("plists/weibo-valid").path
    static let sample = Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks/faces")

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    func generate(_ extra: [String]) -> (status: Int32, out: String, err: String) {
        run(["generate", Self.pack, "--out", Fixtures.temporaryDirectory().appendingPathComponent("out").path, "--no-preview"] + extra)
    }

    /// `--locale` takes exactly the locales a pack's group names come in.
    @Test func localeIsOneOfTheGroupNameLocales() throws {
        let bad = run(["generate", "pack", "--locale", "fr"])
        #expect(bad.status == 2 && bad.err.contains("The value 'fr' is invalid for '--locale <cn|tw|en>'"))
        let dir = Fixtures.temporaryDirectory()
        let config = dir.appendingPathComponent("emokit.json")
        try Data(#"{"packs": ["p"], "locale": "fr"}"#.utf8).write(to: config)
        let fromConfig = run(["generate", "--config", config.path])
        #expect(fromConfig.status == 1 && fromConfig.err.contains("key 'locale': expected \"cn\", \"tw\" or \"en\", not \"fr\""))
    }

    @Test func xcassetsTakesAnOptionalInlineName() throws {
        let dir = Fixtures.temporaryDirectory()
        let samples = Fixtures.samplePacks.path
        let plain = run(["generate", samples, "--out", dir.appendingPathComponent("a").path, "--widths", "375", "--no-preview", "--xcassets", "-q"])
        #expect(plain.status == 0, "\(plain.err)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("a/Emoticons.xcassets/faces/page-000.imageset/Contents.json").path))
        let named = run(["generate", samples, "--out", dir.appendingPathComponent("b").path, "--widths", "375", "--no-preview", "--xcassets=Stickers", "-q"])
        #expect(named.status == 0, "\(named.err)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("b/Stickers.xcassets/Contents.json").path))
        #expect(run(["generate", "--help"]).out.contains("--xcassets[=<name>]"))
    }

    @Test func xcassetsRefusesBadNamesAndScaleFour() {
        let bad = run(["generate", "pack", "--xcassets=../Elsewhere"])
        #expect(
            bad.status == 2
                && bad.err.contains(#"The value '../Elsewhere' is invalid for '--xcassets[=<name>]': expected a plain name such as "Emoticons" (the folder is NAME.xcassets)"#))
        // A name no folder can have is a usage error before any page is rendered, not a failed write after.
        for name in [String(repeating: "x", count: 300), "Emo\u{0}ticons", "Emo\nticons"] {
            let refused = run(["generate", "pack", "--xcassets=\(name)"])
            #expect(refused.status == 2 && refused.err.contains("expected a plain name such as"), "\(refused.err)")
        }
        let scale = run(["generate", "pack", "--xcassets", "--scales", "2,4"])
        #expect(scale.status == 2 && scale.err.contains("asset catalogs hold 1x, 2x and 3x images"))
    }

    @Test func imageLimitsAreAcceptedByGenerate() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let result = run(["generate", Self.sample.path, "--out", out.path, "--widths", "375", "--max-width", "64", "--quiet"])
        #expect(result.status == 1)
        #expect(result.err.contains("image too large") || result.err.contains("too large"), "\(result.err)")
        let ok = run(["generate", Self.sample.path, "--out", out.path, "--widths", "375", "--max-width", "4096", "--max-height", "4096", "--max-pixels", "1000000", "--quiet"])
        #expect(ok.status == 0, "\(ok.err)")
    }

    @Test func fractionalScalesAreExplainedAsScales() {
        let result = run(["generate", "pack", "--scales", "1.5"])
        #expect(result.status == 2)
        #expect(result.err.contains("The value '1.5' is invalid for '--scales': expected whole numbers separated by commas, e.g. 2,3 (whole scales 1 to 4"))
        #expect(!result.err.contains("375"))
    }

    @Test func fullWidthDigitsAreNotAColour() {
        let result = generate(["--background", "#ＡＢＣ"])
        #expect(result.status == 2)
        #expect(result.err.contains("The value '#ＡＢＣ' is invalid for '--background'"))
        #expect(generate(["--page-dot", "#１２３"]).status == 2)
    }
}
