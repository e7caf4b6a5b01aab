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
    /// changes meaning or is removed; new optional fields leave it as it is.
    public static let currentSchemaVersion = 1

    /// The manifest format version; `EmoticonKeyboard` refuses a version it does not know instead of
    /// half reading it.
    public var schemaVersion: Int
    /// Which tool and version wrote the manifest.
    public var generator: GeneratorInfo
    /// The keyboard layout the frames follow: `classic` or `weibo` (see `Documentation/ConfigFile.md`, "Layouts").
    public var layout: String?
    /// The screen width in points this manifest is for (its file name: `manifests/375.json`). Pick the
    /// manifest whose width matches the device.
    public var screenWidth: Int
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

    /// The grid of buttons on every page of a tab: how many, how large, and where they start.
    public struct Grid: Codable, Equatable, Sendable {
        /// Buttons in a row.
        public var columns: Int
        /// Rows on a page.
        public var rows: Int
        /// A cell's width in points (exact, e.g. `375 / 8 = 46.875`; the smallest scale's when
        /// `snapToPixels` is true).
        public var cellWidth: Double
        /// A cell's height in points.
        public var cellHeight: Double
        /// The square an icon is fitted into, in points, centred in its cell.
        public var iconSize: Double
        /// Emoticons on a full page: every cell but the last, which is the delete button.
        public var emoticonsPerPage: Int
        /// The grid's insets in the page, as configured (with `snapToPixels` the real left edge
        /// is `columnsByScale[scale].left`).
        public var insets: Insets?
        /// The gap between columns, in points; absent when zero.
        public var columnSpacing: Double?
        /// The gap between rows, in points; absent when zero.
        public var rowSpacing: Double?
        /// True when cell widths and the left inset are rounded to device pixels, so frames
        /// depend on the scale (then `cellWidth` is the smallest scale's).
        public var snapToPixels: Bool?
        /// Scale ("2") to where the columns start and how wide they are at that scale; written
        /// only when `snapToPixels` is true.
        public var columnsByScale: [String: Columns]?
        /// Creates a grid description.
        public init(
            columns: Int, rows: Int, cellWidth: Double, cellHeight: Double, iconSize: Double, emoticonsPerPage: Int,
            insets: Insets? = nil, columnSpacing: Double? = nil, rowSpacing: Double? = nil, snapToPixels: Bool? = nil,
            columnsByScale: [String: Columns]? = nil
        ) {
            self.columns = columns; self.rows = rows; self.cellWidth = cellWidth; self.cellHeight = cellHeight
            self.iconSize = iconSize; self.emoticonsPerPage = emoticonsPerPage
            self.insets = insets; self.columnSpacing = columnSpacing; self.rowSpacing = rowSpacing
            self.snapToPixels = snapToPixels; self.columnsByScale = columnsByScale
        }
    }

    /// Space around the grid inside the page, in points.
    public struct Insets: Codable, Equatable, Sendable {
        /// The inset on each side, in points.
        public var top: Double, left: Double, bottom: Double, right: Double
        /// Creates insets from each side's value in points.
        public init(top: Double, left: Double, bottom: Double, right: Double) { self.top = top; self.left = left; self.bottom = bottom; self.right = right }
    }

    /// Where the columns start and how wide they are at one scale, for layouts that round to device
    /// pixels.
    public struct Columns: Codable, Equatable, Sendable {
        /// The left edge of the first column, in points.
        public var left: Double
        /// A cell's width at this scale, in points.
        public var cellWidth: Double
        /// Creates one scale's column geometry.
        public init(left: Double, cellWidth: Double) { self.left = left; self.cellWidth = cellWidth }
    }

    /// The keyboard's parts from top to bottom, in points: lay out the views from these so they match
    /// the sheets.
    public struct Metrics: Codable, Equatable, Sendable {
        /// The input bar above the keyboard (text field, emoticon toggle, Send); not part of
        /// `keyboardHeight`.
        public var toolbarHeight: Double
        /// The height of a page's grid, and of its sheet in points.
        public var gridHeight: Double
        /// The page control's height (one dot per page).
        public var pageControlHeight: Double
        /// The tab bar's height, at the bottom of the keyboard.
        public var tabBarHeight: Double
        /// The whole emoticon keyboard that replaces the system keyboard, from the grid's top margin to
        /// the tab bar's bottom; without the toolbar and the device's bottom safe-area inset.
        public var keyboardHeight: Double
        /// Where the grid, the page control and the tab bar start, from the keyboard's top.
        public var gridTop: Double?
        /// The page control's top, from the keyboard's top.
        public var pageControlTop: Double?
        /// The tab bar's top, from the keyboard's top (`keyboardHeight - tabBarHeight`).
        public var tabBarTop: Double?
        /// Creates the keyboard's metrics.
        public init(
            toolbarHeight: Double, gridHeight: Double, pageControlHeight: Double, tabBarHeight: Double, keyboardHeight: Double,
            gridTop: Double? = nil, pageControlTop: Double? = nil, tabBarTop: Double? = nil
        ) {
            self.toolbarHeight = toolbarHeight; self.gridHeight = gridHeight; self.pageControlHeight = pageControlHeight
            self.tabBarHeight = tabBarHeight; self.keyboardHeight = keyboardHeight
            self.gridTop = gridTop; self.pageControlTop = pageControlTop; self.tabBarTop = tabBarTop
        }
    }

    /// The keyboard's colours as `#RRGGBB`, with an optional dark-mode set.
    public struct Colors: Codable, Equatable, Sendable {
        /// The keyboard's background (sheets are transparent).
        public var background: String
        /// A page control dot.
        public var pageDot: String
        /// The current page's dot.
        public var currentPageDot: String
        /// The tab bar's background.
        public var tabBarBackground: String
        /// The selected tab's button.
        public var selectedTab: String
        /// The same keys for dark mode.
        public var dark: Palette?
        /// Creates the colours; `dark` is the dark-mode set.
        public init(
            background: String, pageDot: String, currentPageDot: String, tabBarBackground: String, selectedTab: String,
            dark: Palette? = nil
        ) {
            self.background = background; self.pageDot = pageDot; self.currentPageDot = currentPageDot
            self.tabBarBackground = tabBarBackground; self.selectedTab = selectedTab; self.dark = dark
        }

        /// One set of the keyboard's colours (`#RRGGBB`).
        public struct Palette: Codable, Equatable, Sendable {
            /// The keyboard's background.
            public var background: String
            /// A page control dot.
            public var pageDot: String
            /// The current page's dot.
            public var currentPageDot: String
            /// The tab bar's background.
            public var tabBarBackground: String
            /// The selected tab's button.
            public var selectedTab: String
            /// Creates a palette from `#RRGGBB` strings.
            public init(background: String, pageDot: String, currentPageDot: String, tabBarBackground: String, selectedTab: String) {
                self.background = background; self.pageDot = pageDot; self.currentPageDot = currentPageDot
                self.tabBarBackground = tabBarBackground; self.selectedTab = selectedTab
            }
        }
    }

    /// One tab of the keyboard (one pack, or one Unicode emoji group) and its pages.
    public struct Tab: Codable, Equatable, Sendable {
        /// Stable id derived from the pack's folder name; safe as a path component.
        public var id: String
        /// The tab's title in the run's locale, for the tab bar and accessibility.
        public var title: String
        /// Whether the tab holds images, emoji or both.
        public var kind: Kind
        /// The number of emoticons in the tab.
        public var entryCount: Int
        /// The tab's pages in order; empty for a tab without entries.
        public var pages: [Page]
        /// True for a group an app shows only in received text, never as a keyboard tab
        /// (YYKit's `display_only`); absent otherwise.
        public var displayOnly: Bool?
        /// The sheets holding this tab's skin-tone variants (absent when it has none).
        public var variantSheets: [VariantSheet]? = nil
        /// The tab bar's icon for this tab; absent for a tab with nothing to show (no entries).
        public var icon: TabIcon?
        /// Creates a tab.
        public init(id: String, title: String, kind: Kind, entryCount: Int, pages: [Page], displayOnly: Bool? = nil, icon: TabIcon? = nil) {
            self.id = id; self.title = title; self.kind = kind; self.entryCount = entryCount; self.pages = pages
            self.displayOnly = displayOnly; self.icon = icon
        }

        /// What a tab's entries are; encoded as the raw string (`"image"`, `"emoji"`, `"mixed"`).
        public enum Kind: String, Codable, Equatable, Hashable, Sendable, CaseIterable {
            /// `image`: only pictures; `emoji`: only emoji; `mixed`: both.
            case image, emoji, mixed
        }
    }

    /// A tab's icon for the tab bar: a `size` x `size` pt square, drawn from `sheets` (one strip
    /// per scale shared by all tabs) at the `sprite` rect (pixels), centred in its square.
    public struct TabIcon: Codable, Equatable, Sendable {
        /// Where the picture came from: the pack's `icon.png`, or its first emoticon.
        /// `representativeEmoji`: the emoji keyboard's choice for its group (😀 for Smileys & Emotion).
        public enum Source: String, Codable, Equatable, Sendable {
            /// `iconFile`: the pack's `icon.png`; `firstEmoticon`: the tab's first emoticon;
            /// `representativeEmoji`: the emoji keyboard's emoji for its group.
            case iconFile, firstEmoticon, representativeEmoji
        }
        /// Where the icon's picture came from.
        public var source: Source
        /// The icon's square in points.
        public var size: Double
        /// Scale ("2") to the strip's path, relative to the output folder.
        public var sheets: [String: String]
        /// Scale ("2") to the icon's rect in that strip, in pixels.
        public var sprite: [String: PixelRect]
        /// The entry (index in the tab) whose picture the icon is, when it is one of the tab's emoticons.
        public var entry: Int? = nil
        /// With `--xcassets`: the icon's image set in the asset catalog (`"faces/tab-icon"`), the
        /// whole `size`-pt square, the name `UIImage(named:)` takes; absent otherwise.
        public var imageSet: String? = nil
        /// Creates a tab icon.
        public init(source: Source, size: Double, sheets: [String: String], sprite: [String: PixelRect]) {
            self.source = source; self.size = size; self.sheets = sheets; self.sprite = sprite
        }
    }

    /// One page of a tab: its sheet at each scale and the buttons drawn on it.
    public struct Page: Codable, Equatable, Sendable {
        /// The page's index in its tab, from 0.
        public var index: Int
        /// Scale ("2") to the sheet's path, relative to the output folder.
        public var sheets: [String: String]
        /// Scale ("2") to the sheet's SHA-256 (of the PNG file's bytes), so an app can tell when a
        /// sheet and this manifest have drifted apart.
        public var sheetHashes: [String: String]
        /// The page's buttons in cell order, the delete button last.
        public var buttons: [Button]
        /// With `--xcassets`: the page's image set in the asset catalog (`"faces/375-page-000"`),
        /// the name `UIImage(named:)` takes; absent otherwise.
        public var imageSet: String?
        /// Creates a page.
        public init(index: Int, sheets: [String: String], sheetHashes: [String: String], buttons: [Button], imageSet: String? = nil) {
            self.index = index; self.sheets = sheets; self.sheetHashes = sheetHashes; self.buttons = buttons
            self.imageSet = imageSet
        }
    }

    /// One button of a page: an emoticon or the delete button, with what a tap does and where it is
    /// drawn.
    public struct Button: Codable, Equatable, Sendable {
        /// Whether a tap inserts text or deletes.
        public var kind: Kind
        /// Position on the page, row-major from 0 (the delete button is the last cell).
        public var index: Int
        /// The button's row on the page, from 0.
        public var row: Int
        /// The button's column on the page, from 0.
        public var column: Int
        /// The entry's index in its tab (pack order); absent for the delete button.
        public var entry: Int?
        /// What a tap inserts (`chs` for image entries, the emoji itself for emoji).
        public var text: String?
        /// A readable name for accessibility and previews.
        public var name: String
        /// Traditional-Chinese text (`cht`) when the pack has one.
        public var textTraditional: String?
        /// For emoji: the code points as upper-case hex (`["1F468", "200D", "1F469"]`), and the
        /// text's UTF-16 length, because an emoji is one grapheme cluster that may span many UTF-16
        /// units (delete removes it whole).
        public var codePoints: [String]?
        /// The emoji's length in UTF-16 units (see `codePoints`).
        public var utf16Length: Int?
        /// True when no glyph was found and `--missing-glyph skip` left the cell blank.
        public var missingGlyph: Bool?
        /// The button's frame at the smallest scale of `scales`.
        public var frame: Rect
        /// Scale ("2") to the frame at that scale, written only when the frames differ between
        /// scales (layouts that round to device pixels).
        public var frames: [String: Rect]?
        /// Scale ("2") to the icon's rect in that scale's sheet; empty for a missing glyph.
        public var sprite: [String: PixelRect]
        /// The animated version shown on long press (a GIF copied into the output).
        public var animation: Animation?
        /// Search keywords for an emoji (CLDR annotations in the manifest's locale).
        public var keywords: [String]? = nil
        /// An emoji's skin-tone variants, offered on long press (see `Variant`).
        public var variants: [Variant]? = nil

        /// Creates a button. `keywords`, `variants`, `frames` and `animation` are set afterwards.
        public init(
            kind: Kind, index: Int, row: Int, column: Int, entry: Int?, text: String?, name: String,
            textTraditional: String?, codePoints: [String]?, utf16Length: Int?, missingGlyph: Bool?,
            frame: Rect, sprite: [String: PixelRect]
        ) {
            self.kind = kind; self.index = index; self.row = row; self.column = column; self.entry = entry
            self.text = text; self.name = name; self.textTraditional = textTraditional; self.codePoints = codePoints
            self.utf16Length = utf16Length; self.missingGlyph = missingGlyph; self.frame = frame; self.sprite = sprite
        }

        /// What a tap does; encoded as the raw string (`"emoticon"`, `"delete"`).
        public enum Kind: String, Codable, Equatable, Hashable, Sendable, CaseIterable {
            /// Inserts `text`.
            case emoticon
            /// Removes the last emoticon token or grapheme cluster.
            case delete
        }
    }

    /// An animated emoticon: a GIF in the output folder under a content-addressed name.
    public struct Animation: Codable, Equatable, Sendable {
        /// Relative to the output folder: `animations/<SHA-256 of the file>.gif`.
        public var path: String
        /// The number of frames in the GIF.
        public var frames: Int
        /// The NETSCAPE2.0 loop count as stored: 0 plays forever; 1 when the file has none.
        public var loopCount: Int
        /// The sum of the frame delays, each delay under 20 ms counted as 100 ms as browsers
        /// and UIKit's image views do.
        public var durationMs: Int
        /// The GIF's canvas in pixels.
        public var width: Int
        /// The GIF's canvas height in pixels.
        public var height: Int
        /// Creates an animation record.
        public init(path: String, frames: Int, loopCount: Int, durationMs: Int, width: Int, height: Int) {
            self.path = path; self.frames = frames; self.loopCount = loopCount; self.durationMs = durationMs
            self.width = width; self.height = height
        }
    }

    /// A rectangle in points (fractional: `375/8 = 46.875` is kept exact, never rounded).
    /// This module owns the geometry value types so an app needs nothing but this module;
    /// `KeyboardLayout` computes with these same types (it aliases them as `Frame`/`PixelRect`).
    public struct Rect: Codable, Equatable, Hashable, Sendable {
        /// The origin and size in points.
        public var x: Double, y: Double, width: Double, height: Double
        /// Creates a rectangle in points.
        public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }
    }

    /// A rectangle in whole pixels of a sheet.
    public struct PixelRect: Codable, Equatable, Hashable, Sendable {
        /// The origin (top-left) and size in pixels.
        public var x: Int, y: Int, width: Int, height: Int
        /// Creates a rectangle in pixels.
        public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
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
