import Foundation
import Testing

@testable import Settings

/// The starter `emokit.json` that `emokit init` writes is read from the rows marked for it, in
/// the table's order, each with its default (its exact text is pinned in `InitCommandTests`).
struct StarterConfigTests {
    @Test func starterConfigHoldsTheMarkedRowsInTableOrder() throws {
        let lines = StarterConfig.json.split(separator: "\n").dropFirst().dropLast()
        let keys = lines.map { $0.split(separator: "\"")[1] }.map(String.init)
        #expect(keys == SettingsTable.rows.filter { $0.starterJSON != nil }.compactMap(\.configKey))
        let object = try JSONSerialization.jsonObject(with: Data(StarterConfig.json.utf8)) as? [String: Any]
        #expect(object?.count == keys.count)
    }

    /// A starter key is a config key (the file is read back by `generate --config`).
    @Test func starterRowsHaveConfigKeys() {
        for row in SettingsTable.rows where row.starterJSON != nil { #expect(row.configKey != nil) }
    }
}
