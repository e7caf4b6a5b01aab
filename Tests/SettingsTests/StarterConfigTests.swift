import Testing

@testable import Settings

/// The starter `emokit.json` that `emokit init` writes is read from the rows marked for it,
/// with the defaults `--help` shows.
struct StarterConfigTests {
    @Test func starterConfigHoldsTheMarkedRowsWithTheirDefaults() {
        let expected = """
            {
              "packs": ["."],
              "out": "emokit-output",
              "widths": [320, 375, 390, 414, 428],
              "scales": [2, 3],
              "layout": "classic",
              "locale": "cn",
              "compression": 3,
              "preview": true,
              "xcassets": false,
              "web": false
            }

            """
        #expect(ProjectStarter.configJSON == expected)
    }

    /// A starter key is a config key (the file is read back by `generate --config`).
    @Test func starterRowsHaveConfigKeys() {
        for row in SettingsTable.rows where row.starterJSON != nil { #expect(row.configKey != nil) }
    }
}
