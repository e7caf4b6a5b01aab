import Foundation
import KeyboardLayout
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// The size report (what an iOS app and a web page ship per scale) is the written sheets' byte
/// counts, and `--size-budget` stops a run over it before anything is swapped in.
struct SizeBudgetTests {
    /// The bytes of the output's sheet files that `include` selects (paths relative to `out`).
    static func bytes(_ out: URL, _ include: (String) -> Bool) throws -> (count: Int, bytes: Int) {
        let paths = FileTree.files(out).filter { $0.hasPrefix("sheets/") && $0.hasSuffix(".png") && include($0) }
        let bytes = try paths.reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent($1).path)[.size] as! Int) }
        return (paths.count, bytes)
    }

    static func shipment(_ sizes: ShippedSizes, _ platform: ShippedSizes.Platform, _ scale: Int) throws -> ShippedSizes.Shipment {
        try #require(sizes.shipments.first { $0.platform == platform && $0.scale == scale })
    }

    /// Whether `path` is a page sheet drawn for one screen width (`sheets/<tab>/<width>/page-...`).
    static func perWidthPage(_ path: String, width: Int? = nil) -> Bool {
        let parts = path.split(separator: "/")
        return parts.count == 4 && Int(parts[2]).map { width == nil || $0 == width } == true
    }

    @Test func anyWidthSheetsShipEverySheetOfTheScale() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let report = try PipelineRun.generate([Fixtures.samplePacks], out: out, widths: [375, 414]) { $0.scales = [2, 3] }
        let sizes = report.sizes
        #expect(sizes.shipments.map { "\($0.platform.rawValue)@\($0.scale)" } == ["ios@2", "ios@3", "web@2", "web@3"])
        for scale in [2, 3] {
            // The web: pages, tab icon strips and variant sheets of the scale. An iOS app: the
            // catalog's pages and tab icons of the scale (thinned), and the variant sheets at
            // every scale (beside the catalog, not thinned).
            let web = try Self.bytes(out) { $0.hasSuffix("@\(scale)x.png") }
            let iOS = try Self.bytes(out) { $0.hasSuffix("@\(scale)x.png") || $0.contains("/variants/") }
            #expect(iOS.bytes > web.bytes)
            for platform in ShippedSizes.Platform.allCases where platform != .android {
                let expected = platform == .iOS ? iOS : web
                let shipment = try Self.shipment(sizes, platform, scale)
                #expect(shipment.bytes == expected.bytes && shipment.sheets == expected.count, "\(platform) @\(scale)x")
                #expect(shipment.biggest.count == ShippedSizes.biggestCount && shipment.biggest.map(\.bytes) == shipment.biggest.map(\.bytes).sorted(by: >))
                for sheet in shipment.biggest {
                    #expect(try Self.bytes(out) { $0 == sheet.path }.bytes == sheet.bytes, "\(sheet.path)")
                }
            }
        }
        let all = try Self.bytes(out) { _ in true }
        #expect(sizes.allSheets == all.count && sizes.allBytes == all.bytes)
    }

    /// Per-width sheets: iOS takes every width's page sheets (or `--xcassets-widths`'), the web
    /// the smallest width's; both take the shared sheets.
    @Test func perWidthSheetsShipTheWidthsEachPlatformTakes() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let widths = [375, 414]
        let report = try PipelineRun.generate([Fixtures.samplePacks], out: out, widths: widths) {
            $0.scales = [2, 3]
            $0.sheetLayout = .perWidth
        }
        let variants = try Self.bytes(out) { $0.contains("/variants/") }
        for scale in [2, 3] {
            let shared = try Self.bytes(out) { $0.hasSuffix("@\(scale)x.png") && !Self.perWidthPage($0) }
            let otherScale = try Self.bytes(out) { !$0.hasSuffix("@\(scale)x.png") && $0.contains("/variants/") }
            #expect(variants.bytes > otherScale.bytes && otherScale.bytes > 0)
            let everyWidth = try Self.bytes(out) { $0.hasSuffix("@\(scale)x.png") && Self.perWidthPage($0) }
            let smallest = try Self.bytes(out) { $0.hasSuffix("@\(scale)x.png") && Self.perWidthPage($0, width: 375) }
            #expect(try Self.shipment(report.sizes, .iOS, scale).bytes == shared.bytes + otherScale.bytes + everyWidth.bytes)
            #expect(try Self.shipment(report.sizes, .web, scale).bytes == shared.bytes + smallest.bytes)
        }
        let catalog = Fixtures.temporaryDirectory().appendingPathComponent("catalog")
        let limited = try PipelineRun.generate([Fixtures.samplePacks], out: catalog, widths: widths) {
            $0.scales = [2, 3]
            $0.sheetLayout = .perWidth
            $0.assetCatalog = "Emoticons"
            $0.assetCatalogWidths = [414]
        }
        let shared = try Self.bytes(catalog) { ($0.hasSuffix("@3x.png") || $0.contains("/variants/")) && !Self.perWidthPage($0) }
        let wide = try Self.bytes(catalog) { $0.hasSuffix("@3x.png") && Self.perWidthPage($0, width: 414) }
        #expect(try Self.shipment(limited.sizes, .iOS, 3).bytes == shared.bytes + wide.bytes)
    }

    /// Over the budget: the run stops with one error naming the platform, scale, bytes, budget
    /// and biggest sheets, and the previous output is left as it was (nothing beside it).
    @Test func anOverBudgetRunFailsAndLeavesThePreviousOutput() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let configure: (inout GeneratorOptions) -> Void = { $0.scales = [2, 3] }
        let first = try PipelineRun.generate([Fixtures.samplePacks], out: out, configure: configure)
        let before = FileTree.tree(out)
        let worst = try #require(first.sizes.shipments.max { $0.bytes < $1.bytes })
        let budget = worst.bytes - 1
        do {
            _ = try PipelineRun.generate([Fixtures.samplePacks], out: out) {
                configure(&$0)
                $0.publishing.sizeBudget = budget
            }
            Issue.record("a run over its size budget must fail")
        } catch let error as GenerationError {
            #expect(!error.isOutputFailure, "exit 1: the sheets are too big, the output was fine")
            let lines = error.diagnostics(.error).map(Printed.text)
            #expect(lines.count == 1 && !lines[0].contains("\n"))
            let biggest = worst.biggest.map { "\($0.path) (\($0.bytes) bytes)" }.joined(separator: ", ")
            #expect(
                lines[0].hasPrefix(
                    "\(worst.platform.inSentence) @\(worst.scale)x ships \(worst.bytes) bytes of sheets (\(worst.sheets) sheets), over --size-budget \(budget) bytes; the biggest: \(biggest)"),
                "\(lines[0])")
            // Just over the largest shipment (an iOS app's, which takes the variant sheets at
            // every scale): nothing else is over.
            #expect(!lines[0].contains("; also over: "), "\(lines[0])")
        }
        #expect(FileTree.tree(out) == before, "the previous output changed")
        #expect(FileTree.leftovers(beside: out) == [])
    }

    @Test func aRunWithinItsBudgetPasses() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let report = try PipelineRun.generate([Fixtures.samplePacks], out: out) { $0.scales = [2, 3] }
        let most = try #require(report.sizes.shipments.map(\.bytes).max())
        let again = try PipelineRun.generate([Fixtures.samplePacks], out: out) {
            $0.scales = [2, 3]
            $0.publishing.sizeBudget = most
        }
        #expect(again.sizes == report.sizes)
        #expect(report.sizes.over(budget: most).isEmpty && report.sizes.over(budget: most - 1).count >= 1)
    }
}
