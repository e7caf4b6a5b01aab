import EmoticonManifest
import Foundation
import TestSupport
import Testing

/// Golden files under `Tests/PipelineTests/Golden/`, compared (or recorded with `EMOKIT_RECORD=1`)
/// by TestSupport's `Golden`.
enum GoldenFiles {
    static let folder = Fixtures.packageRoot.appendingPathComponent("Tests/PipelineTests/Golden")

    /// Compares `produced` with the golden `name`, or records it (and fails) in record mode.
    static func check(_ produced: Data, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try Golden.check(produced, against: folder.appendingPathComponent(name), sourceLocation: sourceLocation)
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
