import Diagnostics
import EmojiData
import EmojiGlyphs
import Pipeline
import RunSteps
import Settings
import SiteOutputs
import Testing

@testable import EmokitCLI
@testable import EmoticonPacks
@testable import PackAuthoring

/// The library names no command-line flag: its errors refer to settings (`Message.Part.setting`),
/// and only `DiagnosticPrinter` turns them into `--flag`. Each error the library words is made
/// here; its plain description must hold no `--`, and the printed line keeps the old words.
@Suite struct LibraryMessageTests {
    /// One finding per error case the library words, with the flags its printed line names.
    static let findings: [(diagnostic: Diagnostic, flags: [String])] = {
        var all: [(Diagnostic, [String])] = []
        func add(_ diagnostics: [Diagnostic], _ flags: [String] = []) { all += diagnostics.map { ($0, flags) } }
        let glyphErrors: [(EmojiGlyphError, [String])] = [
            (.unreadable(path: "f.ttf", reason: "gone"), []), (.notAFont(path: "f.ttf"), []), (.missingTable(path: "f.ttf", tag: "CBDT"), []),
            (.noBitmaps(path: "f.ttf", found: "glyf"), ["--emoji-images"]), (.corrupt(path: "f.ttf", table: "CBLC", reason: "short"), []),
            (.badGlyphImage(path: "f.ttf", glyph: 3, reason: "bad"), []), (.noFontFound(searched: ["/a", "/b"]), ["--emoji-font", "--emoji-images"]),
            (.emptyFolder(path: "pngs"), []),
        ]
        for (error, flags) in glyphErrors { add(GenerationError.emojiSource(error).diagnostics, flags) }
        let dataErrors: [(EmojiDataError, [String])] = [
            (.unreadable(path: "e.txt", reason: "is a folder"), []), (.malformed(path: "e.txt", line: 4, reason: "no ';'"), []),
            (.notInstalled(path: "/usr/share/unicode/emoji/emoji-test.txt"), ["--emoji-data"]),
        ]
        for (error, flags) in dataErrors { add(GenerationError.emojiData(error).diagnostics, flags) }
        let mergeErrors: [(MergeError, [String])] = [
            (.notAShard(folder: "s1"), ["--shard"]), (.damaged(folder: "s1", file: "a.png", reason: "checksum differs"), []),
            (.otherVersion(folder: "s1", shard: "1/2", version: "0.0.1"), []), (.otherRun(folder: "s2", shard: "2/2", reference: "s1"), []),
            (.duplicate(shard: "1/2", folders: ["s1", "s1"]), []), (.missing(shards: ["2/2"], given: ["1/2"]), []),
            (.sameFile(path: "index.html", folders: ["s1", "s2"]), []),
        ]
        for (error, flags) in mergeErrors { add(error.diagnostics, flags) }
        add([ProjectStarterError.exists(path: "p/info.plist", canForce: true).diagnostic], ["--force"])
        add([ProjectStarterError.exists(path: "p/info.plist", canForce: false).diagnostic])
        add([ProjectStarterError.cannotWrite(path: "p/info.plist", reason: "read-only").diagnostic])
        let starterErrors: [PackStarterError] = [
            .notFound(path: "p"), .notAFolder(path: "p"), .unreadable(path: "p", reason: "denied"), .alreadyAPack(file: "p/info.json"),
            .noImages(path: "p"), .badNames([.init(file: "p/a b.png", reason: "bad name")]),
        ]
        for error in starterErrors { add(error.diagnostics) }
        if let issue = AssetCatalogName.issue(name: "a/b", scales: []) { add([Diagnostic("xcassets", .error, message: issue)], ["--xcassets"]) }
        if let issue = AssetCatalogName.issue(name: "Emoticons", scales: [4]) { add([Diagnostic("xcassets", .error, message: issue)], ["--scales", "--xcassets"]) }
        return all
    }()

    @Test func libraryDescriptionsNameNoFlag() {
        #expect(Self.findings.count == 30)
        for (diagnostic, flags) in Self.findings {
            #expect(!diagnostic.description.contains("--"), "\(diagnostic.code): \(diagnostic.description)")
            let named = diagnostic.message.parts.compactMap { part -> String? in
                if case .setting(let name) = part { return DiagnosticPrinter.flag(name) }
                return nil
            }
            #expect(Set(named) == Set(flags), "\(diagnostic.code)")
            for flag in flags { #expect(DiagnosticPrinter.text(diagnostic).contains(flag)) }
        }
    }

    @Test func everyFindingHasAStableCode() {
        for (diagnostic, _) in Self.findings { #expect(!diagnostic.code.rawValue.isEmpty && diagnostic.severity == .error) }
        #expect(MergeError.notAShard(folder: "s").diagnostics.map(\.code) == ["not-a-shard"])
        #expect(ProjectStarterError.exists(path: "p", canForce: true).diagnostic.code == "init-file-exists")
        #expect(PackStarterError.badNames([.init(file: "f", reason: "r")]).diagnostics.map(\.code) == ["init-bad-name", "init-refused"])
    }

    /// The printed words are the ones the library's strings had (flags and all).
    @Test func printerKeepsTheWords() {
        func line(_ diagnostic: Diagnostic) -> String { DiagnosticPrinter.line(diagnostic) }
        #expect(
            line(GenerationError.emojiSource(.noBitmaps(path: "f.ttf", found: "glyf")).diagnostics[0])
                == "error: f.ttf: the font has no CBDT/CBLC colour bitmaps (it has glyf); emokit reads bitmap emoji fonts such as Noto Color Emoji. Use a folder of PNGs instead: --emoji-images DIR"
        )
        #expect(
            line(GenerationError.emojiSource(.noFontFound(searched: ["/a", "/b"])).diagnostics[0])
                == "error: no colour emoji font found (looked in /a, /b); install fonts-noto-color-emoji, or pass --emoji-font PATH or --emoji-images DIR")
        #expect(
            line(GenerationError.emojiData(.notInstalled(path: "/e.txt")).diagnostics[0])
                == "error: /e.txt: cannot read (not found; install unicode-data or pass --emoji-data FILE (Unicode's emoji-test.txt))")
        #expect(
            line(MergeError.notAShard(folder: "s1").diagnostics[0])
                == "error: s1: not an emokit shard (no emokit-shard.json); pass the folders written by 'emokit generate --shard K/N'")
        #expect(
            line(ProjectStarterError.exists(path: "p/emokit.json", canForce: true).diagnostic)
                == "error: p/emokit.json already exists; nothing written (--force replaces info.plist and emokit.json)")
        #expect(line(ProjectStarterError.exists(path: "p/x", canForce: false).diagnostic) == "error: p/x already exists; nothing written (remove or rename it first)")
        #expect(AssetCatalogName.problem(name: "a/b", scales: []) == "--xcassets takes a plain name such as Emoticons (the folder is NAME.xcassets), not 'a/b'")
        #expect(AssetCatalogName.problem(name: "E", scales: [2, 4]) == "asset catalogs hold 1x, 2x and 3x images; remove 4 from --scales or drop --xcassets")
    }
}
