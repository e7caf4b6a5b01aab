extension Manifest {
    /// A skin-tone form of an emoji button (👍🏽 of 👍): what the variant picker offers on long
    /// press. Its picture is in one of the tab's variants sheets (`sheet`), at `sprite`; both keyed
    /// by scale like a page's `sheets` and a button's `sprite`.
    public struct Variant: Codable, Equatable, Sendable {
        /// What choosing it inserts.
        public var text: String
        /// Its name in the manifest's locale (CLDR), else English.
        public var name: String
        /// Scale ("2") to the variants sheet's path, relative to the output folder.
        public var sheet: [String: String]
        /// Scale ("2") to the icon's rect in that sheet, in pixels.
        public var sprite: [String: PixelRect]
        /// True when the app draws this variant as text with the system font (`systemEmoji`):
        /// `sheet` and `sprite` are then empty.
        public var systemGlyph: Bool? = nil

        /// Creates a variant.
        public init(text: String, name: String, sheet: [String: String], sprite: [String: PixelRect]) {
            self.text = text
            self.name = name
            self.sheet = sheet
            self.sprite = sprite
        }
    }

    /// One variants sheet of a tab. Variants sheets are the same files for every width (a variant
    /// is drawn at icon size, whatever the screen), sized `width x height` points at every scale.
    public struct VariantSheet: Codable, Equatable, Sendable {
        /// The sheet's index among the tab's variants sheets, from 0.
        public var index: Int
        /// Scale ("2") to the sheet's path, relative to the output folder.
        public var sheets: [String: String]
        /// Scale ("2") to the SHA-256 of that PNG file.
        public var sheetHashes: [String: String]
        /// The sheet's size in points (its pixel size divided by the scale), for CSS sprites.
        public var width: Double
        /// The sheet's height in points.
        public var height: Double

        /// Creates a variants sheet record.
        public init(index: Int, sheets: [String: String], sheetHashes: [String: String], width: Double, height: Double) {
            self.index = index
            self.sheets = sheets
            self.sheetHashes = sheetHashes
            self.width = width
            self.height = height
        }
    }
}
