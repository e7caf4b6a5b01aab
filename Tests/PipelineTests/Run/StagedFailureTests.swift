import Foundation
import Imaging
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// A run that fails while pages are being written (staging exists and already holds sheets)
/// must leave the previous output exactly as it was and remove its staging folder.
struct StagedFailureTests {
    /// `png` with its image data made undecodable (deflate block type 3, which does not exist) and
    /// the chunk's CRC fixed up: the header and chunk structure stay valid, so every check before
    /// drawing passes and the failure comes from decoding, while the pages are rendered.
    static func undecodable(_ png: [UInt8]) -> [UInt8] {
        var bytes = png
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == "IDAT" {
                bytes[offset + 8 + 2] = 0xFF  // after the 2-byte zlib header: BFINAL=1, BTYPE=11
                let crc = CRC32.checksum(bytes[(offset + 4)..<(offset + 8 + length)])
                for i in 0..<4 { bytes[offset + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(i))) }
                return bytes
            }
            offset += length + 12
        }
        return bytes
    }

    @Test func failureWhileWritingPagesLeavesThePreviousOutput() throws {
        let dir = Fixtures.temporaryDirectory()
        let pack = dir.appendingPathComponent("faces")
        try FileManager.default.copyItem(at: Fixtures.samplePacks.appendingPathComponent("faces"), to: pack)
        let out = dir.appendingPathComponent("out")
        let configure: (inout GeneratorOptions) -> Void = {
            $0.concurrency = 1; $0.writePreview = false
        }
        _ = try PipelineRun.generate([pack], out: out, configure: configure)
        let before = PipelineRun.digests(out)
        #expect(before.keys.contains { $0.contains("page-001") }, "the pack must span two pages")

        // The last entry (on the last page) gets an image that only fails when decoded.
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: pack.appendingPathComponent("info.plist")), format: nil)
        let entries = try #require((plist as? [String: Any])?["emoticons"] as? [[String: Any]] ?? plist as? [[String: Any]])
        let png = try #require(entries.last?["png"] as? String)
        let stem = (png as NSString).deletingPathExtension
        for name in [png, "\(stem)@2x.png", "\(stem)@3x.png"] {
            let url = pack.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            try Data(Self.undecodable([UInt8](try Data(contentsOf: url)))).write(to: url)
        }
        do {
            _ = try PipelineRun.generate([pack], out: out, configure: configure)
            Issue.record("an undecodable image must stop the run")
        } catch let error as GenerationError {
            let lines = error.diagnostics(.error).map(Printed.text)
            #expect(lines.count == 1)
            #expect(lines.first?.contains("entry \(entries.count - 1) ") == true && lines.first?.contains(png.replacingOccurrences(of: ".png", with: "")) == true, "\(error)")
        }
        #expect(PipelineRun.digests(out) == before, "the previous output changed")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "out" && $0 != "faces" }
        #expect(leftovers.isEmpty, "left beside the output: \(leftovers)")
    }
}

/// CRC-32 (ISO 3309, as PNG uses), so tests can build valid chunks without zlib.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
