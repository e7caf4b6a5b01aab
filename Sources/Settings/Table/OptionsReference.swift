import Foundation

/// `Documentation/Options.md`: every row of `SettingsTable` as a table line, written from the
/// rows themselves so the reference cannot drift from `--help` or the config file. A test
/// (`OptionsReferenceTests`) compares it with the checked-in file.
public enum OptionsReference {
    public static var markdown: String {
        var lines = [
            "# Options",
            "",
            "<!-- Generated from Sources/Settings/Table/Rows/ by OptionsReference.markdown; do not edit.",
            "     Re-record with EMOKIT_RECORD=1 swift test --filter OptionsReferenceTests. -->",
            "",
            "Every option of `emokit generate`: its flag, its key in the config file (`--config`), the",
            "type and range of its value, its default and what it does. Flags override config keys.",
            "*Validate* marks the flags `emokit validate` takes too (they change what is checked).",
            "",
            "| Flag | Config key | Type | Range | Default | Validate | Description |",
            "|---|---|---|---|---|---|---|",
        ]
        for row in SettingsTable.rows {
            let flag = row.flag.map { _ in ([row.short.map { "-\($0)" }].compactMap { $0 } + [row.usageText]).map(code).joined(separator: ", ") } ?? ""
            let cells = [
                flag, row.configKey.map(code) ?? "", row.type.rawValue, row.range?.text ?? "", text(row.defaultText ?? ""),
                row.validates ? "yes" : "", text(row.help),
            ]
            lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func code(_ text: String) -> String { "`\(text)`" }

    /// Prose for a cell: `<width>` would be read as an HTML tag. (Every cell escapes `|`, which
    /// would end it, even in code.)
    private static func text(_ prose: String) -> String { prose.replacingOccurrences(of: "<", with: "&lt;") }
}
