import EmoticonManifest
import Foundation
import TestSupport
import Testing

/// Golden files under `Tests/PipelineTests/Golden/`. They are written only when
/// `EMOKIT_RECORD_GOLDEN=1`, and a recording run always fails, so a golden can never pass by
/// being compared with itself; the next run (without the variable) compares.
enum GoldenFiles {
    static let folder = Fixtures.packageRoot.appendingPathComponent("Tests/PipelineTests/Golden")
    static var recording: Bool { ProcessInfo.processInfo.environment["EMOKIT_RECORD_GOLDEN"] == "1" }

    /// Compares `produced` with the golden `name`, or records it (and fails) in record mode.
    static func check(_ produced: Data, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if recording {
            try produced.write(to: url)
            Issue.record("recorded Golden/\(name); run again without EMOKIT_RECORD_GOLDEN to compare", sourceLocation: sourceLocation)
            return
        }
        let expected = try Data(contentsOf: url)
        guard produced != expected else { return }
        let new = String(decoding: produced, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let old = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let line = Array(zip(new, old)).firstIndex { $0.0 != $0.1 } ?? min(new.count, old.count)
        let got = line < new.count ? String(new[line]) : "(end)", want = line < old.count ? String(old[line]) : "(end)"
        Issue.record(
            "differs from Golden/\(name) at line \(line + 1): got \(got), expected \(want) (re-record on purpose with EMOKIT_RECORD_GOLDEN=1)",
            sourceLocation: sourceLocation)
    }

    /// The manifest without `sheetHashes` (pages and variants sheets): those are SHA-256s of encoded PNG bytes, which depend on
    /// the zlib and libpng build, so goldens hold layout only and sheets are compared as pixels.
    static func layoutJSON(_ manifest: Manifest) throws -> Data {
        var copy = manifest
        for t in copy.tabs.indices {
            for p in copy.tabs[t].pages.indices { copy.tabs[t].pages[p].sheetHashes = [:] }
            for v in copy.tabs[t].variantSheets?.indices ?? 0..<0 { copy.tabs[t].variantSheets?[v].sheetHashes = [:] }
        }
        return try copy.jsonData()
    }
}
