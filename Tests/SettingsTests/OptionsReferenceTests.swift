import Foundation
import Testing

@testable import Settings

/// `Documentation/Options.md` is written from the settings table; the checked-in file must be
/// what the table writes now. Re-record on purpose with `EMOKIT_RECORD_OPTIONS=1 swift test
/// --filter OptionsReferenceTests`, and read the diff before committing it.
struct OptionsReferenceTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Documentation/Options.md")

    @Test func optionsReferenceIsUpToDate() throws {
        if ProcessInfo.processInfo.environment["EMOKIT_RECORD_OPTIONS"] == "1" {
            try OptionsReference.markdown.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let checkedIn = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(checkedIn == OptionsReference.markdown, "Documentation/Options.md differs from the settings table; re-record it")
    }

    /// Every row is in the reference, by flag or by config key.
    @Test func everyRowIsDocumented() {
        let text = OptionsReference.markdown
        for row in SettingsTable.rows {
            #expect(text.contains(row.flag.map { "`--\($0)" } ?? "`\(row.configKey ?? "")`"))
        }
    }
}
