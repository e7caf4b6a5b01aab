import EmoticonPacks
import Imaging
import KeyboardLayout

/// The defaults a run starts from that no other module owns, shared by `GeneratorOptions` and
/// the table's help text, so `--help` shows the value a run really uses.
public enum RunDefaults {
    /// The widths of current iPhones (320 SE, 375, 390, 414, 428).
    public static let widths = [320, 375, 390, 414, 428]
    public static let scales = [2, 3]
    public static let layout = LayoutPreset.classic
    public static let locale = TitleLocale.cn
    public static let output = "emokit-output"
    public static let maxPlistSizeMB = 10
    /// The asset catalog `--xcassets` writes without a name.
    public static let assetCatalog = "Emoticons"
}

/// Every option of `generate` (and so of `validate`, which takes a part of them), in the order
/// `--help` lists them, with the config-only keys beside the options they belong with. The
/// command line's option list, `--help`, shell completions, the starter config and
/// `Documentation/Options.md` are all read from these rows.
public enum SettingsTable {
    public static let rows: [Setting] = paths + geometry + content + checks + outputs + KeyboardColors.settings.map(colour)

    /// The rows with a flag: the command line's options, in `--help` order.
    public static var flags: [Setting] { rows.filter { $0.flag != nil } }

    /// The row of a flag (`max-width`); nil when no row has it.
    public static func row(flag: String) -> Setting? { rows.first { $0.flag == flag } }

    private static func number(_ value: Double) -> String { OptionRanges.number(value) }
    private static func list(_ values: [Int], separator: String) -> String { values.map(String.init).joined(separator: separator) }

    private static let paths: [Setting] = [
        .configOnly("packs", type: .paths, starter: #"["."]"#, help: "Pack folders or folders of packs, as the command line's <pack> arguments."),
        .value("config", "file", short: "c", type: .path, validates: true, help: "A JSON config file (see Documentation/ConfigFile.md); flags override it."),
        .value(
            "out", "dir", short: "o", key: "out", type: .path, default: RunDefaults.output, starter: "\"\(RunDefaults.output)\"",
            help: "Output folder (default: {default}). Replaced whole on success."),
    ]

    private static let geometry: [Setting] = {
        let grid = GridSpec(), metrics = KeyboardMetrics()
        return [
            .value(
                "widths", "list", key: "widths", type: .wholeNumbers, range: OptionRanges.width, default: list(RunDefaults.widths, separator: ","),
                starter: "[" + list(RunDefaults.widths, separator: ", ") + "]", example: "375,414", validates: true, shapesSheets: true,
                help: "Screen widths in points, each {range} (default: {default})."),
            .value(
                "scales", "list", key: "scales", type: .wholeNumbers, range: OptionRanges.scale, default: list(RunDefaults.scales, separator: ","),
                starter: "[" + list(RunDefaults.scales, separator: ", ") + "]", example: "2,3 (whole scales 1 to 4; a 1.5x screen uses the @2x sheets)",
                validates: true, shapesSheets: true, help: "Pixel scales, each {range} (default: {default})."),
            .value(
                "layout", LayoutPreset.allCases.map(\.rawValue).joined(separator: "|"), key: "layout", type: .word, default: RunDefaults.layout.rawValue,
                starter: "\"\(RunDefaults.layout.rawValue)\"", validates: true, shapesSheets: true,
                help: "The keyboard the frames follow (default: {default}, 8x4; weibo: YYKit's 7x3)."),
            .value(
                "columns", "n", key: "grid.columns", type: .wholeNumber, range: OptionRanges.columns, default: "\(grid.columns)", validates: true, shapesSheets: true,
                help: "Grid columns, {range} (default: {default})."),
            .value(
                "rows", "n", key: "grid.rows", type: .wholeNumber, range: OptionRanges.rows, default: "\(grid.rows)", validates: true, shapesSheets: true,
                help: "Grid rows, {range} (default: {default})."),
            .value(
                "row-height", "pt", key: "grid.rowHeight", type: .number, range: OptionRanges.rowHeight, default: number(grid.rowHeight), validates: true, shapesSheets: true,
                help: "Row height, {range} (default: {default})."),
            .value(
                "icon-size", "pt", key: "grid.iconSize", type: .number, range: OptionRanges.iconSize, default: number(grid.iconSize), validates: true, shapesSheets: true,
                help: "Icon size, {range} and at most the cell, centred in it (default: {default})."),
            .configOnly("grid.insets.top", type: .number, shapesSheets: true, help: "Space above the grid's first row, in points (default: 0)."),
            .configOnly("grid.insets.left", type: .number, shapesSheets: true, help: "Space left of the grid's first column, in points (default: 0)."),
            .configOnly("grid.insets.bottom", type: .number, shapesSheets: true, help: "Space below the grid's last row, in points (default: 0)."),
            .configOnly("grid.insets.right", type: .number, shapesSheets: true, help: "Space right of the grid's last column, in points (default: 0)."),
            .configOnly("grid.columnSpacing", type: .number, shapesSheets: true, help: "Space between columns, in points (default: 0)."),
            .configOnly("grid.rowSpacing", type: .number, shapesSheets: true, help: "Space between rows, in points (default: 0)."),
            .configOnly("grid.snapToPixels", type: .onOff, shapesSheets: true, help: "Round cell edges to whole pixels (default: false)."),
            .value(
                "toolbar-height", "pt", key: "metrics.toolbarHeight", type: .number, range: OptionRanges.toolbarHeight, default: number(metrics.toolbarHeight),
                shapesSheets: true, help: "Toolbar height, {range} (default: {default})."),
            .value(
                "page-control-height", "pt", key: "metrics.pageControlHeight", type: .number, range: OptionRanges.pageControlHeight,
                default: number(metrics.pageControlHeight), shapesSheets: true, help: "Page control height, {range} (default: {default})."),
            .value(
                "tab-bar-height", "pt", key: "metrics.tabBarHeight", type: .number, range: OptionRanges.tabBarHeight, default: number(metrics.tabBarHeight),
                shapesSheets: true, help: "Tab bar height, {range} (default: {default})."),
            .configOnly("metrics.gridTop", type: .number, shapesSheets: true, help: "Where the grid starts below the keyboard's top, in points (default: 0)."),
            .configOnly("metrics.pageControlTop", type: .number, shapesSheets: true, help: "Where the page control starts (default: right below the grid)."),
            .configOnly("metrics.keyboardHeight", type: .number, shapesSheets: true, help: "The keyboard's whole height (default: grid, page control and tab bar)."),
        ]
    }()

    private static let content: [Setting] = [
        .value(
            "locale", TitleLocale.choices, key: "locale", type: .word, default: RunDefaults.locale.rawValue, starter: "\"\(RunDefaults.locale.rawValue)\"",
            help: "Which group name titles a tab (default: {default})."),
        .value("delete-icon", "file", key: "deleteIcon", type: .path, validates: true, help: "Delete button icon (and its @2x/@3x); a pack's own delete.png wins for its tab."),
        .value("emoji-font", "path", key: "emojiFont", type: .path, validates: true, help: "Colour emoji font (default: Noto Color Emoji from the system)."),
        .value("emoji-images", "dir", key: "emojiImages", type: .path, validates: true, help: "Folder of emoji PNGs named by code points, instead of a font."),
        .onOff(
            "emoji-keyboard", key: "emojiKeyboard", shapesSheets: true,
            help: "Add the Unicode emoji keyboard after the packs: one tab per emoji group, skin tones on long press."),
        .onOff("no-emoji-keyboard", help: "Leave out the emoji keyboard, even if the config file adds it."),
        .value(
            "emoji-data", "file", key: "emojiData", type: .path, default: "/usr/share/unicode/emoji/emoji-test.txt", shapesSheets: true,
            help: "Unicode's emoji-test.txt (default: {default})."),
        .value(
            "cldr", "dir", key: "cldr", type: .path, default: "/usr/share/unicode/cldr/common", shapesSheets: true,
            help: "CLDR's common folder, for emoji names and keywords (default: {default})."),
        .value(
            "missing-glyph", "fail|skip", key: "missingGlyph", type: .word, default: "fail", validates: true, shapesSheets: true,
            help: "An emoji without a glyph stops the run (fail, default) or leaves its cell empty (skip)."),
        .configOnly("tabIds", type: .object, shapesSheets: true, help: "Tab ids by pack folder name or plist id: {\"猫 咪\": \"cats\"}."),
    ]

    private static let checks: [Setting] = {
        let limits = PNGDecoder.Limits()
        return [
            .onOff("lenient", key: "lenient", validates: true, help: "Skip bad entries (and bad images) with a warning instead of failing the run."),
            .onOff("no-lenient", validates: true, help: "Stop at the first bad entry (the default), even if the config file says lenient."),
            .onOff("strict", key: "strict", validates: true, help: "Treat warnings about the packs (skipped folders, unknown keys, enlarged images) as errors."),
            .onOff("no-strict", validates: true, help: "Keep warnings about the packs as warnings (the default), even if the config file says strict."),
            .value(
                "max-width", "pixels", type: .wholeNumber, range: OptionRanges.maxWidth, default: "\(limits.maxWidth)", validates: true, shapesSheets: true,
                help: "Refuse images wider than this, {range} (default: {default})."),
            .value(
                "max-height", "pixels", type: .wholeNumber, range: OptionRanges.maxHeight, default: "\(limits.maxHeight)", validates: true, shapesSheets: true,
                help: "Refuse images taller than this, {range} (default: {default})."),
            .value(
                "max-pixels", "count", type: .wholeNumber, range: OptionRanges.maxPixels, default: "\(limits.maxPixels)", validates: true, shapesSheets: true,
                help: "Refuse images with more pixels than this, {range} (default: {default})."),
            .value(
                "max-plist-size", "MB", key: "maxPlistSizeMB", type: .wholeNumber, range: OptionRanges.maxPlistSize, default: "\(RunDefaults.maxPlistSizeMB)",
                validates: true, help: "Refuse plists larger than this, {range} (default: {default})."),
        ]
    }()

    private static let outputs: [Setting] = [
        .value(
            "compression", "0-9|max", key: "compression", type: .wholeNumber, range: OptionRanges.compression, default: "\(PNGEncoder().compressionLevel)",
            starter: "\(PNGEncoder().compressionLevel)", shapesSheets: true,
            help: "How hard to compress the sheets, {range} (default: {default}); max: the smallest sheets, several times slower, for the sheets you ship."),
        .value("jobs", "n", short: "j", type: .wholeNumber, range: OptionRanges.jobs, default: "the number of cores", help: "Pages rendered at once, {range} (default: {default})."),
        .onOff("preview", key: "preview", starter: "true", help: "Write the HTML preview (the default), even if the config file turns it off."),
        .onOff("no-preview", help: "Do not write the HTML preview."),
        .value("base-url", "url", type: .text, help: "The site's public address: adds sitemap.xml and Open Graph tags (links stay relative)."),
        .value("archive", "file.tar.gz", type: .path, help: "Also write the output as a reproducible .tar.gz there (outside the output folder)."),
        Setting(
            flag: "xcassets", kind: .optionalValue("name"), configKey: "xcassets", type: .text, defaultText: RunDefaults.assetCatalog, starterJSON: "false",
            shapesSheets: true, help: "Also write an Xcode asset catalog NAME.xcassets (default: {default}), an image set per page."),
        .onOff("no-xcassets", help: "Do not write an asset catalog, even if the config file asks for one."),
        .onOff(
            "web", key: "web", starter: "false", shapesSheets: true,
            help: "Also write web/<width>/: a TexturePacker JSON per sheet (PixiJS, Phaser) and emoticons.css."),
        .onOff("no-web", help: "Do not write web/, even if the config file asks for it."),
        .onOff("wait", shapesSheets: true, help: "If another run is writing the same --out, wait for it instead of failing at once."),
        .value("cache", "dir", type: .path, help: "Page cache folder (default: the user's cache folder, e.g. ~/.cache/emokit)."),
        .onOff("no-cache", help: "Render every page; neither read nor write the page cache."),
        .value("shard", "k/n", type: .text, help: "Render only the K-th of N shares of the tabs (balanced by pages); join them with 'emokit merge'."),
        .onOff("quiet", short: "q", help: "Print only errors and warnings (no progress line)."),
        .onOff("json", help: "Print a JSON summary on stdout instead of the text one (files, tabs, pages, warnings, timings)."),
    ]

    /// A colour of `KeyboardColors.settings`: its flag, its key under `colors` and its help.
    private static func colour(_ setting: KeyboardColors.Setting) -> Setting {
        .value(setting.flag, "#rrggbb", key: "colors.\(setting.key)", type: .colour, default: KeyboardColors()[keyPath: setting.keyPath], help: setting.help)
    }
}

extension SettingsTable {
    /// The keys each object of the config file may hold, read from the rows' config keys in the
    /// table's order: `""` (the top level) → `packs`, `out`, `grid`…; `grid` → `columns`…,
    /// `insets`; `colors.dark` → `background`…. A key no row declares is an unknown key.
    public static let configObjects: [String: [String]] = {
        var objects: [String: [String]] = [:]
        for key in rows.compactMap(\.configKey) {
            let parts = key.split(separator: ".").map(String.init)
            for depth in parts.indices {
                let parent = parts[..<depth].joined(separator: ".")
                if !(objects[parent] ?? []).contains(parts[depth]) { objects[parent, default: []].append(parts[depth]) }
            }
        }
        return objects
    }()
}
