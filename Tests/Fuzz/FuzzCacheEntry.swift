import Foundation
import KeyboardLayout

/// libFuzzer target: bytes as a page cache entry, as a run reads one restored from elsewhere:
/// parsed (`CacheEntry(_:)`), then checked against what its key implies (`verify`) for the
/// default grid at 375 pt, @2x. Compiled together with Sources/Pipeline/Reuse/CacheEntry.swift
/// (see build.sh). Nothing may crash or allocate beyond the sheets' own size.
let expectation = CacheEntry.Expectation(grid: GridSpec(), widths: [375], scales: [2])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCacheEntry(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let data = Data(bytes: bytes, count: count)
    guard data.count <= expectation.maxBytes, let entry = CacheEntry(data) else { return 0 }
    _ = entry.verify(expectation)
    return 0
}
