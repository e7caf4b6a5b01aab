import EmoticonPacks
import Foundation

/// libFuzzer target: plist bytes to a pack, as `generate` reads them: the format sniffed, our
/// strict bplist00 reader or Foundation's XML parser, then every entry checked against a pack
/// folder holding one real PNG.
let packFolder: URL = {
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("emokit-fuzz-pack-\(getpid())/p")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    if let png = ProcessInfo.processInfo.environment["EMOKIT_FUZZ_PNG"] {
        try? FileManager.default.copyItem(atPath: png, toPath: url.appendingPathComponent("d_haha.png").path)
    }
    return url
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let data = Data(bytes: bytes, count: count)
    _ = try? PackReader.parsePlist(data, display: "fuzz/info.plist")
    try? data.write(to: packFolder.appendingPathComponent("info.plist"))
    _ = PackReader(lenient: true).survey([packFolder])
    return 0
}
