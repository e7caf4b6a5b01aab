import Foundation

extension EmoticonKeyboard {
    /// The keyboard laid out at a screen width and scale: every page's button frames in points,
    /// where each icon is drawn, and the hit test, at that width.
    ///
    /// Any manifest lays out at any width: the grid it records (columns, rows, insets, spacings,
    /// pixel snapping) decides the frames, with the arithmetic emokit writes them with
    /// (`GridArithmetic`), so at a width emokit generated they equal that width's manifest
    /// (`frame`, or `frames[scale]` for a grid that snaps to pixels) exactly. An app ships one
    /// manifest and the any-width sheets and lays the keyboard out at the width it has:
    ///
    /// ```swift
    /// // The output added to the app as a folder reference named Emoticons (EmoticonKeyboardFiles
    /// // does this and checks every sheet; see Documentation/iOS.md).
    /// let keyboard = try EmoticonKeyboard(contentsOf: bundle.url(forResource: "375", withExtension: "json", subdirectory: "Emoticons/manifests")!)
    /// let scale = keyboard.sheetScale(forScreenScale: traitCollection.displayScale)!
    /// let layout = try keyboard.layout(width: view.bounds.width, scale: scale)
    /// let sheet = UIImage(contentsOfFile: keyboard.sheetURL(tab: 0, page: 0, scale: layout.scale)!.path)!.cgImage!
    /// for key in layout.page(tab: 0, page: 0)?.keys ?? [] {
    ///     let button = UIButton(frame: CGRect(key.frame))  // the cell: tap target and highlight
    ///     if let sprite = key.sprite, let icon = key.iconRect, let image = sheet.cropping(to: CGRect(sprite)) {
    ///         let view = UIImageView(image: UIImage(cgImage: image, scale: CGFloat(layout.scale), orientation: .up))
    ///         view.frame = CGRect(icon)  // page coordinates, whole device pixels
    ///         pageView.addSubview(view)
    ///     }
    ///     pageView.addSubview(button)
    /// }
    /// // A tap: the button under the finger, at this width.
    /// if let key = layout.key(at: tap, tab: 0, page: 0), let text = key.button.text { insert(text) }
    /// ```
    ///
    /// (`CGRect(_:)` from `Manifest.Rect` and `Manifest.PixelRect` is the app's own two-line
    /// extension.) Call it again when the width changes (rotation, split view): it only computes
    /// one frame per cell; pages are placed when asked for.
    ///
    /// `width` is in points and may have a fraction (a view 507.5 pt wide): the cells then share
    /// exactly that width, as the grid's arithmetic does at any width, and icons still start on
    /// whole device pixels. emokit itself generates whole-point widths only, so a fractional
    /// width's frames are never compared with a written manifest; whole widths are.
    ///
    /// Works for per-width manifests (schema 1) too: their `sprite` rects locate each icon in
    /// that width's page sheet, so an app that draws icon by icon can lay any of them out at
    /// another width. Throws `LayoutError` for a width or scale that is not positive, or a width
    /// too narrow for the grid's insets and spacing.
    public func layout(width: Double, scale: Int) throws(LayoutError) -> Layout {
        guard width.isFinite, width > 0 else { throw .widthNotPositive(width) }
        guard scale >= 1 else { throw .scaleNotPositive(scale) }
        let grid = manifest.grid
        let columns = grid.columnGeometry(width: width, scale: scale)
        guard columns.cellWidth > 0, grid.columns >= 1, grid.rows >= 1 else {
            throw .tooNarrow(width: width, columns: grid.columns)
        }
        var cellFrames: [Manifest.Rect] = []
        cellFrames.reserveCapacity(grid.columns * grid.rows)
        for row in 0..<grid.rows {
            for column in 0..<grid.columns { cellFrames.append(grid.cellFrame(row: row, column: column, columns: columns)) }
        }
        return Layout(keyboard: self, width: width, scale: scale, columns: columns, cellFrames: cellFrames)
    }

    /// The scale to lay out and draw at on a screen of `screenScale` (UIKit's `displayScale`,
    /// the web's `devicePixelRatio`): the smallest of the manifest's `scales` at or above it,
    /// else the largest, so a screen gets the sharpest sheet it can use and a 1x or 1.5x screen
    /// (no sheet of its own) still draws every icon; the web runtime picks the same way. Nil for
    /// a manifest without scales.
    public func sheetScale(forScreenScale screenScale: Double) -> Int? {
        let scales = manifest.scales.filter { $0 >= 1 }.sorted()
        return scales.first { Double($0) >= screenScale - 1e-6 } ?? scales.last
    }

    /// The keyboard laid out at a whole number of points (see `layout(width:scale:)`).
    public func layout(width: Int, scale: Int) throws(LayoutError) -> Layout {
        try layout(width: Double(width), scale: scale)
    }

    /// The keyboard at one width and scale (`EmoticonKeyboard.layout(width:scale:)`).
    public struct Layout: Sendable {
        /// The keyboard it lays out.
        public let keyboard: EmoticonKeyboard
        /// The page's width in points, as asked for.
        public let width: Double
        /// The device scale the frames are for (grids with `snapToPixels` depend on it) and whose
        /// sprites the icons are drawn from.
        public let scale: Int
        /// Where the first column starts and how wide a cell is at this width and scale.
        public let columns: Manifest.Columns
        /// Every cell's frame in points from the page's top-left corner, row-major: cell `i` is
        /// row `i / columns`, column `i % columns`; the last is the delete button's. The same on
        /// every page.
        public let cellFrames: [Manifest.Rect]

        /// The page's height in points: the grid's rows, spacing and insets (the same at every
        /// width).
        public var height: Double { keyboard.manifest.metrics.gridHeight }

        /// The frame of the cell at (row, column), in points.
        public func frame(row: Int, column: Int) -> Manifest.Rect {
            keyboard.manifest.grid.cellFrame(row: row, column: column, columns: columns)
        }

        /// `button` placed at this width: its frame, and where its icon is drawn.
        public func key(for button: Manifest.Button) -> Key {
            let columnCount = keyboard.manifest.grid.columns
            let cell = button.row * columnCount + button.column
            let frame =
                button.row >= 0 && button.column >= 0 && button.column < columnCount && cellFrames.indices.contains(cell)
                ? cellFrames[cell] : self.frame(row: button.row, column: button.column)
            let sprite = button.sprite["\(scale)"]
            let icon = sprite.map { GridArithmetic.iconPixelRect(in: frame, width: $0.width, height: $0.height, scale: scale) }
            return Key(button: button, frame: frame, sprite: sprite, iconPixelRect: icon, scale: scale)
        }

        /// Page `page` of tab `tab` at this width, or nil when either is out of range.
        public func page(tab: Int, page: Int) -> Page? {
            guard let found = keyboard.page(tab: tab, page: page) else { return nil }
            return Page(tab: tab, index: page, sheet: found.sheets["\(scale)"], keys: found.buttons.map(key(for:)))
        }

        /// Every page of tab `tab` at this width; empty for an out-of-range tab.
        public func pages(tab: Int) -> [Page] {
            guard keyboard.tabs.indices.contains(tab) else { return [] }
            return keyboard.tabs[tab].pages.indices.compactMap { page(tab: tab, page: $0) }
        }

        /// The key under `point` (points from the page's top-left corner) at this width, or nil
        /// for a point outside every button or an out-of-range tab or page. Frames are half-open,
        /// so a point on the line between two cells belongs to exactly one.
        public func key(at point: CGPoint, tab: Int, page: Int) -> Key? {
            guard let buttons = keyboard.page(tab: tab, page: page)?.buttons else { return nil }
            let x = Double(point.x), y = Double(point.y)
            for button in buttons {
                let key = key(for: button)
                let f = key.frame
                if x >= f.x && x < f.x + f.width && y >= f.y && y < f.y + f.height { return key }
            }
            return nil
        }
    }

    /// Why a keyboard cannot be laid out at a width. `description` says what to pass instead.
    public enum LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The width is zero, negative, infinite or not a number.
        case widthNotPositive(Double)
        /// The scale is below 1.
        case scaleNotPositive(Int)
        /// The grid's insets and column spacing leave its columns no width.
        case tooNarrow(width: Double, columns: Int)

        /// The error as one line, ready to show or log.
        public var description: String {
            switch self {
            case .widthNotPositive(let width):
                return "cannot lay the keyboard out at a width of \(Self.points(width)) pt: pass the view's width in points, above 0"
            case .scaleNotPositive(let scale):
                return "cannot lay the keyboard out at scale \(scale): pass the screen's scale (1, 2 or 3)"
            case .tooNarrow(let width, let columns):
                return "at \(Self.points(width)) pt the grid's insets and spacing leave no room for its \(columns) column\(columns == 1 ? "" : "s"): lay it out wider"
            }
        }

        /// `375`, `507.5`: a width as a user wrote it.
        static func points(_ value: Double) -> String {
            value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
    }
}

extension EmoticonKeyboard.LayoutError: LocalizedError {
    /// The same line as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension EmoticonKeyboard.Layout {
    /// One page laid out at a width.
    public struct Page: Equatable, Sendable {
        /// The page's tab, an index into `EmoticonKeyboard.tabs`.
        public let tab: Int
        /// The page's index in its tab.
        public let index: Int
        /// The page's sheet at the layout's scale (relative to the output folder; resolve it with
        /// `sheetURL(tab:page:scale:)`); nil when the manifest has no sheet at that scale.
        public let sheet: String?
        /// The page's buttons in cell order, the delete button last.
        public let keys: [Key]
    }

    /// One button placed at a width: the button as the manifest has it, its frame at this width
    /// and where its icon is drawn.
    public struct Key: Equatable, Sendable {
        /// The button: its text, name, kind, and its frames at the manifest's own width.
        public let button: Manifest.Button
        /// The button's frame at this width and scale, in points from the page's top-left corner:
        /// the tap target. At a width emokit generated it equals that width's manifest's
        /// `frames[scale]`, or `frame` when there are no `frames`.
        public let frame: Manifest.Rect
        /// The icon's rect in the page's sheet at this scale (pixels), the part of the sheet to
        /// draw; nil for a button without a sprite at this scale (a system-font emoji, a missing
        /// glyph, a scale the manifest was not written at).
        public let sprite: Manifest.PixelRect?
        /// Where the icon is drawn on the page, in pixels at this scale: `sprite`'s size centred
        /// in `frame`, its origin on whole pixels (`GridArithmetic.iconPixelRect`).
        public let iconPixelRect: Manifest.PixelRect?
        /// The scale `iconPixelRect` is in.
        public let scale: Int

        /// Where the icon is drawn on the page, in points (`iconPixelRect` divided by the scale):
        /// draw `sprite` here at the layout's scale, one sheet pixel to one device pixel.
        public var iconRect: Manifest.Rect? {
            iconPixelRect.map { rect in
                let s = Double(scale)
                return Manifest.Rect(x: Double(rect.x) / s, y: Double(rect.y) / s, width: Double(rect.width) / s, height: Double(rect.height) / s)
            }
        }
    }
}
