import Diagnostics
import EmoticonPacks
import Foundation
import Imaging
import KeyboardLayout
import RunSteps

/// Everything a run can be told. Defaults are the classic Weibo-style keyboard and the widths of current
/// iPhones at @2x and @3x (`RunDefaults`, which `--help` shows). Options, their flags and config
/// keys are listed once, in `SettingsTable`.
public struct GeneratorOptions: Sendable {
    public enum EmojiSource: Sendable, Equatable {
        /// A colour emoji font; nil looks in the usual system places.
        case font(path: String?)
        /// A folder of PNGs named by code points.
        case images(path: String)
    }

    public enum MissingGlyphPolicy: String, CaseIterable, Sendable { case fail, skip }

    public var inputs: [URL]
    public var output: URL
    public var widths = RunDefaults.widths
    /// `--sheets`: one sheet per page and scale that every width lays out (`anyWidth`, the
    /// default), or one per page, scale and width, each the whole page (`perWidth`).
    public var sheetLayout = SheetLayout.anyWidth
    public var scales = RunDefaults.scales
    /// The named keyboard `grid` and `metrics` started from (`useLayout`); recorded in manifests.
    public private(set) var layout = RunDefaults.layout
    public var grid = GridSpec()
    public var metrics = KeyboardMetrics()
    public var colors = KeyboardColors()
    /// Which group name titles a tab.
    public var locale = RunDefaults.locale
    /// The delete icon for tabs whose pack has no `delete.png` of its own; nil: emokit's default
    /// icon in `Assets/` (with its @2x/@3x siblings).
    public var deleteIcon: URL?
    public var emojiSource: EmojiSource = .font(path: nil)
    public var missingGlyph: MissingGlyphPolicy = .fail
    /// Skip bad entries with a warning instead of failing the run.
    public var lenient = false
    /// Treat warnings about the packs (skipped folders, unknown keys, repeated entries, enlarged
    /// images) as errors.
    public var strict = false
    /// Images larger than these are refused from their header, before any pixel is decoded.
    public var imageLimits = PNGDecoder.Limits()
    public var maxPlistBytes = RunDefaults.maxPlistSizeMB * 1024 * 1024
    /// Tab ids chosen by the user (config `tabIds`), keyed by pack folder name or plist `id`.
    public var tabIDs: [String: String] = [:]
    /// Tab titles by locale chosen by the user (config `tabTitles`), keyed as `tabIDs`.
    public var tabTitles: [String: [TitleLocale: String]] = [:]
    /// Which files a pack folder is read from (config `packFiles`), by folder name.
    public var packFiles: [String: PackFileChoice] = [:]
    /// What the config file says about particular packs, as the pack reader takes it.
    public var packChoices: PackChoices { PackChoices(tabIDs: tabIDs, tabTitles: tabTitles, files: packFiles) }
    /// When another run holds the output's lock: wait for it (`--wait`) instead of failing at once.
    public var waitForLock = false
    /// SIGINT/SIGTERM remove the staging folder and exit 130/143 (the command line sets this;
    /// library callers keep their own signal handling).
    public var exitOnSignal = false
    public var encoder = PNGEncoder()
    public var writePreview = true
    /// Base URL, archive, shard and cache (see `PublishingOptions`).
    public var publishing = PublishingOptions()
    /// The outputs beside the sheets asked for (`--xcassets`, `--web`), one typed request each.
    public var outputs = OutputRequests()
    /// `--xcassets`: the name of the Xcode asset catalog to write (`NAME.xcassets`), or nil; a
    /// shorthand for `outputs.assetCatalog`.
    public var assetCatalog: String? {
        get { outputs.assetCatalog?.name }
        set { outputs.assetCatalog = newValue.map(AssetCatalogRequest.init(name:)) }
    }
    /// `--xcassets-widths`: the widths whose pages the asset catalog holds (an app that ships to
    /// some phones only need not carry every width's art); nil: every width. The manifests of the
    /// other widths name no image set for their pages.
    public var assetCatalogWidths: [Int]?
    /// `--web`: the web runtime, stylesheet and TexturePacker JSON under `web/`; a shorthand for
    /// `outputs.web`.
    public var writeWeb: Bool {
        get { outputs.web != nil }
        set { outputs.web = newValue ? WebRequest() : nil }
    }
    /// Add the Unicode emoji keyboard (one tab per emoji group) after the packs.
    public var emojiKeyboard = false
    /// Unicode's emoji-test.txt; nil: Debian's (`unicode-data`).
    public var emojiData: URL?
    /// CLDR's `common` folder (annotations for names and keywords); nil: Debian's (`unicode-cldr-core`).
    public var cldr: URL?
    /// `--system-emoji`: the Emoji version the app's oldest system draws (`14.0`); emoji at or
    /// below it are drawn by the system as text (no sprite); nil draws every emoji.
    public var systemEmoji: String?
    /// `--emoji-max-version`: emoji newer than this Emoji version are left out of the keyboard.
    public var emojiMaxVersion: String?
    /// `--keywords`: a file of search keywords for image entries (a line per entry text: the text,
    /// a tab, its keywords separated by commas); nil: image entries have none.
    public var keywordsFile: URL?
    /// `--emoji-exclude`: emoji (or hex code points) left out of the keyboard; `@FILE` items name
    /// a file of them, one a line.
    public var emojiExclude: [String] = []
    /// `--emoji-groups`: the emoji groups that become tabs (names or tab ids); nil: all.
    public var emojiGroups: [String]?
    /// `--skin-tones none` sets false: no skin-tone forms at all.
    public var skinTones = true
    /// How many pages are composed at once (default: the machine's cores).
    public var concurrency = ProcessInfo.processInfo.activeProcessorCount
    /// Who is told of the run's steps and pages done (the command line's progress bar); never
    /// changes the output.
    public var progress = GenerationProgress.none

    public init(inputs: [URL], output: URL) {
        self.inputs = inputs
        self.output = output
    }

    /// The widths page sheets are drawn for and keyed by (their paths, the page cache, the output
    /// note): every `widths` for per-width sheets; for any-width sheets only
    /// `AnyWidthSheet.width`, which stands for every width.
    public var sheetWidths: [Int] { sheetLayout == .anyWidth ? [AnyWidthSheet.width] : widths }

    /// The square each icon is fitted into, in pixels, per scale.
    public var iconBoxes: [Int: Int] { Dictionary(uniqueKeysWithValues: scales.map { ($0, grid.iconPixels(scale: $0)) }) }

    /// Starts the grid and metrics from a named keyboard; later settings refine it.
    public mutating func useLayout(_ preset: LayoutPreset) {
        layout = preset
        grid = preset.grid
        metrics = preset.metrics
    }

    /// Why these options cannot run, or nil. Every number is checked against its range first
    /// (`OptionRanges`), so the geometry below never overflows.
    public var problem: Diagnostic.Message? {
        if inputs.isEmpty && !emojiKeyboard { return "no packs given" }
        if widths.isEmpty || widths.contains(where: { !OptionRanges.width.contains(Double($0)) }) { return "widths must be whole points from \(OptionRanges.width.text)" }
        if Set(widths).count != widths.count { return "a width is listed twice" }
        if scales.isEmpty || scales.contains(where: { !OptionRanges.scale.contains(Double($0)) }) { return "scales must be 1, 2, 3 or 4" }
        if Set(scales).count != scales.count { return "a scale is listed twice" }
        if strict && lenient { return "\(setting: "strict") and \(setting: "lenient") cannot be used together" }
        let numbers: [(NumberRange, Double)] = [
            (OptionRanges.columns, Double(grid.columns)), (OptionRanges.rows, Double(grid.rows)),
            (OptionRanges.rowHeight, grid.rowHeight), (OptionRanges.iconSize, grid.iconSize),
            (OptionRanges.toolbarHeight, metrics.toolbarHeight), (OptionRanges.pageControlHeight, metrics.pageControlHeight),
            (OptionRanges.tabBarHeight, metrics.tabBarHeight), (OptionRanges.compression, Double(encoder.compressionLevel)),
        ]
        for (range, value) in numbers where !range.contains(value) { return "\(setting: range.setting) must be from \(range.text)" }
        if maxPlistBytes < 1_048_576 || maxPlistBytes > Int(OptionRanges.maxPlistSize.upper) * 1_048_576 {
            return "\(setting: OptionRanges.maxPlistSize.setting) must be from \(OptionRanges.maxPlistSize.text)"
        }
        if let problem = AssetCatalogName.issue(name: assetCatalog, scales: scales) { return problem }
        if assetCatalogWidths != nil && sheetLayout == .anyWidth {
            return
                "\(setting: "xcassets-widths") chooses among per-width sheets: with any-width sheets (the default) the catalog holds each page once, for every width; drop it, or add \(setting: "sheets") per-width"
        }
        if let extra = assetCatalogWidths?.first(where: { !widths.contains($0) }) {
            return "\(setting: "xcassets-widths") lists \(extra), which is not one of \(setting: "widths") (\(widths.map(String.init).joined(separator: ",")))"
        }
        if let problem = grid.problem ?? metrics.problem(grid: grid) { return Diagnostic.Message(problem) }
        for width in widths { for scale in scales { if let problem = grid.problem(screenWidth: width, scale: scale) { return Diagnostic.Message(problem) } } }
        return OptionRanges.geometryProblem(grid: grid, widths: widths, scales: scales, sheets: sheetLayout)
    }
}
