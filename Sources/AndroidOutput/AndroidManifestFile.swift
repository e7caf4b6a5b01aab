import EmoticonManifest
import KeyboardLayout

/// `res/raw/emokit_manifest.json`: the keyboard as an Android app reads it (the Kotlin runtime's
/// `EmokitKeyboard.parse`). Every length is in dp (emokit's pt: the grid, the metrics, the frames
/// an app lays out at its width); every sprite is in pixels of one density's sheet. It is the
/// any-width manifest with Android's names: each page's drawable (`emk_faces_p000`, the same name
/// in every `drawable-<density>/` folder), each tab's resource prefix beside its id (the
/// mapping), and each button's sprite per density.
struct AndroidManifestFile: Encodable {
    /// 1: this shape. A reader refuses a version it does not know.
    let schemaVersion = 1
    let generator: Manifest.GeneratorInfo
    /// Always `"dp"`: Android's density-independent pixel is emokit's point.
    let unit = "dp"
    let layout: String?
    let locale: String?
    let densities: [Density]
    let grid: Grid
    let metrics: Manifest.Metrics
    let colors: Manifest.Colors
    let tabs: [Tab]

    /// One density's sheets: their scale, bucket dpi and geometry (every page's sheet at this
    /// density has this size).
    struct Density: Encodable {
        let name: String
        let scale: Double
        let dpi: Int
        let iconPixels: Int
        let gutterPixels: Int
        let cellPixels: Int
        let sheetWidth: Int
        let sheetHeight: Int

        init(_ sheet: DensitySheet) {
            (name, scale, dpi) = (sheet.density.rawValue, sheet.density.scale, sheet.density.dpi)
            (iconPixels, gutterPixels, cellPixels) = (sheet.iconPixels, sheet.gutterPixels, sheet.cellPixels)
            (sheetWidth, sheetHeight) = (sheet.pixelWidth, sheet.pixelHeight)
        }
    }

    /// The grid as the layout needs it, every field present (absent ones of the manifest are 0).
    struct Grid: Encodable {
        let columns: Int
        let rows: Int
        let cellHeight: Double
        let iconSize: Double
        let insets: Manifest.Insets
        let columnSpacing: Double
        let rowSpacing: Double
        let snapToPixels: Bool

        init(_ grid: Manifest.Grid) {
            (columns, rows, cellHeight, iconSize) = (grid.columns, grid.rows, grid.cellHeight, grid.iconSize)
            insets = grid.insets ?? Manifest.Insets(top: 0, left: 0, bottom: 0, right: 0)
            (columnSpacing, rowSpacing, snapToPixels) = (grid.columnSpacing ?? 0, grid.rowSpacing ?? 0, grid.snapToPixels ?? false)
        }
    }

    struct Tab: Encodable {
        let id: String
        let title: String
        let kind: Manifest.Tab.Kind
        /// The start of every resource name of this tab (`emk_faces`): the mapping from `id`.
        let resourcePrefix: String
        let entryCount: Int
        let displayOnly: Bool?
        let pages: [Page]
    }

    struct Page: Encodable {
        let index: Int
        /// The page's sheet: `R.drawable.<drawable>`, one file per density folder.
        let drawable: String
        let buttons: [Button]
    }

    struct Button: Encodable {
        let kind: Manifest.Button.Kind
        let index: Int
        let row: Int
        let column: Int
        let entry: Int?
        /// What a tap inserts; nil for the delete button and image-only entries.
        let text: String?
        let textTraditional: String?
        /// The label TalkBack reads (the entry's name; "delete" for the delete button).
        let name: String
        /// True for an emoji (an emoji keyboard's button): a message shows it as an emoji, not an emoticon.
        let emoji: Bool?
        /// True when the app draws `text` with the system font (no sprite).
        let systemGlyph: Bool?
        let missingGlyph: Bool?
        /// Per density name, `[x, y, width, height]` in that density's sheet: the cell's icon box
        /// (the icon centred in it, transparent around it). Absent when the cell draws nothing.
        let sprite: [String: [Int]]?
        /// `"image"` for a sticker: a tap sends `image` and types nothing.
        var sends: String? = nil
        /// With `sends`: the picture's raw resource, `R.raw.<image>` (`emk_image_<sha256>`).
        var image: String? = nil
        /// The picture in the output (`images/<sha256>.webp`), copied to `res/raw/`; not written.
        var imagePath: String? = nil

        enum CodingKeys: String, CodingKey {
            case kind, index, row, column, entry, text, textTraditional, name, emoji, systemGlyph, missingGlyph, sprite, sends, image
        }
    }
}
