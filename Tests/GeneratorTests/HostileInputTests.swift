import EmokitCLI
import FileAccess
import Foundation
import Imaging
import Pipeline
import TestSupport
import Testing

@testable import EmoticonPacks

/// Packs and files built to break the reader: colliding tab ids, binary plists that crash
/// Foundation, named pipes, devices, oversized and escaping symlinked plists.
struct HostileInputTests {
    static let png = Fixtures.conformance.appendingPathComponent("plists/weibo-valid/d_haha.png")

    /// A one-entry Weibo pack at `root/name` (its plist optionally a YYKit dict with `id`).
    @discardableResult
    static func makePack(_ root: URL, _ name: String, yykitID: String? = nil) throws -> URL {
        let folder = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: png, to: folder.appendingPathComponent("d_haha.png"))
        let entries: [Any] = [["chs": "[哈哈]", "png": "d_haha.png", "type": "0"]]
        let root: Any = yykitID.map { ["id": $0, "group_name_cn": name, "emoticons": entries] as [String: Any] } ?? entries
        try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0).write(to: folder.appendingPathComponent("info.plist"))
        return folder
    }

    static func ids(_ inputs: [URL], explicit: [String: String] = [:]) throws -> (ids: [String], warnings: [String]) {
        let result = try PackReader(explicitTabIDs: explicit).read(inputs)
        return (result.packs.map(\.id), result.warnings.map(\.description))
    }

    // MARK: - Tab ids

    /// `generate p1/foo p2/foo p3/foo-2` gave `foo, foo-2, foo-2` (two tabs writing one folder).
    @Test func tabIDsAreUniqueAndCollisionsAreReported() throws {
        let root = Fixtures.temporaryDirectory()
        let inputs = [try Self.makePack(root, "p1/foo"), try Self.makePack(root, "p2/foo"), try Self.makePack(root, "p3/foo-2")]
        let (ids, warnings) = try Self.ids(inputs)
        #expect(ids == ["foo", "foo-3", "foo-2"])
        #expect(warnings == ["\(inputs[1].path): tab id 'foo' is already used by \(inputs[0].path) (ids are compared ignoring case); this tab gets 'foo-3' (set ids with the config file's tabIds)"])
    }

    /// `Faces` and `faces` are one folder on a case-insensitive disk.
    @Test func tabIDsAreUniqueIgnoringCase() throws {
        let root = Fixtures.temporaryDirectory()
        let (ids, warnings) = try Self.ids([try Self.makePack(root, "a/Faces"), try Self.makePack(root, "b/faces")])
        #expect(ids == ["Faces", "faces-2"])
        #expect(warnings.count == 1)
    }

    /// A folder named `猫 咪` became `pack`, and `pack-2` once `狗狗` was added.
    @Test func tabIDDependsOnlyOnThePackItself() throws {
        let root = Fixtures.temporaryDirectory()
        try Self.makePack(root, "packs/猫 咪")
        let alone = try Self.ids([root.appendingPathComponent("packs")]).ids
        try Self.makePack(root, "packs/狗狗")
        try Self.makePack(root, "packs/0 first")
        let together = try Self.ids([root.appendingPathComponent("packs")])
        #expect(alone == ["xn----ig9az05g"])  // Python: "猫-咪".encode("punycode")
        #expect(together.ids == ["0-first", "xn--l5xa", "xn----ig9az05g"])
        #expect(together.warnings.isEmpty)
    }

    @Test func punycodeMatchesRFC3492() {
        // RFC 3492 section 7.1 sample (A) and well-known IDN labels.
        #expect(Punycode.encode("\u{0644}\u{064A}\u{0647}\u{0645}\u{0627}\u{0628}\u{062A}\u{0643}\u{0644}\u{0645}\u{0648}\u{0634}\u{0639}\u{0631}\u{0628}\u{064A}\u{061F}") == "egbpdaj6bu4bxfgehfvwxn")
        #expect(Punycode.encode("bücher") == "bcher-kva")
        #expect(Punycode.encode("中文") == "fiq228c")
    }

    @Test func yykitPlistIDWinsAndRecentIsReserved() throws {
        let root = Fixtures.temporaryDirectory()
        let yykit = try Self.makePack(root, "folder-name", yykitID: "com.sina.default")
        let recent = try Self.makePack(root, "x/Recent")
        let (ids, warnings) = try Self.ids([yykit, recent])
        #expect(ids == ["com.sina.default", "Recent-2"])
        #expect(warnings == ["\(recent.path): tab id 'Recent' is reserved for the preview's Recent tab; this tab gets 'Recent-2' (set ids with the config file's tabIds)"])
    }

    @Test func configSetsTabIDs() throws {
        let root = Fixtures.temporaryDirectory()
        let cats = try Self.makePack(root, "猫 咪")
        let yykit = try Self.makePack(root, "y", yykitID: "com.sina.default")
        #expect(try Self.ids([cats, yykit], explicit: ["猫 咪": "cats", "com.sina.default": "weibo"]).ids == ["cats", "weibo"])
        let typo = #expect(throws: PackReader.Failure.self) { _ = try PackReader(explicitTabIDs: ["猫咪": "cats"]).read([cats]) }
        #expect(typo?.errors.map(\.description) == ["tabIds '猫咪': no pack has this folder name or plist id"])
        let unsafe = #expect(throws: PackReader.Failure.self) { _ = try PackReader(explicitTabIDs: ["猫 咪": "../x"]).read([cats]) }
        #expect(unsafe?.errors.first?.description.hasPrefix("tabIds '猫 咪': '../x' is not a usable tab id") == true)
    }

    /// The config file's `tabIds` key reaches the run.
    @Test func configFileTabIDsKey() throws {
        let root = Fixtures.temporaryDirectory()
        try Self.makePack(root, "猫 咪")
        let config = root.appendingPathComponent("emokit.json")
        try Data(#"{"packs": ["猫 咪"], "tabIds": {"猫 咪": "cats"}}"#.utf8).write(to: config)
        var options = GeneratorOptions(inputs: [], output: root.appendingPathComponent("out"))
        try GeneratorConfig.load(config).apply(to: &options)
        #expect(options.tabIDs == ["猫 咪": "cats"])
    }

    // MARK: - Binary plists

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

    func refusal(_ data: Data) -> String? {
        do {
            _ = try PackReader.parsePlist(data, display: "p/info.plist")
            return nil
        } catch {
            return error.description
        }
    }

    /// The 51-byte case from the issue: a set holding a dictionary killed the process (SIGSEGV
    /// inside Foundation). It is now a one-line error.
    @Test func setHoldingADictionaryIsRefusedNotACrash() {
        let crash = Self.bplist("62706c6973743030a101c102d0" + "0008000a000c" + "000000000000020100000000000000030000000000000000000000000000000d")
        #expect(crash.count == 51)
        #expect(refusal(crash) == "p/info.plist: not a valid property list (binary plist: object 1 is a set, which packs do not use)")
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

    // MARK: - Files that are not regular, too large, or outside the packs

    static func mkfifo(_ url: URL) {
        precondition(Foundation.mkfifo(url.path, 0o644) == 0, "mkfifo \(url.path)")
    }

    /// A named pipe as a pack image hung the run forever; now refused at once.
    @Test func namedPipeAsImageIsRefused() throws {
        let root = Fixtures.temporaryDirectory()
        let pack = try Self.makePack(root, "pipes")
        try FileManager.default.removeItem(at: pack.appendingPathComponent("d_haha.png"))
        Self.mkfifo(pack.appendingPathComponent("d_haha.png"))
        let error = #expect(throws: GenerationError.self) {
            _ = try Generator(
                options: {
                    var o = GeneratorOptions(inputs: [pack], output: root.appendingPathComponent("out")); o.widths = [375]; return o
                }()
            ).run()
        }
        #expect(error?.description == #"pipes/info.plist: entry 0 ("[哈哈]"): png: pipes/d_haha.png: cannot read file (is a named pipe (FIFO), not a regular file)"#)
    }

    /// `--delete-icon` pointing at a FIFO hung too.
    @Test func namedPipeAsDeleteIconIsRefused() throws {
        let root = Fixtures.temporaryDirectory()
        let pack = try Self.makePack(root, "p")
        let fifo = root.appendingPathComponent("delete.png")
        Self.mkfifo(fifo)
        var options = GeneratorOptions(inputs: [pack], output: root.appendingPathComponent("out"))
        options.widths = [375]
        options.deleteIcon = fifo
        let error = #expect(throws: GenerationError.self) { _ = try Generator(options: options).run() }
        #expect(error?.description.contains("is a named pipe (FIFO), not a regular file") == true)
    }

    /// `/dev/zero` said "You don't have permission"; devices are named as such, for images,
    /// plists and fonts alike.
    @Test func devicesAreRefusedClearly() throws {
        let zero = URL(fileURLWithPath: "/dev/zero")
        #expect(throws: RegularFile.Problem.notRegular(kind: "a device")) { _ = try RegularFile.read(zero, maxBytes: 1024) }
        let decode = #expect(throws: PNGError.self) { _ = try PNGDecoder().decode(contentsOf: zero) }
        #expect(decode?.description == "/dev/zero: cannot read file (is a device, not a regular file)")
        #expect(throws: PNGError.self) { _ = try PNGDecoder().peekSize(contentsOf: zero) }
        let root = Fixtures.temporaryDirectory()
        let pack = root.appendingPathComponent("z")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: pack.appendingPathComponent("Emoji.plist"), withDestinationURL: zero)
        let failure = #expect(throws: PackReader.Failure.self) { _ = try PackReader().read([pack]) }
        // /dev/zero is outside the pack: refused before it is opened.
        #expect(failure?.errors.map(\.description) == ["z/Emoji.plist: links outside the packs (to /dev/zero); refusing to read it"])
    }

    @Test func sizeCapIsCheckedBeforeReading() throws {
        let root = Fixtures.temporaryDirectory()
        let file = root.appendingPathComponent("big")
        try Data(count: 4096).write(to: file)
        #expect(throws: RegularFile.Problem.tooLarge(bytes: 4096, limit: 1000)) { _ = try RegularFile.read(file, maxBytes: 1000) }
        #expect(try RegularFile.read(file, maxBytes: 4096).count == 4096)
        #expect(try RegularFile.readPrefix(file, count: 33).count == 33)
    }

    /// A symlinked 12 MB `info.plist` passed the 10 MB limit (its link was measured).
    @Test func symlinkedPlistObeysTheSizeLimit() throws {
        let root = Fixtures.temporaryDirectory()
        let pack = try Self.makePack(root, "big")
        let real = pack.appendingPathComponent("real.plist")
        try Data(count: 12 * 1024 * 1024).write(to: real)
        try FileManager.default.removeItem(at: pack.appendingPathComponent("info.plist"))
        try FileManager.default.createSymbolicLink(at: pack.appendingPathComponent("info.plist"), withDestinationURL: real)
        let failure = #expect(throws: PackReader.Failure.self) { _ = try PackReader().read([pack]) }
        #expect(failure?.errors.map { DiagnosticPrinter.text($0.diagnostic) } == ["big/info.plist: plist is 12 MB; the limit is 10 MB (raise it with --max-plist-size)"])
    }

    /// `info.plist`, `emoticons.plist` and pack folders that point outside the packs.
    @Test func plistsAndPackFoldersMayNotLinkOutside() throws {
        let root = Fixtures.temporaryDirectory()
        let outside = try Self.makePack(root, "outside")
        let packs = root.appendingPathComponent("packs")
        let pack = try Self.makePack(packs, "inner")
        try FileManager.default.removeItem(at: pack.appendingPathComponent("info.plist"))
        try FileManager.default.createSymbolicLink(at: pack.appendingPathComponent("info.plist"), withDestinationURL: outside.appendingPathComponent("info.plist"))
        let plist = #expect(throws: PackReader.Failure.self) { _ = try PackReader().read([packs]) }
        #expect(plist?.errors.first?.description.hasPrefix("packs/inner/info.plist: links outside the packs (to ") == true)

        let packs2 = root.appendingPathComponent("packs2")
        try Self.makePack(packs2, "ok")
        try FileManager.default.createSymbolicLink(at: packs2.appendingPathComponent("linked"), withDestinationURL: outside)
        let folder = #expect(throws: PackReader.Failure.self) { _ = try PackReader().read([packs2]) }
        #expect(folder?.errors.first?.description.hasPrefix("packs2/linked: links outside the packs (to ") == true)

        try FileManager.default.removeItem(at: packs2.appendingPathComponent("linked"))
        let order = root.appendingPathComponent("order.plist")
        try Data(#"<?xml version="1.0"?><plist version="1.0"><dict><key>packages</key><array/></dict></plist>"#.utf8).write(to: order)
        try FileManager.default.createSymbolicLink(at: packs2.appendingPathComponent("emoticons.plist"), withDestinationURL: order)
        let orderFailure = #expect(throws: PackReader.Failure.self) { _ = try PackReader().read([packs2]) }
        #expect(orderFailure?.errors.first?.description.contains("emoticons.plist: links outside the packs") == true)
    }
}
