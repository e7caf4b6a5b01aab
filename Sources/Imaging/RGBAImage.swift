/// A straight (not premultiplied) 8-bit RGBA image, rows top to bottom, no padding.
///
/// Everything emokit draws is one of these: decoded icons, emoji glyphs and the sheets built from
/// them. Straight alpha is what PNG stores, so no conversion is needed at either end; resampling
/// premultiplies internally where it matters.
public struct RGBAImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    /// A fully transparent image.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "image size must not be negative")
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The RGBA of one pixel, for tests and checks; drawing code works on `pixels` directly.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    public mutating func setPixel(x: Int, y: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) {
        let i = (y * width + x) * 4
        pixels[i] = rgba.0; pixels[i + 1] = rgba.1; pixels[i + 2] = rgba.2; pixels[i + 3] = rgba.3
    }

    /// True when some pixel has non-zero alpha: an empty glyph or icon is a bug to report.
    public var hasVisiblePixels: Bool {
        var index = 3
        while index < pixels.count {
            if pixels[index] != 0 { return true }
            index += 4
        }
        return false
    }
}
