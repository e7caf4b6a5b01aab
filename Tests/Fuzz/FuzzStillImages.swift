import Foundation
import Imaging

/// libFuzzer target: JPEG, WebP and BMP bytes through the decoder that reads them by content
/// (libjpeg's and libwebp's shims, the BMP reader): header checks against the limits, then a
/// full decode to RGBA8, with small limits so a header's claimed size is checked, not allocated.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStillImages(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let data = Data(bytes: bytes, count: count)
    let decoder = PNGDecoder(limits: .init(maxWidth: 2048, maxHeight: 2048, maxPixels: 4 * 1024 * 1024))
    if let decoded = try? decoder.decode(data, path: "fuzz.image") {
        _ = Resampler.scaleToFit(decoded.image, box: 64)
    }
    return 0
}
