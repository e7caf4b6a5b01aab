import EmoticonManifest
import Foundation
import PipelineTestSupport
import TestSupport
import Testing

@testable import Pipeline

/// `--keywords FILE`: image entries get search keywords (which the manifest records and the web
/// runtime searches beside the text and pinyin); a bad file stops the run with its line named.
struct KeywordsFileTests {
    static func message(_ body: () throws -> Void) -> String? {
        do { try body() } catch let error as GenerationError { return error.diagnostics(.error).map(Printed.text).joined(separator: "\n") } catch {
            return "\(error)"
        }
        return nil
    }

    @Test func imageEntriesGetTheirKeywordsInTheManifestAndTheWebData() throws {
        let root = Fixtures.temporaryDirectory()
        let file = root.appendingPathComponent("keywords.tsv")
        try "# keywords for the faces\n[哈哈]\tlaugh, happy face\n\n[爱你]\tlove,heart\r\n[not in any pack]\tnothing\n".write(
            to: file, atomically: true, encoding: .utf8)
        let out = root.appendingPathComponent("out")
        _ = try PipelineRun.generate([Fixtures.samplePacks], out: out) {
            $0.keywordsFile = file
            $0.writeWeb = true
        }
        let manifest = try Manifest.decode(try Data(contentsOf: out.appendingPathComponent("manifests/375.json")))
        let buttons = manifest.tabs.flatMap(\.pages).flatMap(\.buttons)
        #expect(buttons.first { $0.text == "[哈哈]" }?.keywords == ["laugh", "happy face"])
        #expect(buttons.first { $0.text == "[爱你]" }?.keywords == ["love", "heart"])
        #expect(buttons.filter { $0.codePoints == nil && $0.keywords != nil }.count == 2)
        let script = try String(contentsOf: out.appendingPathComponent("web/emoticons.js"), encoding: .utf8)
        #expect(script.contains(#""keywords":["laugh","happy face"]"#))
    }

    @Test func aBadKeywordsFileIsRefusedWithItsLine() throws {
        #expect(
            Self.message { _ = try EntryKeywords.parse("[a]\tx\n[b]\n", display: "kw.tsv") }
                == "keywords file kw.tsv:2: expected an entry's text, a tab, and its keywords separated by commas")
        #expect(
            Self.message { _ = try EntryKeywords.parse("[a]\tx\n\n[a]\ty\n", display: "kw.tsv") }
                == "keywords file kw.tsv:3: \"[a]\" has keywords on line 1 already; keep one line per text")
        #expect(Self.message { _ = try EntryKeywords.parse("[a]\t , ,\n", display: "kw.tsv") }?.contains("kw.tsv:1:") == true)
        let root = Fixtures.temporaryDirectory()
        let out = root.appendingPathComponent("out")
        let missing = Self.message {
            _ = try PipelineRun.generate([Fixtures.samplePacks], out: out) { $0.keywordsFile = root.appendingPathComponent("nope.tsv") }
        }
        #expect(missing?.contains("nope.tsv") == true && missing?.contains("no such file") == true, "\(missing ?? "")")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
