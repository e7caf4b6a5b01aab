import CSheetWriter
import Foundation

extension PNGDecoder {
    /// A PNG laid out exactly as emokit writes sheets (IHDR, IDAT, IEND, 8-bit RGBA, unfiltered
    /// rows, valid CRCs and Adler-32), `width` x `height`, read without libpng; nil for any other
    /// PNG or any damage, which a caller then reads with `decode` (libpng names what is wrong).
    ///
    /// Why a second reader: checking a rebuild's cached sheets decoded every sheet of every page
    /// through libpng and zlib, most of a rebuild's time; libdeflate inflates several times
    /// faster. It accepts only the one layout, so it decides nothing libpng would refuse: a file
    /// it returns nil for goes to libpng. A pack's images are always read by libpng.
    public static func readSheet(_ png: Data, width: Int, height: Int) -> RGBAImage? {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else { return nil }
        let (stride, count) = (width * 4 + 1, width * height * 4)
        guard height <= Int.max / stride else { return nil }
        var rows = [UInt8](repeating: 0, count: stride * height)
        let status = png.withUnsafeBytes { bytes in
            rows.withUnsafeMutableBufferPointer { out in
                emk_sheet_read_rgba8(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, UInt32(width), UInt32(height), out.baseAddress)
            }
        }
        guard status == Int32(EMK_SHEET_OK.rawValue) else { return nil }
        rows.removeLast(rows.count - count)
        return RGBAImage(width: width, height: height, pixels: rows)
    }
}
