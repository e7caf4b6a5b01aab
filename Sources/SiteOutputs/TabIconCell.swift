import EmoticonManifest

/// A tab icon's square in its strip: the tab icon step draws icons centred in it, and the
/// formats that show the square (the asset catalog's image set, the web's frame and class) cut it.
package enum TabIconCell {
    /// A tab's square in the strip, in pixels a side at `scale`.
    package static func box(size: Double, scale: Int) -> Int { max(1, Int((size * Double(scale)).rounded())) }

    /// The whole square cell around an icon's `sprite` rect (the icon is centred in it).
    package static func cell(of sprite: Manifest.PixelRect, size: Double, scale: Int) -> Manifest.PixelRect {
        let box = box(size: size, scale: scale)
        return Manifest.PixelRect(x: sprite.x - (box - sprite.width) / 2, y: sprite.y - (box - sprite.height) / 2, width: box, height: box)
    }
}
