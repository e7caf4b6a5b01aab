import Foundation
import TestSupport
import Testing

/// The summary's size report (text and `--json`) and `--size-budget` (flag and config key) as a
/// user meets them: exit 1 with one line naming what is too big, the previous output kept.
struct SizeReportSummaryTests {
    static let pack = Fixtures.samplePacks.appendingPathComponent("faces").path

    /// The bytes of the output's sheets at `scale` (the faces pack: its pages and tab icon strip).
    static func sheetBytes(_ out: URL, scale: Int) throws -> Int {
        try FileTree.files(out).filter { $0.hasPrefix("sheets/") && $0.hasSuffix("@\(scale)x.png") }.reduce(0) {
            $0 + (try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent($1).path)[.size] as! Int)
        }
    }

    @Test func theJSONSummaryHasTheSizesEachPlatformShips() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let result = CLIRun.invoke(["generate", Self.pack, "--out", out.path, "--widths", "375,414", "--no-cache", "--json", "--size-budget", "100000000"])
        #expect(result.status == 0, "\(result.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let sizes = try #require(json["sizes"] as? [String: Any])
        #expect(sizes["budget"] as? Int == 100_000_000)
        let shipped = try #require(sizes["shipped"] as? [[String: Any]])
        #expect(shipped.map { "\($0["platform"] as? String ?? "?")@\($0["scale"] as? Int ?? 0)" } == ["ios@2", "ios@3", "web@2", "web@3"])
        for shipment in shipped {
            let scale = try #require(shipment["scale"] as? Int)
            #expect(shipment["bytes"] as? Int == (try Self.sheetBytes(out, scale: scale)))
            #expect(shipment["withinBudget"] as? Bool == true)
            // The faces pack: 2 page sheets and the tab icon strip per scale.
            #expect(shipment["sheets"] as? Int == 3)
            let biggest = try #require(shipment["biggest"] as? [[String: Any]])
            #expect(biggest.count == 3 && biggest.allSatisfy { ($0["path"] as? String)?.hasSuffix("@\(scale)x.png") == true })
        }
        let all = try #require(sizes["all"] as? [String: Any])
        let every = try Self.sheetBytes(out, scale: 2) + Self.sheetBytes(out, scale: 3)
        #expect(all["sheets"] as? Int == 6 && all["bytes"] as? Int == every)
    }

    @Test func theTextSummaryStatesTheSizes() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let result = CLIRun.invoke(["generate", Self.pack, "--out", out.path, "--widths", "375", "--no-cache"])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex { $0.hasPrefix("What an app ships of the sheets") })
        #expect(lines[heading + 1].hasPrefix("  iOS app, after app thinning: @2x ") && lines[heading + 1].contains(", @3x "), "\(result.out)")
        #expect(lines[heading + 2].hasPrefix("  web page, per device pixel ratio: @2x "), "\(result.out)")
        let budgeted = CLIRun.invoke(["generate", Self.pack, "--out", out.path, "--widths", "375", "--no-cache", "--size-budget", "100000000"])
        #expect(budgeted.status == 0 && budgeted.out.contains(" (each within the size budget of 100000000 bytes):\n"), "\(budgeted.out)")
    }

    /// Over the budget (from the flag or the config file): exit 1, one error line naming the
    /// platform, scale, bytes, budget and biggest sheet; the previous output is left as it was.
    @Test func anOverBudgetRunExitsOneAndKeepsThePreviousOutput() throws {
        let dir = Fixtures.temporaryDirectory()
        let out = dir.appendingPathComponent("out")
        let common = [Self.pack, "--out", out.path, "--widths", "375", "--no-cache"]
        #expect(CLIRun.invoke(["generate"] + common).status == 0)
        let before = FileTree.tree(out)
        let threeX = try Self.sheetBytes(out, scale: 3)
        let result = CLIRun.invoke(["generate"] + common + ["--size-budget", "1000"])
        #expect(result.status == 1, "\(result.err)")
        let errors = result.err.split(separator: "\n").filter { $0.contains("error") }
        #expect(errors.count == 1, "\(result.err)")
        #expect(
            result.err.contains("an iOS app @3x ships \(threeX) bytes of sheets (3 sheets), over --size-budget 1000 bytes; the biggest: sheets/faces/page-"),
            "\(result.err)")
        #expect(result.err.contains("also over: web @3x, iOS @2x, web @2x"), "\(result.err)")
        #expect(FileTree.tree(out) == before)

        let config = dir.appendingPathComponent("emokit.json")
        try Data(#"{"sizeBudget": 1000}"#.utf8).write(to: config)
        let configured = CLIRun.invoke(["generate"] + common + ["--config", config.path, "--json"])
        #expect(configured.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(configured.out.utf8)) as? [String: Any])
        #expect((json["errors"] as? [String])?.first?.contains("over --size-budget 1000 bytes") == true, "\(configured.out)")
        #expect(FileTree.tree(out) == before)
    }
}
