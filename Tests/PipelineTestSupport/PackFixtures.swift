import Foundation
import Imaging

/// Packs written by the tests themselves (never copied from an app): plists, JSON and PNGs in
/// the layouts real apps ship.
public enum PackFixtures {
    /// A solid square icon of one colour with a transparent 1-pixel frame, so it is easy to
    /// find in a sheet and its edges show scaling.
    public static func icon(size: Int, _ rgb: (UInt8, UInt8, UInt8)) -> RGBAImage {
        var image = RGBAImage(width: size, height: size)
        for y in 1..<(size - 1) { for x in 1..<(size - 1) { image.setPixel(x: x, y: y, (rgb.0, rgb.1, rgb.2, 255)) } }
        return image
    }

    /// A colour per index, far enough apart to tell icons apart in pixel checks.
    public static func colour(_ index: Int) -> (UInt8, UInt8, UInt8) {
        (UInt8(truncatingIfNeeded: 40 + index * 53), UInt8(truncatingIfNeeded: 200 - index * 37), UInt8(truncatingIfNeeded: 90 + index * 71))
    }

    public static func writePNG(_ image: RGBAImage, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(try PNGEncoder().encode(image)).write(to: url)
    }

    public static func writePlist(_ object: Any, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0).write(to: url)
    }

    public static func writeJSON(_ object: Any, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: url)
    }

    public static func write(_ bytes: [UInt8], to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// A Weibo-array pack of `count` image entries `[e00]`…, each with only an `@2x` PNG.
    public static func weiboArrayPack(at folder: URL, count: Int) throws {
        var entries: [[String: Any]] = []
        for i in 0..<count {
            let stem = String(format: "e%02d", i)
            entries.append(["chs": "[\(stem)]", "png": "\(stem).png", "type": "0"])
            try writePNG(icon(size: 64, colour(i)), to: folder.appendingPathComponent("\(stem)@2x.png"))
        }
        try writePlist(entries, to: folder.appendingPathComponent("info.plist"))
    }
}
