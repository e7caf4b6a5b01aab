import EmojiData
import EmoticonPacks
import Foundation
import Imaging
import KeyboardLayout
import PreviewSite
import SiteOutputs

/// The defaults a run starts from that no other module owns, shared by `GeneratorOptions` and
/// the table's help text, so `--help` shows the value a run really uses.
public enum RunDefaults {
    /// The widths of the iPhones iOS 26 runs on, one manifest each (the device of each width:
    /// Documentation/Widths.md). A width not listed (320, the first iPhone SE) picks its
    /// manifest by `ManifestWidthChoice`.
    public static let widths = [375, 390, 393, 402, 414, 420, 428, 430, 440]
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
        .configOnly(
            "packs", type: .paths, starter: #"["."]"#, help: "Pack folders or folders of packs, as the command line's <pack> arguments.",
            apply: { $0.inputs = $1.urls }),
        .value("config", "file", short: "c", type: .path, validates: true, help: "A JSON config file (see Documentation/ConfigFile.md); flags override it.", apply: nil),
        .value(
            "out", "dir", short: "o", key: "out", type: .path, default: RunDefaults.output, starter: "\"\(RunDefaults.output)\"",
            help: "Output folder (default: {default}). Replaced whole on success.", apply: { $0.output = $1.url }),
    ]

    private static let geometry: [Setting] = {
        let grid = GridSpec(), metrics = KeyboardMetrics()
        return [
            .value(
                "widths", "list", key: "widths", type: .wholeNumbers, range: OptionRanges.width, default: list(RunDefaults.widths, separator: ","),
                starter: "[" + list(RunDefaults.widths, separator: ", ") + "]", example: "375,414", validates: true, shapesSheets: true,
                help: "Screen widths in points, each {range} (default: {default}).", apply: { $0.widths = $1.numbers }),
            .value(
                "scales", "list", key: "scales", type: .wholeNumbers, range: OptionRanges.scale, default: list(RunDefaults.scales, separator: ","),
                starter: "[" + list(RunDefaults.scales, separator: ", ") + "]", example: "2,3 (whole scales 1 to 4; a 1.5x screen uses the @2x sheets)",
                validates: true, shapesSheets: true, help: "Pixel scales, each {range} (default: {default}).", apply: { $0.scales = $1.numbers }),
            .value(
                "layout", LayoutPreset.allCases.map(\.rawValue).joined(separator: "|"), key: "layout", type: .word, default: RunDefaults.layout.rawValue,
                starter: "\"\(RunDefaults.layout.rawValue)\"", validates: true, shapesSheets: true, appliesFirst: true,
                help: "The keyboard the frames follow (default: {default}, 8x4; weibo: YYKit's 7x3).",
                apply: { (options, value) throws(SettingProblem) in
                    options.useLayout(try Setting.word(value, among: LayoutPreset.allCases.map(\.rawValue), LayoutPreset.init(name:)))
                }),
            .value(
                "columns", "n", key: "grid.columns", type: .wholeNumber, range: OptionRanges.columns, default: "\(grid.columns)", validates: true, shapesSheets: true,
                help: "Grid columns, {range} (default: {default}).", apply: { $0.grid.columns = $1.whole }),
            .value(
                "rows", "n", key: "grid.rows", type: .wholeNumber, range: OptionRanges.rows, default: "\(grid.rows)", validates: true, shapesSheets: true,
                help: "Grid rows, {range} (default: {default}).", apply: { $0.grid.rows = $1.whole }),
            .value(
                "row-height", "pt", key: "grid.rowHeight", type: .number, range: OptionRanges.rowHeight, default: number(grid.rowHeight), validates: true, shapesSheets: true,
                help: "Row height, {range} (default: {default}).", apply: { $0.grid.rowHeight = $1.number }),
            .value(
                "icon-size", "pt", key: "grid.iconSize", type: .number, range: OptionRanges.iconSize, default: number(grid.iconSize), validates: true, shapesSheets: true,
                help: "Icon size, {range} and at most the cell, centred in it (default: {default}).", apply: { $0.grid.iconSize = $1.number }),
            .configOnly(
                "grid.insets.top", type: .number, shapesSheets: true, help: "Space above the grid's first row, in points, {range} (default: 0).",
                apply: { $0.grid.insets.top = $1.number }),
            .configOnly(
                "grid.insets.left", type: .number, shapesSheets: true, help: "Space left of the grid's first column, in points, {range} (default: 0).",
                apply: { $0.grid.insets.left = $1.number }),
            .configOnly(
                "grid.insets.bottom", type: .number, shapesSheets: true, help: "Space below the grid's last row, in points, {range} (default: 0).",
                apply: { $0.grid.insets.bottom = $1.number }),
            .configOnly(
                "grid.insets.right", type: .number, shapesSheets: true, help: "Space right of the grid's last column, in points, {range} (default: 0).",
                apply: { $0.grid.insets.right = $1.number }),
            .configOnly("grid.columnSpacing", type: .number, shapesSheets: true, help: "Space between columns, in points, {range} (default: 0).", apply: { $0.grid.columnSpacing = $1.number }),
            .configOnly("grid.rowSpacing", type: .number, shapesSheets: true, help: "Space between rows, in points, {range} (default: 0).", apply: { $0.grid.rowSpacing = $1.number }),
            .configOnly("grid.snapToPixels", type: .onOff, shapesSheets: true, help: "Round cell edges to whole pixels (default: false).", apply: { $0.grid.snapToPixels = $1.isOn }),
            .value(
                "toolbar-height", "pt", key: "metrics.toolbarHeight", type: .number, range: OptionRanges.toolbarHeight, default: number(metrics.toolbarHeight),
                shapesSheets: true, help: "Toolbar height, {range} (default: {default}).", apply: { $0.metrics.toolbarHeight = $1.number }),
            .value(
                "page-control-height", "pt", key: "metrics.pageControlHeight", type: .number, range: OptionRanges.pageControlHeight,
                default: number(metrics.pageControlHeight), shapesSheets: true, help: "Page control height, {range} (default: {default}).",
                apply: { $0.metrics.pageControlHeight = $1.number }),
            .value(
                "tab-bar-height", "pt", key: "metrics.tabBarHeight", type: .number, range: OptionRanges.tabBarHeight, default: number(metrics.tabBarHeight),
                shapesSheets: true, help: "Tab bar height, {range} (default: {default}).", apply: { $0.metrics.tabBarHeight = $1.number }),
            .configOnly(
                "metrics.gridTop", type: .number, shapesSheets: true, help: "Where the grid starts below the keyboard's top, in points, {range} (default: 0).",
                apply: { $0.metrics.gridTop = $1.number }),
            .configOnly(
                "metrics.pageControlTop", type: .number, shapesSheets: true, help: "Where the page control starts, in points, {range} (default: right below the grid).",
                apply: { $0.metrics.pageControlTop = $1.number }),
            .configOnly(
                "metrics.keyboardHeight", type: .number, shapesSheets: true, help: "The keyboard's whole height, in points, {range} (default: grid, page control and tab bar).",
                apply: { $0.metrics.fixedKeyboardHeight = $1.number }),
        ]
    }()

    private static let content: [Setting] = [
        .value(
            "locale", TitleLocale.choices, key: "locale", type: .word, default: RunDefaults.locale.rawValue, starter: "\"\(RunDefaults.locale.rawValue)\"",
            help: "Which group name titles a tab (default: {default}).",
            apply: { (options, value) throws(SettingProblem) in
                options.locale = try Setting.word(value, among: TitleLocale.allCases.map(\.rawValue), TitleLocale.init(rawValue:))
            }),
        .value(
            "delete-icon", "file", key: "deleteIcon", type: .path, validates: true, help: "Delete button icon (and its @2x/@3x); a pack's own delete.png wins for its tab.",
            apply: { $0.deleteIcon = $1.url }),
        .value(
            "emoji-font", "path", key: "emojiFont", type: .path, validates: true, help: "Colour emoji font (default: Noto Color Emoji from the system).",
            apply: { $0.emojiSource = .font(path: $1.url.relativePath) }),
        .value(
            "emoji-images", "dir", key: "emojiImages", type: .path, validates: true, help: "Folder of emoji PNGs named by code points, instead of a font.",
            apply: { $0.emojiSource = .images(path: $1.url.relativePath) }),
        .onOff(
            "emoji-keyboard", key: "emojiKeyboard", shapesSheets: true,
            help: "Add the Unicode emoji keyboard after the packs: one tab per emoji group, skin tones on long press.",
            apply: { $0.emojiKeyboard = $1.isOn }),
        .onOff("no-emoji-keyboard", help: "Leave out the emoji keyboard, even if the config file adds it.", apply: { options, _ in options.emojiKeyboard = false }),
        .value(
            "emoji-data", "file", key: "emojiData", type: .path, default: "/usr/share/unicode/emoji/emoji-test.txt", shapesSheets: true,
            help: "Unicode's emoji-test.txt (default: {default}).", apply: { $0.emojiData = $1.url }),
        .value(
            "cldr", "dir", key: "cldr", type: .path, default: "/usr/share/unicode/cldr/common", shapesSheets: true,
            help: "CLDR's common folder, for emoji names and keywords (default: {default}).", apply: { $0.cldr = $1.url }),
        .value(
            "missing-glyph", "fail|skip", key: "missingGlyph", type: .word, default: "fail", validates: true, shapesSheets: true,
            help: "An emoji without a glyph stops the run (fail, default) or leaves its cell empty (skip).",
            apply: { (options, value) throws(SettingProblem) in
                options.missingGlyph = try Setting.word(
                    value, among: GeneratorOptions.MissingGlyphPolicy.allCases.map(\.rawValue), GeneratorOptions.MissingGlyphPolicy.init(rawValue:))
            }),
        .value(
            "system-emoji", "version", key: "systemEmoji", type: .word, shapesSheets: true,
            help: "Emoji the app's oldest system draws (an Emoji version like 14.0, or ios16, android13...) get no image: the app draws their text.",
            apply: { (options, value) throws(SettingProblem) in
                guard let version = SystemEmoji.emojiVersion(for: value.text) else {
                    throw SettingProblem(expected: "an Emoji version like 14.0 or a system like ios16 or android13 (see Emoji.md)")
                }
                options.systemEmoji = version
            }),
        .value(
            "emoji-max-version", "version", key: "emojiMaxVersion", type: .word, shapesSheets: true,
            help: "Leave out of the emoji keyboard emoji newer than this Emoji version (e.g. 14.0), for readers that cannot show them.",
            apply: { (options, value) throws(SettingProblem) in
                guard let version = EmojiVersion(value.text) else { throw SettingProblem(expected: "an Emoji version like 14.0") }
                options.emojiMaxVersion = version.description
            }),
        .value(
            "emoji-exclude", "list", key: "emojiExclude", type: .text, shapesSheets: true,
            help: "Leave these emoji out of the emoji keyboard: emoji or hex code points (1F1F9 1F1FC), comma-separated; @FILE reads one a line.",
            apply: { (options, value) throws(SettingProblem) in
                let items = value.text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                for item in items where !item.hasPrefix("@") && EmojiSubset.parseItem(item) == nil {
                    throw SettingProblem(expected: "emoji or hex code points separated by commas, or @FILE (\"\(item.prefix(40))\" is neither)")
                }
                options.emojiExclude = items
            }),
        .value(
            "emoji-groups", "list", key: "emojiGroups", type: .text, shapesSheets: true,
            help: "Only these emoji groups become tabs, comma-separated (names like \"Smileys & Emotion\" or tab ids like smileys-emotion).",
            apply: { options, value in
                options.emojiGroups = value.text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }),
        .value(
            "skin-tones", "none|all", key: "skinTones", type: .word, default: "all", shapesSheets: true,
            help: "Skin-tone forms of emoji on long press (all, default) or none at all.",
            apply: { (options, value) throws(SettingProblem) in
                options.skinTones = try Setting.word(value, among: ["none", "all"]) { ["none": false, "all": true][$0] }
            }),
        .configOnly(
            "tabIds", type: .object, shapesSheets: true, help: "Tab ids by pack folder name or plist id: {\"猫 咪\": \"cats\"}.",
            apply: { $0.tabIDs = $1.object }),
        .configOnly(
            "tabTitles", type: .objects,
            help: "Tab titles by pack folder name or plist id, by locale, over the pack's own: {\"小喵\": {\"cn\": \"小喵\", \"en\": \"Kitty\"}}.",
            apply: { (options, value) throws(SettingProblem) in options.tabTitles = try tabTitles(value.objects) }),
        .configOnly(
            "packFiles", type: .objects, shapesSheets: true,
            help: "Which files a pack folder is read from, when it holds several: {\"经典\": {\"map\": \"Emotions.plist\", \"order\": \"Order.plist\", "
                + "\"images\": \"经典表情\", \"texts\": \"keys\"}}.",
            apply: { (options, value) throws(SettingProblem) in options.packFiles = try packFiles(value.objects) }),
    ]

    /// Titles by locale, each a title a tab can show.
    private static func tabTitles(_ objects: [String: [String: String]]) throws(SettingProblem) -> [String: [TitleLocale: String]] {
        var titles: [String: [TitleLocale: String]] = [:]
        for (pack, byLocale) in objects.sorted(by: { $0.key < $1.key }) {
            for (name, title) in byLocale.sorted(by: { $0.key < $1.key }) {
                guard let locale = TitleLocale(rawValue: name) else {
                    throw SettingProblem(expected: "a locale, \(SettingProblem.oneOf(TitleLocale.allCases.map(\.rawValue)).expected)", at: "\(pack).\(name)")
                }
                let length = title.unicodeScalars.count
                guard length > 0, length <= TextLimits.title, !title.contains(where: { $0.isNewline }) else {
                    throw SettingProblem(expected: "a title of 1 to \(TextLimits.title) characters on one line", at: "\(pack).\(name)")
                }
                titles[pack, default: [:]][locale] = title
            }
        }
        return titles
    }

    private static func packFiles(_ objects: [String: [String: String]]) throws(SettingProblem) -> [String: PackFileChoice] {
        var files: [String: PackFileChoice] = [:]
        for (pack, object) in objects.sorted(by: { $0.key < $1.key }) {
            switch PackFileChoice.parse(object) {
            case .success(let choice): files[pack] = choice
            case .failure(let problem): throw SettingProblem(expected: problem.expected, at: "\(pack).\(problem.key)")
            }
        }
        return files
    }

    private static let checks: [Setting] = {
        let limits = PNGDecoder.Limits()
        return [
            .onOff(
                "lenient", key: "lenient", validates: true, help: "Skip bad entries (and bad images) with a warning instead of failing the run.",
                apply: { options, value in
                    options.lenient = value.isOn
                    if value.isOn { options.strict = false }
                }),
            .onOff(
                "no-lenient", validates: true, help: "Fail the run on bad entries, listing every one (the default), even if the config file says lenient.",
                apply: { options, _ in options.lenient = false }),
            .onOff(
                "strict", key: "strict", validates: true, help: "Treat warnings about the packs (skipped folders, unknown keys, enlarged images) as errors.",
                apply: { options, value in
                    options.strict = value.isOn
                    if value.isOn { options.lenient = false }
                }),
            .onOff(
                "no-strict", validates: true, help: "Keep warnings about the packs as warnings (the default), even if the config file says strict.",
                apply: { options, _ in options.strict = false }),
            .value(
                "max-width", "pixels", type: .wholeNumber, range: OptionRanges.maxWidth, default: "\(limits.maxWidth)", validates: true, shapesSheets: true,
                help: "Refuse images wider than this, {range} (default: {default}).", apply: { $0.imageLimits.maxWidth = $1.whole }),
            .value(
                "max-height", "pixels", type: .wholeNumber, range: OptionRanges.maxHeight, default: "\(limits.maxHeight)", validates: true, shapesSheets: true,
                help: "Refuse images taller than this, {range} (default: {default}).", apply: { $0.imageLimits.maxHeight = $1.whole }),
            .value(
                "max-pixels", "count", type: .wholeNumber, range: OptionRanges.maxPixels, default: "\(limits.maxPixels)", validates: true, shapesSheets: true,
                help: "Refuse images with more pixels than this, {range} (default: {default}).", apply: { $0.imageLimits.maxPixels = $1.whole }),
            .value(
                "max-plist-size", "MB", key: "maxPlistSizeMB", type: .wholeNumber, range: OptionRanges.maxPlistSize, default: "\(RunDefaults.maxPlistSizeMB)",
                validates: true, help: "Refuse plists larger than this, {range} (default: {default}).",
                apply: { $0.maxPlistBytes = $1.whole * 1024 * 1024 }),
        ]
    }()

    private static let outputs: [Setting] =
        [
            .value(
                "compression", "0-9|max", key: "compression", type: .wholeNumber, range: OptionRanges.compression, default: "\(PNGEncoder().compressionLevel)",
                starter: "\(PNGEncoder().compressionLevel)", shapesSheets: true, words: ["max"],
                help: "How hard to compress the sheets, {range} (default: {default}); max: the smallest sheets, several times slower, for the sheets you ship.",
                apply: { (options, value) throws(SettingProblem) in
                    switch value {
                    case .text("max"): options.encoder = .maximum
                    case .number(let level): options.encoder = PNGEncoder(compressionLevel: Int(level))  // a level replaces "max" whole
                    default: throw SettingProblem(expected: "a whole number from \(OptionRanges.compression.text) or \"max\"")
                    }
                }),
            .value(
                "jobs", "n", short: "j", type: .wholeNumber, range: OptionRanges.jobs, default: "the number of cores", help: "Pages rendered at once, {range} (default: {default}).",
                apply: { $0.concurrency = $1.whole }),
            .onOff(
                "preview", key: "preview", starter: "true", help: "Write the HTML preview (the default), even if the config file turns it off.",
                apply: { $0.writePreview = $1.isOn }),
            .onOff("no-preview", help: "Do not write the HTML preview.", apply: { options, _ in options.writePreview = false }),
            .value(
                "base-url", "url", type: .text, help: "The site's public address: adds sitemap.xml and Open Graph tags (links stay relative).",
                apply: { (options, value) throws(SettingProblem) in
                    guard let urls = PublicURLs(base: value.text) else {
                        throw SettingProblem(expected: "an http(s) address without query or fragment, e.g. https://example.com/emoticons/")
                    }
                    options.publishing.baseURL = urls
                }),
            .value(
                "archive", "file.tar.gz", type: .path, help: "Also write the output as a reproducible .tar.gz there (outside the output folder).",
                apply: { $0.publishing.archive = $1.url }),
        ]
        + Setting.output(
            "xcassets", writer: AssetCatalogWriter.self, valueName: "name", default: RunDefaults.assetCatalog, key: "xcassets",
            help: "Also write an Xcode asset catalog NAME.xcassets (default: {default}), an image set per page.",
            offHelp: "Do not write an asset catalog, even if the config file asks for one.",
            check: { AssetCatalogName.issue(name: $0, scales: []) == nil ? nil : SettingProblem(expected: "a plain name such as \"Emoticons\" (the folder is NAME.xcassets)") })
        + [
            .value(
                "xcassets-widths", "list", key: "xcassetsWidths", type: .wholeNumbers, range: OptionRanges.catalogWidth, example: "393,430",
                help: "The widths whose pages the asset catalog holds, each {range} and one of --widths (default: every width).",
                apply: { $0.assetCatalogWidths = $1.numbers })
        ]
        + Setting.output(
            "web", writer: WebSpriteWriter.self, key: "web",
            help: "Also write web/: emoticons.js (render messages, mount the keyboard), emoticons.css and a TexturePacker JSON per sheet.",
            offHelp: "Do not write web/, even if the config file asks for it.")
        + [
            .onOff(
                "wait", help: "If another run is writing the same --out, wait for it instead of failing at once.",
                apply: { options, _ in options.waitForLock = true }),
            .value(
                "cache", "dir", type: .path, help: "Page cache folder (default: the user's cache folder, e.g. ~/.cache/emokit).",
                apply: { $0.publishing.cache = $1.url }),
            .onOff("no-cache", help: "Render every page; neither read nor write the page cache.", apply: { options, _ in options.publishing.cache = nil }),
            .value(
                "shard", "k/n", type: .text, help: "Render only the K-th of N shares of the tabs (balanced by pages); join them with 'emokit merge'.",
                apply: { (options, value) throws(SettingProblem) in
                    guard let shard = ShardSpec(value.text) else { throw SettingProblem(expected: "K/N with 1 <= K <= N <= 1000, e.g. 2/4") }
                    options.publishing.shard = shard
                }),
            .onOff("quiet", short: "q", help: "Print only errors and warnings (no progress line).", apply: nil),
            .onOff("json", help: "Print a JSON summary on stdout instead of the text one (files, tabs, pages, warnings, timings).", apply: nil),
        ]

    /// A colour of `KeyboardColors.settings`: its flag, its key under `colors` and its help.
    private static func colour(_ setting: KeyboardColors.Setting) -> Setting {
        let key = setting.key
        return .value(
            setting.flag, "#rrggbb", key: "colors.\(key)", type: .colour, default: KeyboardColors()[keyPath: setting.keyPath], help: setting.help,
            apply: { (options, value) throws(SettingProblem) in
                guard let colour = KeyboardColors.normalize(value.text), let path = KeyboardColors.settings.first(where: { $0.key == key })?.keyPath else {
                    throw SettingProblem(expected: "a colour like #F4F4F6")
                }
                options.colors[keyPath: path] = colour
            })
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
