import Checksum
import Foundation
import TestSupport
import Testing

/// SHA-256 against FIPS 180-4's examples and `sha256sum`, fed whole and in pieces, since sheet
/// hashes, the page cache's keys and `SHA256SUMS` all rest on it.
struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownDigests(text: String, digest: String) {
        #expect(SHA256.hexDigest(Array(text.utf8)) == digest)
    }

    /// The CPU's SHA instructions and the portable code give the same digests, for every length
    /// around a block and for a few MB (the known digests above run on whichever this machine has).
    @Test func cpuInstructionsAndPortableCodeAgree() {
        var rng = SystemRandomNumberGenerator()
        let lengths = Array(0..<200) + [1023, 4096, 65_537, 3_000_001]
        let inputs = lengths.map { n in (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) } }
        let available = SHA256.usesCPUInstructions
        defer { SHA256.usesCPUInstructions = available }
        SHA256.usesCPUInstructions = false
        let portable = inputs.map { SHA256.hexDigest($0) }
        SHA256.usesCPUInstructions = true
        let accelerated = inputs.map { SHA256.hexDigest($0) }
        #expect(portable == accelerated)
        #expect(SHA256.hexDigest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// A million "a"s (FIPS 180-4), fed in uneven pieces that cross every block boundary.
    @Test func piecesGiveTheWholesDigest() {
        let whole = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        var hasher = SHA256()
        var offset = 0, step = 1
        while offset < whole.count {
            let end = min(whole.count, offset + step)
            hasher.update(whole[offset..<end])
            offset = end
            step = step % 127 + 13
        }
        #expect(hasher.finalize().map { String(format: "%02x", $0) }.joined() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Message lengths around the padding boundary (55, 56, 63, 64 bytes) agree with the system's sha256sum.
    @Test func paddingBoundariesMatchSha256sum() throws {
        for length in [55, 56, 57, 63, 64, 65, 119, 120] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(length)-\(UUID().uuidString)")
            try Data(bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let output = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [file.path]).stdout
            #expect(SHA256.hexDigest(bytes) == String(output.prefix(64)), "length \(length)")
        }
    }
}
