import Foundation

/// libFuzzer target: bytes as a shard's `emokit-shard.json`, as `merge` reads them: decoded,
/// then checked (`ShardRecord.check`: paths, names and counts). Compiled together with
/// Sources/Pipeline/Shards/ShardRecord.swift (see build.sh). Nothing may crash, hang or
/// allocate without bound, and every path a record that passes implies must be one emokit writes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShardRecord(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let data = Data(bytes: bytes, count: count)
    guard let record = try? ShardRecord.decode(data), let files = try? record.check() else { return 0 }
    for path in files where path.hasPrefix("/") || path.split(separator: "/").contains("..") || path.contains("\0") {
        fatalError("a checked record implies a path outside the output: \(path)")
    }
    return 0
}
