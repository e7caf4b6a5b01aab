import Foundation
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// Errors of a run name the pack entry whose image is bad.
struct ProblemReportingTests {
    @Test func aBadImageIsReportedWithItsEntry() throws {
        let dir = Fixtures.temporaryDirectory()
        let pack = dir.appendingPathComponent("weibo")
        try Fixtures.copy(Fixtures.conformance.appendingPathComponent("plists/weibo-valid"), to: pack)
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: pack.appendingPathComponent("info.plist")), format: nil) as? [[String: Any]]
        let entry = try #require(plist?.firstIndex { ($0["type"] as? String) == "0" })
        let file = try #require(plist?[entry]["png"] as? String)
        let chs = try #require(plist?[entry]["chs"] as? String)
        let good = try Data(contentsOf: pack.appendingPathComponent(file))
        try good.prefix(good.count / 2).write(to: pack.appendingPathComponent(file))  // cut mid-IDAT
        let out = dir.appendingPathComponent("out")
        do {
            _ = try PipelineRun.generate([pack], out: out)
            Issue.record("a truncated PNG must stop the run")
        } catch let error as GenerationError {
            let lines = error.diagnostics(.error).map(Printed.text)
            #expect(lines.count == 1)
            #expect(lines[0].hasPrefix("weibo/info.plist: entry \(entry) (\"\(chs)\"): png: weibo/\(file): truncated PNG: the file ends before the image is complete"))
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
