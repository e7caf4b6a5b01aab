import Foundation

/// The manifest emokit writes for one screen width (`manifests/<width>.json`): everything an app
/// needs to build the keyboard from the sprite sheets. Foundation-only and Codable so apps can
/// import this module alone; the generator writes these same types.
///
/// Units: `frame` values are points relative to the page's top-left corner; `sprite` rects are
/// pixels in that page's sheet at the given scale. Scale keys are strings ("2", "3") because
/// JSON object keys are strings.
public struct Manifest: Codable, Equatable, Sendable {
    /// The `schemaVersion` this version of the library writes and reads. It is raised only when a field
    /// changes meaning or is removed; new optional fields leave it as it is. Version 2: the sheets
    /// are any-width sheets (`sheetLayout`), so a `sprite` rect is where an icon is in its page's
    /// sheet, no longer also where it is drawn on the page; per-width manifests stay version 1.
    public static let currentSchemaVersion = 2

    /// The manifest format version; `EmoticonKeyboard` refuses a version it does not know instead of
    /// half reading it.
    public var schemaVersion: Int
    /// Which tool and version wrote the manifest.
    public var generator: GeneratorInfo
    /// The keyboard layout the frames follow: `classic` or `weibo` (see `Documentation/ConfigFile.md`, "Layouts").
    public var layout: String?
    /// The screen width in points this manifest's frames are for (its file name:
    /// `manifests/375.json`). With any-width sheets every manifest lays out at any width
    /// (`EmoticonKeyboard.layout(width:scale:)`); with per-width sheets pick the manifest whose width
    /// matches the device.
    public var screenWidth: Int
    /// How the page sheets are drawn: `any-width` (schema 2) or absent for per-width sheets
    /// (schema 1). See `SheetLayout`.
    public var sheetLayout: SheetLayout? = nil
    /// The pixel scales sheets were drawn at (`[2, 3]`); the keys of every `sheets` and `sprite`
    /// dictionary.
    public var scales: [Int]
    /// The grid of buttons on a page: columns, rows and cell size.
    public var grid: Grid
    /// Where the keyboard's parts sit and how tall they are (toolbar, grid, page control, tab bar).
    public var metrics: Metrics
    /// The keyboard's colours, light and dark.
    public var colors: Colors
    /// Every tab in order, display-only groups included (see `EmoticonKeyboard.keyboardTabs` for the
    /// tab bar).
    public var tabs: [Tab]
    /// The Emoji version of the emoji data used (emoji-test.txt's `Version`), when emoji data was read.
    public var emojiVersion: String? = nil
    /// The keyboard locale (`cn`, `tw`, `en`) of emoji names and keywords, when emoji data was read.
    public var locale: String? = nil
    /// `--system-emoji`: the Emoji version at or below which emoji are left to the system font
    /// (their buttons say `systemGlyph` and have no sprite); absent when every emoji is drawn.
    public var systemEmoji: String? = nil
    /// The emoji keyboard's subset (`--emoji-max-version`, `--emoji-exclude`, `--emoji-groups`,
    /// `--skin-tones`), when one left emoji out; absent for the whole keyboard.
    public var emojiSubset: EmojiSubset? = nil

    /// How a page's sheet relates to the screen.
    public enum SheetLayout: String, Codable, Equatable, Sendable, CaseIterable {
        /// One sheet per page and scale, the same at every screen width: the page's icons on its
        /// grid (columns x rows) at a fixed pitch, each `sprite` rect the icon's place in it. An
        /// app draws each sprite centred in its button's frame (`EmoticonKeyboard.Layout.Key.iconRect`).
        case anyWidth = "any-width"
        /// One sheet per page, scale and screen width, drawn as the whole page: each `sprite` rect
        /// is also where the icon is on the page (the layout of schema 1).
        case perWidth = "per-width"
    }

    /// What the emoji keyboard was limited to, and how many emoji (and skin-tone forms) that left out.
    public struct EmojiSubset: Codable, Equatable, Sendable {
        /// Emoji newer than this Emoji version were left out.
        public var maxVersion: String?
        /// Emoji left out by name, as upper-case hex code points (`1F1F9 1F1FC`), sorted.
        public var exclude: [String]?
        /// The groups kept as tabs (emoji-test.txt's names), in its order.
        public var groups: [String]?
        /// False when skin-tone forms were left out.
        public var skinTones: Bool?
        /// Fully-qualified emoji left out, skin-tone forms included.
        public var leftOut: Int

        /// The subset as a run applied it (`nil` for a setting the run left at its default).
        public init(maxVersion: String?, exclude: [String]?, groups: [String]?, skinTones: Bool?, leftOut: Int) {
            self.maxVersion = maxVersion
            self.exclude = exclude
            self.groups = groups
            self.skinTones = skinTones
            self.leftOut = leftOut
        }
    }

    /// Creates a manifest. Apps read manifests (`EmoticonKeyboard(contentsOf:)`); emokit builds them.
    public init(
        schemaVersion: Int = Manifest.currentSchemaVersion, generator: GeneratorInfo, screenWidth: Int, scales: [Int],
        grid: Grid, metrics: Metrics, colors: Colors, tabs: [Tab], layout: String? = nil
    ) {
        self.schemaVersion = schemaVersion; self.generator = generator; self.screenWidth = screenWidth; self.layout = layout
        self.scales = scales; self.grid = grid; self.metrics = metrics; self.colors = colors; self.tabs = tabs
    }

    /// The tool that wrote a manifest, for diagnostics and bug reports.
    public struct GeneratorInfo: Codable, Equatable, Sendable {
        /// The tool's name (`emokit`).
        public var name: String
        /// The tool's version.
        public var version: String
        /// Creates the record of the tool that wrote a manifest.
        public init(name: String, version: String) { self.name = name; self.version = version }
    }
}

extension Manifest {
    /// The one JSON form emokit writes: sorted keys, no escaped slashes, pretty-printed, so equal
    /// manifests are equal bytes and diffs stay readable.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }

    /// The manifest as emokit writes it: `encoder()`'s bytes and a final newline.
    public func jsonData() throws -> Data {
        var data = try Manifest.encoder().encode(self)
        data.append(0x0A)
        return data
    }

    /// Decodes a manifest from its JSON bytes, without the schema version check and error messages
    /// that `EmoticonKeyboard(data:file:baseURL:)` adds.
    public static func decode(_ data: Data) throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: data)
    }
}
