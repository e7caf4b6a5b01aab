import Foundation
import Imaging

/// libFuzzer target: PNG bytes through the libpng shim (header checks, chunk and zlib-bomb
/// checks, full decode to RGBA8), with the default limits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let data = Data(bytes: bytes, count: count)
    let decoder = PNGDecoder(limits: .init(maxWidth: 2048, maxHeight: 2048, maxPixels: 4 * 1024 * 1024))
    if let decoded = try? decoder.decode(data, path: "fuzz.png") {
        _ = Resampler.scaleToFit(decoded.image, box: 64)
    }
    return 0
}
