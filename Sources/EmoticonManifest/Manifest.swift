import Foundation

/// The manifest emokit writes for one screen width (`manifests/<width>.json`): everything an app
/// needs to build the keyboard from the sprite sheets. Foundation-only and Codable so apps can
/// import this module alone; the generator writes these same types.
///
/// Units: `frame` values are points relative to the page's top-left corner; `sprite` rects are
/// pixels in that page's sheet at the given scale. Scale keys are strings ("2", "3") because
/// JSON object keys are strings.
public struct Manifest: Codable, Equatable, Sendable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var generator: GeneratorInfo
    /// The keyboard layout the frames follow: `classic` or `weibo` (see README "Layouts").
    public var layout: String?
    public var screenWidth: Int
    public var scales: [Int]
    public var grid: Grid
    public var metrics: Metrics
    public var colors: Colors
    public var tabs: [Tab]
    /// The Emoji version of the emoji data used (emoji-test.txt's `Version`), when emoji data was read.
    public var emojiVersion: String? = nil
    /// The keyboard locale (`cn`, `tw`, `en`) of emoji names and keywords, when emoji data was read.
    public var locale: String? = nil

    public init(
        schemaVersion: Int = Manifest.currentSchemaVersion, generator: GeneratorInfo, screenWidth: Int, scales: [Int],
        grid: Grid, metrics: Metrics, colors: Colors, tabs: [Tab], layout: String? = nil
    ) {
        self.schemaVersion = schemaVersion; self.generator = generator; self.screenWidth = screenWidth; self.layout = layout
        self.scales = scales; self.grid = grid; self.metrics = metrics; self.colors = colors; self.tabs = tabs
    }

    public struct GeneratorInfo: Codable, Equatable, Sendable {
        public var name: String
        public var version: String
        public init(name: String, version: String) { self.name = name; self.version = version }
    }

    public struct Grid: Codable, Equatable, Sendable {
        public var columns: Int
        public var rows: Int
        public var cellWidth: Double
        public var cellHeight: Double
        public var iconSize: Double
        public var emoticonsPerPage: Int
        /// The grid's insets in the page, as configured (with `snapToPixels` the real left edge
        /// is `columnsByScale[scale].left`).
        public var insets: Insets?
        public var columnSpacing: Double?
        public var rowSpacing: Double?
        /// True when cell widths and the left inset are rounded to device pixels, so frames
        /// depend on the scale (then `cellWidth` is the smallest scale's).
        public var snapToPixels: Bool?
        /// Scale ("2") to where the columns start and how wide they are at that scale; written
        /// only when `snapToPixels` is true.
        public var columnsByScale: [String: Columns]?
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

    public struct Insets: Codable, Equatable, Sendable {
        public var top: Double, left: Double, bottom: Double, right: Double
        public init(top: Double, left: Double, bottom: Double, right: Double) { self.top = top; self.left = left; self.bottom = bottom; self.right = right }
    }

    public struct Columns: Codable, Equatable, Sendable {
        public var left: Double
        public var cellWidth: Double
        public init(left: Double, cellWidth: Double) { self.left = left; self.cellWidth = cellWidth }
    }

    public struct Metrics: Codable, Equatable, Sendable {
        public var toolbarHeight: Double
        public var gridHeight: Double
        public var pageControlHeight: Double
        public var tabBarHeight: Double
        public var keyboardHeight: Double
        /// Where the grid, the page control and the tab bar start, from the keyboard's top.
        public var gridTop: Double?
        public var pageControlTop: Double?
        public var tabBarTop: Double?
        public init(
            toolbarHeight: Double, gridHeight: Double, pageControlHeight: Double, tabBarHeight: Double, keyboardHeight: Double,
            gridTop: Double? = nil, pageControlTop: Double? = nil, tabBarTop: Double? = nil
        ) {
            self.toolbarHeight = toolbarHeight; self.gridHeight = gridHeight; self.pageControlHeight = pageControlHeight
            self.tabBarHeight = tabBarHeight; self.keyboardHeight = keyboardHeight
            self.gridTop = gridTop; self.pageControlTop = pageControlTop; self.tabBarTop = tabBarTop
        }
    }

    public struct Colors: Codable, Equatable, Sendable {
        public var background: String
        public var pageDot: String
        public var currentPageDot: String
        public var tabBarBackground: String
        public var selectedTab: String
        /// The same keys for dark mode.
        public var dark: Palette?
        public init(
            background: String, pageDot: String, currentPageDot: String, tabBarBackground: String, selectedTab: String,
            dark: Palette? = nil
        ) {
            self.background = background; self.pageDot = pageDot; self.currentPageDot = currentPageDot
            self.tabBarBackground = tabBarBackground; self.selectedTab = selectedTab; self.dark = dark
        }

        /// One set of the keyboard's colours (`#RRGGBB`).
        public struct Palette: Codable, Equatable, Sendable {
            public var background: String
            public var pageDot: String
            public var currentPageDot: String
            public var tabBarBackground: String
            public var selectedTab: String
            public init(background: String, pageDot: String, currentPageDot: String, tabBarBackground: String, selectedTab: String) {
                self.background = background; self.pageDot = pageDot; self.currentPageDot = currentPageDot
                self.tabBarBackground = tabBarBackground; self.selectedTab = selectedTab
            }
        }
    }

    public struct Tab: Codable, Equatable, Sendable {
        /// Stable id derived from the pack's folder name; safe as a path component.
        public var id: String
        public var title: String
        public var kind: Kind
        public var entryCount: Int
        public var pages: [Page]
        /// True for a group an app shows only in received text, never as a keyboard tab
        /// (YYKit's `display_only`); absent otherwise.
        public var displayOnly: Bool?
        /// The sheets holding this tab's skin-tone variants (absent when it has none).
        public var variantSheets: [VariantSheet]? = nil
        /// The tab bar's icon for this tab; absent for a tab with nothing to show (no entries).
        public var icon: TabIcon?
        public init(id: String, title: String, kind: Kind, entryCount: Int, pages: [Page], displayOnly: Bool? = nil, icon: TabIcon? = nil) {
            self.id = id; self.title = title; self.kind = kind; self.entryCount = entryCount; self.pages = pages
            self.displayOnly = displayOnly; self.icon = icon
        }

        /// What a tab's entries are; encoded as the raw string (`"image"`, `"emoji"`, `"mixed"`).
        public enum Kind: String, Codable, Equatable, Hashable, Sendable, CaseIterable {
            case image, emoji, mixed
        }
    }

    /// A tab's icon for the tab bar: a `size` x `size` pt square, drawn from `sheets` (one strip
    /// per scale shared by all tabs) at the `sprite` rect (pixels), centred in its square.
    public struct TabIcon: Codable, Equatable, Sendable {
        /// Where the picture came from: the pack's `icon.png`, or its first emoticon.
        /// `representativeEmoji`: the emoji keyboard's choice for its group (😀 for Smileys & Emotion).
        public enum Source: String, Codable, Equatable, Sendable { case iconFile, firstEmoticon, representativeEmoji }
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
        public init(source: Source, size: Double, sheets: [String: String], sprite: [String: PixelRect]) {
            self.source = source; self.size = size; self.sheets = sheets; self.sprite = sprite
        }
    }

    public struct Page: Codable, Equatable, Sendable {
        public var index: Int
        /// Scale ("2") to the sheet's path, relative to the output folder.
        public var sheets: [String: String]
        /// Scale ("2") to the sheet's SHA-256 (of the PNG file's bytes), so an app can tell when a
        /// sheet and this manifest have drifted apart.
        public var sheetHashes: [String: String]
        public var buttons: [Button]
        /// With `--xcassets`: the page's image set in the asset catalog (`"faces/375-page-000"`),
        /// the name `UIImage(named:)` takes; absent otherwise.
        public var imageSet: String?
        public init(index: Int, sheets: [String: String], sheetHashes: [String: String], buttons: [Button], imageSet: String? = nil) {
            self.index = index; self.sheets = sheets; self.sheetHashes = sheetHashes; self.buttons = buttons
            self.imageSet = imageSet
        }
    }

    public struct Button: Codable, Equatable, Sendable {
        public var kind: Kind
        /// Position on the page, row-major from 0 (the delete button is the last cell).
        public var index: Int
        public var row: Int
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
        public var frames: Int
        /// The NETSCAPE2.0 loop count as stored: 0 plays forever; 1 when the file has none.
        public var loopCount: Int
        /// The sum of the frame delays, each delay under 20 ms counted as 100 ms as browsers
        /// and UIKit's image views do.
        public var durationMs: Int
        /// The GIF's canvas in pixels.
        public var width: Int
        public var height: Int
        public init(path: String, frames: Int, loopCount: Int, durationMs: Int, width: Int, height: Int) {
            self.path = path; self.frames = frames; self.loopCount = loopCount; self.durationMs = durationMs
            self.width = width; self.height = height
        }
    }

    /// A rectangle in points (fractional: `375/8 = 46.875` is kept exact, never rounded).
    /// This module owns the geometry value types so an app needs nothing but this module;
    /// `KeyboardLayout` computes with these same types (it aliases them as `Frame`/`PixelRect`).
    public struct Rect: Codable, Equatable, Hashable, Sendable {
        public var x: Double, y: Double, width: Double, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }
    }

    /// A rectangle in whole pixels of a sheet.
    public struct PixelRect: Codable, Equatable, Hashable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int
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

    public func jsonData() throws -> Data {
        var data = try Manifest.encoder().encode(self)
        data.append(0x0A)
        return data
    }

    public static func decode(_ data: Data) throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: data)
    }
}
