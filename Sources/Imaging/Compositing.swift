extension RGBAImage {
    /// Makes every pixel transparent again, keeping the buffer: a band reused for the next row
    /// of a sheet drawn a band at a time.
    public mutating func clear() {
        pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// Draws `image` onto this canvas with its top-left corner at (`x`, `y`), source-over,
    /// in straight alpha. Parts falling outside the canvas are clipped.
    public mutating func draw(_ image: RGBAImage, atX x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + image.width), y1 = min(height, y + image.height)
        guard x0 < x1, y0 < y1 else { return }
        let canvasWidth = width
        image.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for row in y0..<y1 {
                    var s = ((row - y) * image.width + (x0 - x)) * 4
                    var d = (row * canvasWidth + x0) * 4
                    for _ in x0..<x1 {
                        let sa = UInt32(src[s + 3])
                        if sa == 255 {
                            dst[d] = src[s]; dst[d + 1] = src[s + 1]; dst[d + 2] = src[s + 2]; dst[d + 3] = 255
                        } else if sa != 0 {
                            let da = UInt32(dst[d + 3])
                            // out_a = sa + da*(1-sa); out_c = (sc*sa + dc*da*(1-sa)) / out_a, in 0...255 fixed point.
                            let dWeight = da * (255 - sa)  // scaled by 255
                            let outA255 = sa * 255 + dWeight  // scaled by 255
                            for c in 0..<3 {
                                let value = (UInt32(src[s + c]) * sa * 255 + UInt32(dst[d + c]) * dWeight + outA255 / 2) / outA255
                                dst[d + c] = UInt8(min(value, 255))
                            }
                            dst[d + 3] = UInt8((outA255 + 127) / 255)
                        }
                        s += 4; d += 4
                    }
                }
            }
        }
    }
}
