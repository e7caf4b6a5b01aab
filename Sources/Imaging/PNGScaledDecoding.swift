import CLibPNG
import FileAccess
import Foundation

extension PNGDecoder {
    /// Decodes a PNG straight into scaled copies, one per size `sizes(width, height)` asks for,
    /// without ever holding the full-size image: rows go from libpng to a `RowScaler` one at a
    /// time. Memory is the file's bytes plus a few rows, whatever the image's pixel count, so a
    /// pack of huge icons costs time, not memory. (Interlaced files are the exception: their
    /// rows are complete only after the last pass, so they are decoded whole first; and so is a
    /// simple file when `readsSimpleFilesWithLibdeflate`, an emoji glyph of at most 4 MB.)
    public func decodeScaled(
        contentsOf url: URL, displayPath: String? = nil, kernels: inout ResampleKernel.Cache,
        sizes: (_ width: Int, _ height: Int) -> [(width: Int, height: Int)]
    ) throws(PNGError) -> [RGBAImage] {
        let path = displayPath ?? url.path
        let data: Data
        do {
            data = try RegularFile.read(url, maxBytes: limits.maxFileBytes)
        } catch {
            throw PNGError(path: path, reason: .unreadable(error.description))
        }
        return try decodeScaled(data, path: path, kernels: &kernels, sizes: sizes)
    }

    public func decodeScaled(
        _ data: Data, path: String, kernels: inout ResampleKernel.Cache,
        sizes: (_ width: Int, _ height: Int) -> [(width: Int, height: Int)]
    ) throws(PNGError) -> [RGBAImage] {
        var cache = kernels
        defer { kernels = cache }
        if let format = StillImageFormat.of(data.prefix(16), path: path) {
            // A row at a time into the scaler, as a PNG's rows go.
            var scaler: RowScaler?
            try readStillImageRows(
                data, format: format, path: path,
                begin: { width, height in scaler = RowScaler(sourceWidth: width, sourceHeight: height, sizes: sizes(width, height), kernels: &cache) },
                row: { if scaler?.isComplete == false { scaler?.append(row: $0) } })
            return scaler?.images() ?? []
        }
        // The emoji font's glyphs: read without libpng when simple (`readSimpleRows`); any other
        // file, a damaged one, and every pack's image, is libpng's, below.
        var simple: RowScaler?
        var palette: RowScaler.Palette?
        let readSimply =
            readsSimpleFilesWithLibdeflate
            && readSimpleRows(
                data,
                begin: { width, height, colours in
                    palette = colours
                    simple = RowScaler(sourceWidth: width, sourceHeight: height, sizes: sizes(width, height), kernels: &cache)
                },
                row: { row in
                    if let palette { simple?.append(indices: row, palette: palette) } else { simple?.append(row: row) }
                })
        if readSimply, let simple { return simple.images() }
        return try withReader(data, path: path) { reader, header throws(PNGError) in
            let width = Int(header.width), height = Int(header.height)
            var message = [CChar](repeating: 0, count: 256)
            if header.interlaced != 0 {
                var pixels = [UInt8](repeating: 0, count: width * height * 4)
                let status = pixels.withUnsafeMutableBufferPointer { emk_png_reader_read_rgba8(reader, $0.baseAddress, &message, message.count) }
                guard status == Int32(EMK_PNG_OK.rawValue) else { throw Self.error(status: status, message: message, path: path, limits: limits) }
                return Resampler.scale(RGBAImage(width: width, height: height, pixels: pixels), to: sizes(width, height), kernels: &cache)
            }
            var scaler = RowScaler(sourceWidth: width, sourceHeight: height, sizes: sizes(width, height), kernels: &cache)
            if header.color_type == 3 && header.bit_depth <= 8 {
                // Palette images (most emoticons): indices and a prepared palette, no expansion per pixel.
                var rgba = [UInt8](repeating: 0, count: 1024)
                var status = rgba.withUnsafeMutableBufferPointer { emk_png_reader_begin_indexed_rows(reader, $0.baseAddress, &message, message.count) }
                let palette = RowScaler.Palette(rgba: rgba)
                var indices = [UInt8](repeating: 0, count: width)
                while status == Int32(EMK_PNG_OK.rawValue) && !scaler.isComplete {
                    status = indices.withUnsafeMutableBufferPointer { emk_png_reader_read_row(reader, $0.baseAddress, &message, message.count) }
                    if status == Int32(EMK_PNG_OK.rawValue) { indices.withUnsafeBufferPointer { scaler.append(indices: $0, palette: palette) } }
                }
                guard status == Int32(EMK_PNG_OK.rawValue) else { throw Self.error(status: status, message: message, path: path, limits: limits) }
                return scaler.images()
            }
            var status = emk_png_reader_begin_rows(reader, &message, message.count)
            var row = [UInt8](repeating: 0, count: width * 4)
            while status == Int32(EMK_PNG_OK.rawValue) && !scaler.isComplete {
                status = row.withUnsafeMutableBufferPointer { emk_png_reader_read_row(reader, $0.baseAddress, &message, message.count) }
                if status == Int32(EMK_PNG_OK.rawValue) { row.withUnsafeBufferPointer { scaler.append(row: $0) } }
            }
            guard status == Int32(EMK_PNG_OK.rawValue) else { throw Self.error(status: status, message: message, path: path, limits: limits) }
            return scaler.images()
        }
    }
}
