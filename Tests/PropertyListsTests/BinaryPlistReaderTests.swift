import Foundation
import TestSupport
import Testing

@testable import PropertyLists

/// The strict binary plist reader: what crashed Foundation is a one-line error, what packs never
/// hold is refused, and the rest reads as Foundation reads it.
struct BinaryPlistReaderTests {
    static func bplist(_ hex: String) -> Data {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return Data(bytes)
    }

    /// Builds a bplist00 from objects already encoded, with 1-byte offsets and refs.
    static func bplist(objects: [[UInt8]], top: Int = 0) -> Data {
        var body = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects { offsets.append(body.count); body += object }
        let table = body.count
        body += offsets.map { UInt8($0) }
        body += [0, 0, 0, 0, 0, 0, 1, 1]
        for value in [objects.count, top, table] { body += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        return Data(body)
    }

    /// Why `data` is refused (the text after "not a valid property list"), or nil if it is read.
    func refusal(_ data: Data) -> String? {
        do {
            _ = try PropertyList.parse(data)
            return nil
        } catch {
            guard case .binary(let problem) = error else { return "not the binary reader's refusal: \(error)" }
            return problem.description
        }
    }

    /// The 51-byte case from the issue: a set holding a dictionary killed the process (SIGSEGV
    /// inside Foundation). It is now a one-line error.
    @Test func setHoldingADictionaryIsRefusedNotACrash() {
        let crash = Self.bplist("62706c6973743030a101c102d0" + "0008000a000c" + "000000000000020100000000000000030000000000000000000000000000000d")
        #expect(crash.count == 51)
        #expect(refusal(crash) == "binary plist: object 1 is a set, which packs do not use")
    }

    @Test func strictBinaryPlistReaderRefusesWhatPacksNeverHold() {
        let cases: [(String, Data, String)] = [
            ("UID", Self.bplist(objects: [[0x80, 0x01]]), "is a UID"),
            ("self loop", Self.bplist(objects: [[0xA1, 0x00]]), "contains itself"),
            ("mutual loop", Self.bplist(objects: [[0xA1, 0x01], [0xA1, 0x00]]), "contains itself"),
            ("count past the end", Self.bplist(objects: [[0xAF, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]), "more than the file holds"),
            ("reference past the objects", Self.bplist(objects: [[0xA1, 0x05]]), "points past"),
            ("null", Self.bplist(objects: [[0x00]]), "null or fill"),
            ("128-bit integer", Self.bplist(objects: [[0x14] + [UInt8](repeating: 1, count: 16)]), "wider than 64 bits"),
            ("unpaired surrogate", Self.bplist(objects: [[0x61, 0xD8, 0x3D]]), "unpaired surrogate"),
            ("non-string key", Self.bplist(objects: [[0xD1, 0x01, 0x01], [0x10, 0x01]]), "key that is not a string"),
            ("repeated key", Self.bplist(objects: [[0xD2, 0x01, 0x01, 0x02, 0x02], [0x51, 0x61], [0x09]]), "repeats the key"),
            ("short", Data("bplist00".utf8), "too short"),
            ("bad trailer sizes", Self.bplist("62706c6973743030" + "08" + "08" + "00000000000009000000000000000001" + "0000000000000000" + "0000000000000008"), "must be 1 to 8 bytes"),
        ]
        for (name, data, expected) in cases {
            let message = refusal(data)
            #expect(message?.contains(expected) == true, "\(name): \(message ?? "accepted")")
        }
        // Nesting: 100 arrays deep.
        let deepObjects: [[UInt8]] = (0..<100).map { (i: Int) -> [UInt8] in i == 99 ? [0x09] : [0xA1, UInt8(i + 1)] }
        let deep = Self.bplist(objects: deepObjects)
        #expect(refusal(deep)?.contains("nested deeper than 64") == true)
        // Shared references: 30 levels of [x, x] would expand to 2^30 objects.
        let laughObjects: [[UInt8]] = (0..<31).map { (i: Int) -> [UInt8] in i == 30 ? [0x09] : [0xA2, UInt8(i + 1), UInt8(i + 1)] }
        let laughs = Self.bplist(objects: laughObjects)
        #expect(refusal(laughs)?.contains("expand to more objects") == true)
    }

    /// What packs hold reads exactly as Foundation reads it: every binary plist of the samples
    /// and the conformance corpus, compared with Foundation's result re-encoded as XML.
    @Test func binaryPlistsReadAsFoundationReadsThem() throws {
        let files = [
            Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks/com.emokit.animals/info.plist"),
            Fixtures.conformance.appendingPathComponent("plists/emoji-array-binary/Emoji.plist"),
        ]
        for file in files {
            let data = try Data(contentsOf: file)
            #expect(BinaryPlistReader.isBinary(data))
            let ours = try BinaryPlistReader.read(data)
            let foundation = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            let a = try PropertyListSerialization.data(fromPropertyList: ours, format: .xml, options: 0)
            let b = try PropertyListSerialization.data(fromPropertyList: foundation, format: .xml, options: 0)
            #expect(a == b, "\(file.lastPathComponent)")
        }
        // Scalars of every kind packs use, written by Foundation.
        var mixed: [String: Any] = ["i": 42, "neg": -7, "big": Int64.max, "r": 1.5, "t": true, "f": false]
        mixed["s"] = "ascii"
        mixed["u"] = "猫 😀"
        mixed["d"] = Data([1, 2, 3])
        let inner: [Any] = [1, "x", ["k": "v"] as [String: Any]]
        mixed["a"] = inner
        let binary = try PropertyListSerialization.data(fromPropertyList: mixed, format: .binary, options: 0)
        let ours = try BinaryPlistReader.read(binary)
        let xmlOurs = try PropertyListSerialization.data(fromPropertyList: ours, format: .xml, options: 0)
        let xmlTheirs = try PropertyListSerialization.data(fromPropertyList: mixed, format: .xml, options: 0)
        #expect(xmlOurs == xmlTheirs)
    }
}
