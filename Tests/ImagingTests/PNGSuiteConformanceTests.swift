import Checksum
import Foundation
import Imaging
import TestSupport
import Testing

/// Every file of `../shared/conformance/pngsuite` against `rgba8.tsv`: valid files decode
/// bit-exact (canonical `sha256_rgba8` column: 16-bit samples rounded), rejects are refused with
/// a one-line error naming the file, and tolerated files either match or are refused.
struct PNGSuiteConformanceTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let path: String, verdict: String, width: Int, height: Int, sha256: String
        var testDescription: String { path }
    }

    static let suite = Fixtures.conformance.appendingPathComponent("pngsuite")
    static let rows: [Row] = Fixtures.tsvRecords(suite.appendingPathComponent("rgba8.tsv")).map {
        Row(
            path: $0["path"]!, verdict: $0["verdict"]!, width: Int($0["width"]!) ?? -1,
            height: Int($0["height"]!) ?? -1, sha256: $0["sha256_rgba8"]!)
    }

    @Test func tableIsComplete() {
        #expect(Self.rows.count == 374)
        #expect(Self.rows.filter { $0.verdict == "valid" }.count == 328)
        #expect(Self.rows.filter { $0.verdict == "reject" }.count == 36)
        #expect(Self.rows.filter { $0.verdict == "tolerate" }.count == 10)
    }

    @Test(arguments: rows.filter { $0.verdict == "valid" })
    func validFileDecodesBitExact(_ row: Row) throws {
        let decoded = try PNGDecoder().decode(contentsOf: Self.suite.appendingPathComponent(row.path), displayPath: row.path)
        #expect(decoded.image.width == row.width)
        #expect(decoded.image.height == row.height)
        #expect(SHA256.hexDigest(decoded.image.pixels) == row.sha256)
    }

    @Test(arguments: rows.filter { $0.verdict == "reject" })
    func corruptFileIsRefused(_ row: Row) {
        do {
            _ = try PNGDecoder().decode(contentsOf: Self.suite.appendingPathComponent(row.path), displayPath: row.path)
            Issue.record("\(row.path) decoded but must be refused")
        } catch {
            #expect(error.description.hasPrefix(row.path + ": "))
            #expect(!error.description.contains("\n"))
            #expect(error.reasonText.count > 8)
        }
    }

    @Test(arguments: rows.filter { $0.verdict == "tolerate" })
    func damagedFileDecodesExactlyOrIsRefused(_ row: Row) {
        do {
            let decoded = try PNGDecoder().decode(contentsOf: Self.suite.appendingPathComponent(row.path), displayPath: row.path)
            #expect(SHA256.hexDigest(decoded.image.pixels) == row.sha256)
        } catch {
            #expect(error.description.hasPrefix(row.path + ": "))
        }
    }
}
