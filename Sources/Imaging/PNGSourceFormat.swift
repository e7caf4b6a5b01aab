import CLibPNG

/// How a PNG stores its pixels, as the file says before any conversion: `emokit inspect` prints
/// it so users can see why an icon looks the way it does (a 1-bit palette, a 16-bit source...).
public struct PNGSourceFormat: Equatable, Sendable, CustomStringConvertible {
    public enum ColorType: Int, Sendable {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        var name: String {
            switch self {
            case .gray: return "gray"
            case .rgb: return "rgb"
            case .palette: return "palette"
            case .grayAlpha: return "gray+alpha"
            case .rgba: return "rgba"
            }
        }
    }

    public let width: Int
    public let height: Int
    public let colorType: ColorType
    public let bitDepth: Int
    public let interlaced: Bool
    public let hasTransparencyChunk: Bool
    /// For a source that is not a PNG, its format (`JPEG`, `WebP`, `BMP`); nil for a PNG.
    public let container: String?

    init(width: Int, height: Int, colorType: ColorType, bitDepth: Int, interlaced: Bool, hasTransparencyChunk: Bool, container: String?) {
        self.width = width
        self.height = height
        self.colorType = colorType
        self.bitDepth = bitDepth
        self.interlaced = interlaced
        self.hasTransparencyChunk = hasTransparencyChunk
        self.container = container
    }

    init(_ header: emk_png_header) {
        width = Int(header.width)
        height = Int(header.height)
        colorType = ColorType(rawValue: Int(header.color_type)) ?? .rgba
        bitDepth = Int(header.bit_depth)
        interlaced = header.interlaced != 0
        hasTransparencyChunk = header.has_trns != 0
        container = nil
    }

    /// e.g. `palette 4-bit +tRNS`, `rgba 16-bit interlaced`.
    public var description: String {
        if let container { return container }
        var text = "\(colorType.name) \(bitDepth)-bit"
        if hasTransparencyChunk { text += " +tRNS" }
        if interlaced { text += " interlaced" }
        return text
    }
}
