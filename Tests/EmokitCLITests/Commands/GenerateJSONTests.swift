import Foundation
import TestSupport
import Testing

@testable import EmokitCLI

/// `generate --json`: one JSON object on stdout that scripts can read, for success and failure.
@Suite struct GenerateJSONTests {
    @Test func successSummaryListsFilesTabsPagesAndTimings() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let pack = Fixtures.conformance.appendingPathComponent("plists/weibo-valid").path
        let result = CLIRun.invoke(["generate", pack, "--out", out.path, "--widths", "375", "--no-cache", "--json"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(json["ok"] as? Bool == true)
        let tabs = try #require(json["tabs"] as? [[String: Any]])
        #expect(tabs.count == 1 && tabs[0]["entries"] as? Int == 12 && tabs[0]["pages"] as? Int == 1)
        let files = try #require(json["files"] as? [[String: Any]])
        let paths = files.compactMap { $0["path"] as? String }
        #expect(paths == paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        #expect(paths.contains("manifests/375.json") && paths.contains("SHA256SUMS"))
        for file in files {
            let path = try #require(file["path"] as? String)
            let size = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(path).path)[.size] as? Int
            #expect(file["bytes"] as? Int == size, "\(path)")
        }
        let sheets = try #require(json["sheets"] as? [String: Any])
        // Page sheets and skin-tone variants sheets (the tab-icon strips are not counted as sheets).
        let sheetFiles = paths.filter { $0.hasPrefix("sheets/") && $0.hasSuffix(".png") && !$0.hasPrefix("sheets/tab-icons") }
        #expect(sheetFiles.count == 4 && sheets["count"] as? Int == sheetFiles.count)
        let pages = try #require(json["pages"] as? [String: Any])
        #expect(pages["rendered"] as? Int == 1 && pages["reused"] as? Int == 0)
        let steps = (json["timings"] as? [[String: Any]] ?? []).compactMap { $0["step"] as? String }
        #expect(steps.first == "reading packs" && steps.contains("rendering pages") && steps.last == "writing checksums")
        #expect(!result.out.contains("emokit: 1 tab"), "the text summary is replaced by the JSON")
    }

    @Test func failureIsJSONToo() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let pack = Fixtures.conformance.appendingPathComponent("plists/missing-png-key").path
        let result = CLIRun.invoke(["generate", pack, "--out", out.path, "--no-cache", "--json"])
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(json["ok"] as? Bool == false)
        let errors = try #require(json["errors"] as? [String])
        #expect(errors.contains { $0.contains("info.plist") && $0.contains("png") })
        #expect(result.err.contains("error: "), "errors still go to stderr as lines")
    }
}
