import Foundation

/// What the keyboard holds as a manifest records it: tabs, their pages and buttons, animations,
/// and the point and pixel rectangles they are placed by.
extension Manifest {
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

    /// A tab's icon for the tab bar: a `size` x `size` pt square, drawn from `sheets` (one sheet
    /// per scale shared by up to 512 tabs; more tabs use further sheets, so read each tab's own)
    /// at the `sprite` rect (pixels), centred in its square.
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
        /// `.image` when a tap sends the entry's `image` instead of typing text (a WhatsApp
        /// sticker): such a button has no `text`, and a keyboard hands the entry to the app, which
        /// sends the picture. Absent: a tap inserts `text`.
        public var sends: Sends? = nil
        /// The file a tap sends, relative to the output folder (`images/<SHA-256 of the file>.webp`,
        /// the pack's own file copied as it is); present exactly when `sends` is `.image`.
        public var image: String? = nil
        /// Search keywords: an emoji's CLDR annotations in the manifest's locale, an image's from its pack
        /// (a Pleroma emoji's tags).
        public var keywords: [String]? = nil
        /// For a name with Han characters: its pinyin without tones, then its syllables' initials
        /// (`["xiaolian", "xl"]` for 笑脸), so a search finds it as a pinyin input method types.
        public var pinyin: [String]? = nil
        /// For an emoji: the Emoji version it came in (`"15.0"`, emoji-test.txt's `E15.0`).
        public var emojiVersion: String? = nil
        /// True when the app draws this emoji as text with the system font (`systemEmoji`): the
        /// button has no sprite and its cell in the sheet is empty.
        public var systemGlyph: Bool? = nil
        /// An emoji's skin-tone variants, offered on long press (see `Variant`).
        public var variants: [Variant]? = nil
        /// With `--web`: the button's CSS class in `web/emoticons.css` (`emk-faces-f_haha`),
        /// derived from what the entry is (its image's name, else its text), never from its
        /// position, so it stays the same when other entries are added, removed or reordered;
        /// absent otherwise.
        public var webClass: String? = nil

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

        /// What a tap on an emoticon sends; encoded as the raw string (`"image"`). Only `image` is
        /// ever written: a button without `sends` types its `text`.
        public enum Sends: String, Codable, Equatable, Hashable, Sendable, CaseIterable {
            /// Types `text` into the text field.
            case text
            /// Hands the entry to the app to send its `image`; types nothing.
            case image
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
