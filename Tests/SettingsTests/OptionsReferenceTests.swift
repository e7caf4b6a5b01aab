import Foundation
import TestSupport
import Testing

@testable import Settings

/// `Documentation/Options.md` is written from the settings table; the checked-in file must be
/// what the table writes now. Re-record on purpose with `EMOKIT_RECORD=1 swift test
/// --filter OptionsReferenceTests`, and read the diff before committing it.
struct OptionsReferenceTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Documentation/Options.md")

    @Test func optionsReferenceIsUpToDate() throws {
        try Golden.check(OptionsReference.markdown, against: Self.file)
    }

    /// Every row is in the reference, by flag or by config key.
    @Test func everyRowIsDocumented() {
        let text = OptionsReference.markdown
        for row in SettingsTable.rows {
            #expect(text.contains(row.flag.map { "`--\($0)" } ?? "`\(row.configKey ?? "")`"))
        }
    }
}
