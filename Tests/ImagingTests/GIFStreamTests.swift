import Foundation
import Imaging
import TestSupport
import Testing

/// A GIF file is decoded a buffer at a time, never read whole: a 60 MB GIF (one comment
/// extension, within the 64 MB limit) held all of it, and a run peaked well above 100 MiB.
/// Benchmarks/reader-memory.sh measures the peak; here, what the decoder reads.
struct GIFStreamTests {
    /// `GIFDecoderTests.twoFrames` with a comment extension of `commentBytes` after the colour
    /// table, and `trailing` bytes after the GIF's end.
    static func gif(commentBytes: Int, trailing: Int = 0) -> [UInt8] {
        let plain = GIFDecoderTests.twoFrames()
        let tableEnd = 13 + 3 * (1 << (Int(plain[10] & 7) + 1))
        var comment: [UInt8] = [0x21, 0xFE]
        var left = commentBytes
        while left > 0 {
            let length = min(255, left)
            comment.append(UInt8(length))
            comment += [UInt8](repeating: UInt8(ascii: "c"), count: length)
            left -= length
        }
        comment.append(0)
        return Array(plain[..<tableEnd]) + comment + Array(plain[tableEnd...]) + [UInt8](repeating: 0x55, count: trailing)
    }

    @Test func aLargeGIFIsReadABufferAtATimeAndShownWhole() throws {
        let bytes = Self.gif(commentBytes: 1_000_000, trailing: 70_000)
        let url = Fixtures.temporaryDirectory().appendingPathComponent("big.gif")
        try Data(bytes).write(to: url)
        var seen: [UInt8] = []
        var largest = 0
        let decoded = try GIFDecoder().decode(contentsOf: url) { chunk in
            largest = max(largest, chunk.count)
            seen += chunk
        }
        // Every byte once, in order (those after the GIF's end too: the run hashes the file).
        #expect(seen == bytes)
        #expect(largest <= 64 * 1024, "read \(largest) bytes at once")
        let whole = try GIFDecoder().decode(Data(bytes), path: "big.gif")
        #expect(decoded.info == whole.info && decoded.firstFrame == whole.firstFrame && decoded.info.frames == 2)
        GIFDecoderTests.expectFirstFrame(decoded.firstFrame)
    }

    @Test func aStreamedGIFIsRefusedAsAWholeOneIs() throws {
        let dir = Fixtures.temporaryDirectory()
        let full = Self.gif(commentBytes: 300_000)
        for (name, bytes) in [("empty", [UInt8]()), ("png", Array("\u{89}PNG\r\n\u{1a}\n".utf8)), ("cut", Array(full.prefix(200_000)))] {
            let url = dir.appendingPathComponent("\(name).gif")
            try Data(bytes).write(to: url)
            let streamed = #expect(throws: GIFError.self) { _ = try GIFDecoder().decode(contentsOf: url) }
            let whole = #expect(throws: GIFError.self) { _ = try GIFDecoder().decode(Data(bytes), path: url.path) }
            #expect(streamed?.description == whole?.description, "\(name)")
        }
    }
}
