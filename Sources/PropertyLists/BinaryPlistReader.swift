import Foundation
import TextEscaping

/// A strict reader for binary property lists (`bplist00`), so that untrusted bytes never reach
/// Foundation's `PropertyListSerialization`, which crashes (SIGSEGV) on Linux for some inputs,
/// e.g. a set holding a dictionary.
///
/// It accepts only what packs use: dictionaries (string keys, each once), arrays, ASCII and
/// UTF-16 strings, integers (up to 64 bits), reals, booleans, data and dates. Everything else is
/// refused with a reason: sets, UIDs, null/fill objects, a reference that loops back into its own
/// container, offsets outside the object area, counts larger than the file could hold, nesting
/// deeper than `maxDepth`, and shared containers that would expand past a budget proportional to
/// the file size (a "billion laughs" made of references). Values come back as the types
/// Foundation's XML parser produces (`[String: Any]`, `[Any]`, `String`, `NSNumber`, `Bool`,
/// `Data`, `Date`), so the rest of the pack reader sees one model for both formats.
public struct BinaryPlistReader {
    public static let magic = Array("bplist00".utf8)
    public static let maxDepth = 64

    /// Why the bytes were refused; the text goes after "not a valid property list".
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    private let bytes: [UInt8]
    private var offsets: [Int] = []
    private var refSize = 1
    private var objectAreaEnd = 0
    /// Containers decoded so far (shared references count each time): the expansion budget.
    private var visits = 0
    private let maxVisits: Int
    /// Objects on the path from the root to the one being read (a reference back is a loop).
    private var inProgress: Set<Int> = []
    private var scalars: [Int: Any] = [:]

    public static func isBinary(_ data: Data) -> Bool { data.starts(with: magic) }

    /// Decodes a whole binary plist.
    public static func read(_ data: Data) throws(Problem) -> Any {
        var reader = BinaryPlistReader(bytes: [UInt8](data))
        return try reader.readDocument()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        maxVisits = 16 * bytes.count + 1024
    }

    private mutating func readDocument() throws(Problem) -> Any {
        guard bytes.count >= Self.magic.count + 32, bytes.starts(with: Self.magic) else {
            throw Problem("binary plist too short for its header and trailer")
        }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        refSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(refSize) else {
            throw Problem("binary plist trailer: offset size \(offsetSize) and reference size \(refSize) must be 1 to 8 bytes")
        }
        let count = try bigEndian(at: trailer + 8, size: 8, what: "object count")
        let top = try bigEndian(at: trailer + 16, size: 8, what: "top object")
        let tableOffset = try bigEndian(at: trailer + 24, size: 8, what: "offset table offset")
        guard count >= 1, count <= trailer / offsetSize else { throw Problem("binary plist trailer: object count \(count) does not fit the file") }
        guard top < count else { throw Problem("binary plist trailer: top object \(top) is not among the \(count) objects") }
        guard tableOffset >= Self.magic.count, tableOffset <= trailer, count * offsetSize <= trailer - tableOffset else {
            throw Problem("binary plist trailer: the offset table at \(tableOffset) lies outside the file")
        }
        objectAreaEnd = tableOffset
        offsets.reserveCapacity(count)
        for index in 0..<count {
            let offset = try bigEndian(at: tableOffset + index * offsetSize, size: offsetSize, what: "offset")
            guard offset >= Self.magic.count, offset < objectAreaEnd else {
                throw Problem("binary plist: object \(index) has offset \(offset), outside the object area")
            }
            offsets.append(offset)
        }
        return try object(top, depth: 0)
    }

    private func bigEndian(at position: Int, size: Int, what: String) throws(Problem) -> Int {
        guard position >= 0, size >= 1, size <= 8, position + size <= bytes.count else { throw Problem("binary plist: \(what) runs past the end of the file") }
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[position + i]) }
        guard value <= UInt64(Int.max) else { throw Problem("binary plist: \(what) \(value) is too large") }
        return Int(value)
    }

    /// Reads the length of an object whose marker's low nibble is `nibble` at `position`; a
    /// nibble of 15 means an integer object follows. Returns the count and where the payload
    /// starts.
    private func length(_ nibble: Int, at position: Int) throws(Problem) -> (count: Int, start: Int) {
        if nibble != 0xF { return (nibble, position + 1) }
        guard position + 1 < objectAreaEnd else { throw Problem("binary plist: a length runs past the object area") }
        let marker = bytes[position + 1]
        guard marker >> 4 == 0x1, marker & 0xF <= 3 else { throw Problem("binary plist: a length is not an integer") }
        let size = 1 << Int(marker & 0xF)
        let count = try bigEndian(at: position + 2, size: size, what: "length")
        return (count, position + 2 + size)
    }

    /// Checks that `count` items of `size` bytes starting at `start` lie inside the object area.
    private func checkSpan(_ start: Int, count: Int, size: Int, index: Int) throws(Problem) {
        let (total, overflow) = count.multipliedReportingOverflow(by: size)
        guard !overflow, start <= objectAreaEnd, total <= objectAreaEnd - start else {
            throw Problem("binary plist: object \(index) claims \(count) items, more than the file holds")
        }
    }

    private mutating func object(_ index: Int, depth: Int) throws(Problem) -> Any {
        if let known = scalars[index] { return known }
        guard depth <= Self.maxDepth else { throw Problem("binary plist: nested deeper than \(Self.maxDepth) levels") }
        let position = offsets[index]
        let marker = Int(bytes[position])
        let kind = marker >> 4, nibble = marker & 0xF
        switch kind {
        case 0x0:
            switch nibble {
            case 0x8: return remember(false, index)
            case 0x9: return remember(true, index)
            default: throw Problem("binary plist: object \(index) is a null or fill value, which packs do not use")
            }
        case 0x1:
            guard nibble <= 3 else { throw Problem("binary plist: object \(index) is an integer wider than 64 bits") }
            let size = 1 << nibble
            try checkSpan(position + 1, count: size, size: 1, index: index)
            var raw: UInt64 = 0
            for i in 0..<size { raw = raw << 8 | UInt64(bytes[position + 1 + i]) }
            // 8-byte integers are signed; shorter ones are unsigned.
            let value = size == 8 ? Int64(bitPattern: raw) : Int64(raw)
            return remember(NSNumber(value: value), index)
        case 0x2:
            guard nibble == 2 || nibble == 3 else { throw Problem("binary plist: object \(index) is a real of unsupported size") }
            let size = 1 << nibble
            try checkSpan(position + 1, count: size, size: 1, index: index)
            var raw: UInt64 = 0
            for i in 0..<size { raw = raw << 8 | UInt64(bytes[position + 1 + i]) }
            let value = size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)
            return remember(NSNumber(value: value), index)
        case 0x3:
            guard nibble == 3 else { throw Problem("binary plist: object \(index) is a malformed date") }
            try checkSpan(position + 1, count: 8, size: 1, index: index)
            var raw: UInt64 = 0
            for i in 0..<8 { raw = raw << 8 | UInt64(bytes[position + 1 + i]) }
            return remember(Date(timeIntervalSinceReferenceDate: Double(bitPattern: raw)), index)
        case 0x4:
            let (count, start) = try length(nibble, at: position)
            try checkSpan(start, count: count, size: 1, index: index)
            return remember(Data(bytes[start..<start + count]), index)
        case 0x5:
            let (count, start) = try length(nibble, at: position)
            try checkSpan(start, count: count, size: 1, index: index)
            let slice = bytes[start..<start + count]
            guard slice.allSatisfy({ $0 < 0x80 }) else { throw Problem("binary plist: object \(index) is an ASCII string with non-ASCII bytes") }
            return remember(String(decoding: slice, as: UTF8.self), index)
        case 0x6:
            let (count, start) = try length(nibble, at: position)
            try checkSpan(start, count: count, size: 2, index: index)
            var units: [UInt16] = []
            units.reserveCapacity(count)
            for i in 0..<count { units.append(UInt16(bytes[start + 2 * i]) << 8 | UInt16(bytes[start + 2 * i + 1])) }
            var text = String.UnicodeScalarView()
            for scalar in UTF16DecodingSequence(units) {
                guard let scalar else { throw Problem("binary plist: object \(index) is a UTF-16 string with an unpaired surrogate") }
                text.append(scalar)
            }
            return remember(String(text), index)
        case 0x8: throw Problem("binary plist: object \(index) is a UID (keyed archive), which packs do not use")
        case 0xA:
            let (count, start) = try length(nibble, at: position)
            try checkSpan(start, count: count, size: refSize, index: index)
            try enter(index, items: count)
            var array: [Any] = []
            array.reserveCapacity(count)
            for i in 0..<count { array.append(try object(try reference(start + i * refSize), depth: depth + 1)) }
            inProgress.remove(index)
            return array
        case 0xC: throw Problem("binary plist: object \(index) is a set, which packs do not use")
        case 0xD:
            let (count, start) = try length(nibble, at: position)
            try checkSpan(start, count: count, size: 2 * refSize, index: index)
            try enter(index, items: count)
            var dict: [String: Any] = [:]
            for i in 0..<count {
                guard let key = try object(try reference(start + i * refSize), depth: depth + 1) as? String else {
                    throw Problem("binary plist: dictionary \(index) has a key that is not a string")
                }
                guard dict[key] == nil else { throw Problem("binary plist: dictionary \(index) repeats the key \(Escape.message(key))") }
                dict[key] = try object(try reference(start + (count + i) * refSize), depth: depth + 1)
            }
            inProgress.remove(index)
            return dict
        default:
            throw Problem("binary plist: object \(index) has unknown type marker 0x\(String(marker, radix: 16))")
        }
    }

    private mutating func remember(_ value: Any, _ index: Int) -> Any {
        scalars[index] = value
        return value
    }

    /// Marks a container as being read: refuses loops and expansion past the budget.
    private mutating func enter(_ index: Int, items: Int) throws(Problem) {
        guard !inProgress.contains(index) else { throw Problem("binary plist: object \(index) contains itself (a reference loop)") }
        visits += 1 + items
        guard visits <= maxVisits else { throw Problem("binary plist: shared references expand to more objects than the file size allows") }
        inProgress.insert(index)
    }

    private func reference(_ position: Int) throws(Problem) -> Int {
        let ref = try bigEndian(at: position, size: refSize, what: "reference")
        guard ref < offsets.count else { throw Problem("binary plist: reference \(ref) points past the \(offsets.count) objects") }
        return ref
    }
}

/// UTF-16 code units to scalars; nil for an unpaired surrogate (never replaced silently).
private struct UTF16DecodingSequence: Sequence, IteratorProtocol {
    var iterator: IndexingIterator<[UInt16]>
    var decoder = UTF16()

    init(_ units: [UInt16]) { iterator = units.makeIterator() }

    mutating func next() -> Unicode.Scalar?? {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): return .some(scalar)
        case .emptyInput: return nil
        case .error: return .some(nil)
        }
    }
}
