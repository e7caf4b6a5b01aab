import CResample

extension RGBAImage {
    /// Makes every pixel transparent again, keeping the buffer: a band reused for the next row
    /// of a sheet drawn a band at a time.
    public mutating func clear() {
        pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// Draws `image` onto this canvas with its top-left corner at (`x`, `y`), source-over,
    /// in straight alpha. Parts falling outside the canvas are clipped. The loop is C's
    /// (`emk_draw_over`, which says how pixels blend).
    public mutating func draw(_ image: RGBAImage, atX x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + image.width), y1 = min(height, y + image.height)
        guard x0 < x1, y0 < y1 else { return }
        let canvasWidth = width
        image.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                emk_draw_over(
                    src.baseAddress! + ((y0 - y) * image.width + (x0 - x)) * 4, image.width * 4,
                    dst.baseAddress! + (y0 * canvasWidth + x0) * 4, canvasWidth * 4, x1 - x0, y1 - y0)
            }
        }
    }
}
