/// High-quality image scaling: separable Lanczos-3 in premultiplied alpha.
///
/// Premultiplying before filtering is what keeps transparent edges free of dark or light
/// fringes: a transparent pixel's (meaningless) colour gets zero weight, so an opaque pixel
/// next to transparency keeps its exact colour. Arithmetic is in Float, in the stored
/// (sRGB) values, like the peer tools the benchmark compares against. The work is done by
/// `RowScaler`, which can also take rows straight from a decoder (and its passes by CResample,
/// which also stores each pixel with this colour rule).
public enum Resampler {
    /// The size that fits `width x height` into a `box x box` square, keeping the aspect ratio:
    /// the long side becomes `box`, the short side `round_half_up(box * short / long)`, at least 1.
    public static func fittingSize(width: Int, height: Int, box: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0, box > 0 else { return (0, 0) }
        if width >= height {
            return (box, max(1, (2 * box * height + width) / (2 * width)))
        } else {
            return (max(1, (2 * box * width + height) / (2 * height)), box)
        }
    }

    /// Scales `image` to fit a `box`-pixel square (see `fittingSize`).
    public static func scaleToFit(_ image: RGBAImage, box: Int) -> RGBAImage {
        let size = fittingSize(width: image.width, height: image.height, box: box)
        return resize(image, width: size.width, height: size.height)
    }

    public static func resize(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        guard width > 0, height > 0, image.width > 0, image.height > 0 else { return RGBAImage(width: max(width, 0), height: max(height, 0)) }
        var kernels = ResampleKernel.Cache()
        return scale(image, to: [(width, height)], kernels: &kernels)[0]
    }

    /// `image` at each of `sizes`, in one pass over its rows.
    public static func scale(_ image: RGBAImage, to sizes: [(width: Int, height: Int)], kernels: inout ResampleKernel.Cache) -> [RGBAImage] {
        var scaler = RowScaler(sourceWidth: image.width, sourceHeight: image.height, sizes: sizes, kernels: &kernels)
        image.pixels.withUnsafeBufferPointer { pixels in
            let rowBytes = image.width * 4
            for y in 0..<image.height {
                scaler.append(row: UnsafeBufferPointer(rebasing: pixels[(y * rowBytes)..<((y + 1) * rowBytes)]))
            }
        }
        return scaler.images()
    }

    /// The colour emokit stores for channel value `c` at alpha `alpha` (1...255): the one that
    /// 8-bit premultiplied alpha maps back to, `round(round(c·a/255)·255/a)`. Over any background
    /// a pixel looks exactly as before (its premultiplied value is unchanged), but the many
    /// colours a faint edge pixel could carry collapse to one, which deflate compresses far
    /// better: 7% smaller sheets on the benchmark corpus. Opaque pixels are unchanged.
    @inline(__always) public static func canonicalColour(_ c: UInt8, alpha: UInt8) -> UInt8 {
        if alpha == 255 { return c }
        let a = UInt32(alpha)
        let premultiplied = (UInt32(c) * a + 127) / 255
        return UInt8(min(255, (premultiplied * 255 + a / 2) / a))
    }
}
