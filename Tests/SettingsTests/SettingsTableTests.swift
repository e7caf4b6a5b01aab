import KeyboardLayout
import Testing

@testable import Settings

/// The settings table is the one place an option is declared: every row can be reached (a flag
/// or a config key), no name is declared twice, and every range or default in help text comes
/// from the row rather than being typed into it.
struct SettingsTableTests {
    @Test func everyRowHasAFlagOrAConfigKey() {
        for row in SettingsTable.rows { #expect(row.flag != nil || row.configKey != nil, "a row with neither: \(row.template)") }
    }

    @Test func namesAreDeclaredOnce() {
        let flags = SettingsTable.rows.compactMap(\.flag), keys = SettingsTable.rows.compactMap(\.configKey)
        #expect(Set(flags).count == flags.count)
        #expect(Set(keys).count == keys.count)
        let shorts = SettingsTable.rows.compactMap(\.short)
        #expect(Set(shorts).count == shorts.count)
    }

    /// A row's range names the row's own flag and key, so messages and help agree.
    @Test func rangesBelongToTheirRow() {
        for row in SettingsTable.rows {
            guard let range = row.range, let flag = row.flag else { continue }
            #expect(range.flag == "--\(flag)")
            if let key = row.configKey { #expect(range.key == key) }
        }
    }

    /// Help shows a range only through `{range}` and a default only through `{default}`: a range
    /// typed by hand (`1-32`) would go stale when the row's range changes.
    @Test func helpRangesComeFromTheRow() throws {
        let typedRange = try Regex(#"[0-9]+-[0-9]+"#)
        for row in SettingsTable.rows {
            if let range = row.range {
                #expect(row.template.contains("{range}"), "\(row.flag ?? "") has a range its help does not show")
                #expect(row.help.contains(range.bounds))
            }
            #expect(row.template.firstMatch(of: typedRange) == nil, "\(row.flag ?? "") types a range by hand: \(row.template)")
            if row.template.contains("{default}") { #expect(row.defaultText != nil) }
            #expect(!row.help.contains("{range}") && !row.help.contains("{default}"), "\(row.flag ?? "") help has an unfilled placeholder")
        }
        #expect(SettingsTable.row(flag: "columns")?.help == "Grid columns, \(OptionRanges.columns.bounds) (default: \(GridSpec().columns)).")
    }

    /// Every colour of `KeyboardColors.settings` is a row, under `colors.`.
    @Test func coloursComeFromTheColourTable() {
        for colour in KeyboardColors.settings {
            let row = SettingsTable.row(flag: colour.flag)
            #expect(row?.configKey == "colors.\(colour.key)")
            #expect(row?.help == colour.help)
            #expect(row.map { $0.help.contains("(default: \($0.defaultText ?? "?"))") } == true)
        }
    }

    /// The config file's objects and the keys each may hold, as the unknown-key check reads them.
    @Test func configObjectsListTheirKeysInTableOrder() {
        let objects = SettingsTable.configObjects
        #expect(objects["grid"] == ["columns", "rows", "rowHeight", "iconSize", "insets", "columnSpacing", "rowSpacing", "snapToPixels"])
        #expect(objects["grid.insets"] == ["top", "left", "bottom", "right"])
        #expect(objects["metrics"] == ["toolbarHeight", "pageControlHeight", "tabBarHeight", "gridTop", "pageControlTop", "keyboardHeight"])
        #expect(objects["colors"] == ["background", "pageDot", "currentPageDot", "tabBarBackground", "selectedTab", "dark"])
        #expect(objects["colors.dark"] == ["background", "pageDot", "currentPageDot", "tabBarBackground", "selectedTab"])
        #expect(Set(objects.keys) == ["", "grid", "grid.insets", "metrics", "colors", "colors.dark"])
    }

    /// A flag's value is read by its row: the range and the words of its value name decide.
    @Test func rowsReadFlagValues() throws {
        #expect(try SettingsTable["columns"].number("12") == 12)
        #expect(throws: FlagValueError.self) { try SettingsTable["columns"].number("33") }
        #expect(try SettingsTable["widths"].wholeNumbers("375, 414") == [375, 414])
        #expect(try SettingsTable["locale"].choice("tw") == "tw")
        let refusal = #expect(throws: FlagValueError.self) { try SettingsTable["missing-glyph"].choice("skp") }
        #expect(refusal?.description == "The value 'skp' is invalid for '--missing-glyph <fail|skip>'\nHelp: Did you mean 'skip'?")
        #expect(try SettingsTable["page-dot"].colour("#abc") == "#AABBCC")
    }
}
