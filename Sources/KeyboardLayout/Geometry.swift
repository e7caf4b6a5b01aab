import EmoticonManifest

/// A rectangle in points. The manifest module owns the geometry value types (apps import it
/// alone); the layout math computes directly in them, so nothing is converted or mirrored.
public typealias Frame = Manifest.Rect

/// A rectangle in whole pixels of a sheet (see `Frame`).
public typealias PixelRect = Manifest.PixelRect
