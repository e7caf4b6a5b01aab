import CSheetWriter
import Foundation

extension PNGDecoder {
    /// A simple PNG's rows, read by libdeflate without libpng (`emk_simple_png_read`: palette or
    /// 8-bit RGBA, not interlaced, only the chunks those need, nothing damaged): `row`
    /// gets each row in order, palette indices with `palette` set, or RGBA8 pixels with `palette`
    /// nil. False, and no row given, for any other file: libpng reads it and names what is wrong.
    /// Why: every Noto Color Emoji glyph is such a file, and libdeflate with one pass of
    /// unfiltering decodes them several times faster than zlib through libpng. Used for the
    /// emoji font only (`readsSimpleFilesWithLibdeflate`): libdeflate also reads a few malformed
    /// deflate codings zlib refuses, which libpng must keep refusing in a pack's images.
    func readSimpleRows(
        _ data: Data, begin: (_ width: Int, _ height: Int, _ palette: RowScaler.Palette?) -> Void, row: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        var image = emk_simple_png()
        let status = data.withUnsafeBytes { raw in
            emk_simple_png_read(
                raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, UInt32(clamping: limits.maxWidth), UInt32(clamping: limits.maxHeight),
                UInt64(clamping: limits.maxPixels), &image)
        }
        guard status == Int32(EMK_SHEET_OK.rawValue) else { return false }
        defer { emk_simple_png_free(&image) }
        let width = Int(image.width), height = Int(image.height)
        let indexed = image.color_type == 3
        let palette = indexed ? withUnsafeBytes(of: image.palette_rgba) { RowScaler.Palette(rgba: Array($0)) } : nil
        begin(width, height, palette)
        let rowBytes = indexed ? width : width * 4
        for y in 0..<height {
            row(UnsafeBufferPointer(start: image.rows + y * image.stride + 1, count: rowBytes))
        }
        return true
    }

    /// The whole image when `readsSimpleFilesWithLibdeflate` and the file is simple
    /// (`readSimpleRows`, indices expanded as its palette says), else nil: `decode` reads it.
    public func decodeSimple(_ data: Data) -> RGBAImage? {
        guard readsSimpleFilesWithLibdeflate else { return nil }
        var image: RGBAImage?
        var palette: RowScaler.Palette?
        var offset = 0
        let read = readSimpleRows(
            data,
            begin: { width, height, colours in
                image = RGBAImage(width: width, height: height)
                palette = colours
            },
            row: { row in
                image!.pixels.withUnsafeMutableBufferPointer { pixels in
                    if let palette {
                        for index in row {
                            let entry = 4 * Int(index)
                            for channel in 0..<4 { pixels[offset + channel] = palette.rgba[entry + channel] }
                            offset += 4
                        }
                    } else {
                        for byte in row {
                            pixels[offset] = byte
                            offset += 1
                        }
                    }
                }
            })
        return read ? image : nil
    }
}
