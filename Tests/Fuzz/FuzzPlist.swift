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

/// The chat apps' map files (Pack layouts: Adium, Pidgin, XEP-0038, KDE, a text map), each in a
/// folder of its own beside the same PNG, so the same bytes reach a map reader too.
let mapFolders: [URL] = ["Emoticons.plist", "theme", "icondef.xml", "emoticons.xml", "Map.plist"].map { name in
    let url = packFolder.deletingLastPathComponent().appendingPathComponent("map-\(name)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try? FileManager.default.copyItem(at: packFolder.appendingPathComponent("d_haha.png"), to: url.appendingPathComponent("d_haha.png"))
    return url.appendingPathComponent(name)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let data = Data(bytes: bytes, count: count)
    _ = try? PackReader.parsePlist(data, display: "fuzz/info.plist")
    try? data.write(to: packFolder.appendingPathComponent("info.plist"))
    _ = PackReader(lenient: true).survey([packFolder])
    // One map reader per input (chosen by its length), so the plist reader keeps most of the time.
    let file = mapFolders[count % mapFolders.count]
    try? data.write(to: file)
    _ = PackReader(lenient: true).survey([file.deletingLastPathComponent()])
    return 0
}
