import CChecksum

/// SHA-256 (FIPS 180-4). Foundation on Linux has no CryptoKit and emokit takes no crypto
/// dependency, so this small, test-vector-checked implementation fingerprints decoded pixels
/// (`emokit inspect`) and sheets (the manifest's drift check). Whole blocks of a buffer go to the
/// CPU's SHA instructions where it has them (`CChecksum`), the rest to `compress`.
public struct SHA256: Sendable {
    private var state: [UInt32] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]
    private var pending: [UInt8] = []
    private var totalLength: UInt64 = 0

    public init() {}

    /// Whether whole blocks go to the CPU's SHA instructions; tests turn it off to check the
    /// portable code gives the same digests.
    public static var usesCPUInstructions: Bool {
        get { emk_sha256_accelerated() == 1 }
        set { emk_sha256_set_accelerated(newValue ? 1 : 0) }
    }

    public mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        totalLength &+= UInt64(bytes.count)
        var input = bytes[...]
        if !pending.isEmpty {
            let take = min(64 - pending.count, input.count)
            pending.append(contentsOf: input.prefix(take))
            input = input.dropFirst(take)
            if pending.count == 64 {
                pending.withUnsafeBufferPointer { compress($0.baseAddress!) }
                pending.removeAll(keepingCapacity: true)
            }
        }
        while input.count >= 64 {
            let block = Array(input.prefix(64))
            block.withUnsafeBufferPointer { compress($0.baseAddress!) }
            input = input.dropFirst(64)
        }
        pending.append(contentsOf: input)
    }

    /// Hashes a contiguous buffer without copying it block by block (the hot path for pixels).
    public mutating func update(buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var offset = 0
        let count = buffer.count
        if !pending.isEmpty || count < 64 {
            let take = min(64 - pending.count, count)
            update(UnsafeBufferPointer(start: base, count: take))
            offset = take
            if offset == count { return }
        }
        totalLength &+= UInt64(count - offset)
        let blocks = (count - offset) / 64
        if blocks > 0, state.withUnsafeMutableBufferPointer({ emk_sha256_blocks($0.baseAddress!, base + offset, blocks) }) == 1 {
            offset += blocks * 64
        }
        while count - offset >= 64 {
            compress(base + offset)
            offset += 64
        }
        pending.append(contentsOf: UnsafeBufferPointer(start: base + offset, count: count - offset))
    }

    public mutating func finalize() -> [UInt8] {
        let bitLength = totalLength &* 8
        var tail: [UInt8] = [0x80]
        let padded = (pending.count + 1) % 64
        tail += [UInt8](repeating: 0, count: padded <= 56 ? 56 - padded : 120 - padded)
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        let savedLength = totalLength
        update(tail)
        totalLength = savedLength
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in state {
            digest += [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        return digest
    }

    public static func hash<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = SHA256()
        if let digest = bytes.withContiguousStorageIfAvailable({ buffer -> [UInt8] in
            hasher.update(buffer: UnsafeRawBufferPointer(buffer))
            return hasher.finalize()
        }) {
            return digest
        }
        hasher.update(bytes)
        return hasher.finalize()
    }

    public static func hexDigest<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        hash(bytes).hexString
    }

    /// One 64-byte block. The message schedule lives on the stack and the rounds work on local
    /// copies of the state, so a block costs no allocation and no reference counting (this runs
    /// once per 64 bytes of every sheet written). Shifts are masking (`&>>`, `&<<`): the same code
    /// optimised, and several times faster unoptimised, in the debug builds the tests run.
    private mutating func compress(_ block: UnsafePointer<UInt8>) {
        var a = state[0], b = state[1], c = state[2], d = state[3]
        var e = state[4], f = state[5], g = state[6], h = state[7]
        // The round constants are C's table (`CChecksum`), the one the SHA instructions read too.
        let k = emk_sha256_round_constants()!
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for i in 0..<16 {
                w[i] = UInt32(block[4 * i]) &<< 24 | UInt32(block[4 * i + 1]) &<< 16 | UInt32(block[4 * i + 2]) &<< 8 | UInt32(block[4 * i + 3])
            }
            for i in 16..<64 {
                let s0 = w[i - 15].rotatedRight(7) ^ w[i - 15].rotatedRight(18) ^ (w[i - 15] &>> 3)
                let s1 = w[i - 2].rotatedRight(17) ^ w[i - 2].rotatedRight(19) ^ (w[i - 2] &>> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            for i in 0..<64 {
                let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                let ch = (e & f) ^ (~e & g)
                let t1 = h &+ s1 &+ ch &+ k[i] &+ w[i]
                let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                let maj = (a & b) ^ (a & c) ^ (b & c)
                let t2 = s0 &+ maj
                h = g; g = f; f = e; e = d &+ t1
                d = c; c = b; b = a; a = t1 &+ t2
            }
        }
        state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
        state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
    }
}

extension UInt32 {
    @inline(__always) fileprivate func rotatedRight(_ n: UInt32) -> UInt32 { (self &>> n) | (self &<< (32 &- n)) }
}

extension Array where Element == UInt8 {
    /// Lower-case hex, the form `sha256sum` prints.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(count * 2)
        for byte in self { out.append(digits[Int(byte >> 4)]); out.append(digits[Int(byte & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
