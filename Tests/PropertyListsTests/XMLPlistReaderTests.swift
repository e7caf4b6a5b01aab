import Foundation
import PropertyLists
import TestSupport
import Testing

/// XML plists are read by emokit's lean reader (a root array item by item, so a large pack is
/// never whole in memory) and only what it does not read goes to Foundation. The contract: when
/// the lean reader accepts a document, Foundation accepts it too and gives the same values; when
/// Foundation refuses one, so does the reader.
struct XMLPlistReaderTests {
    /// A value as text, types included (`Bool` before `NSNumber`: it bridges to one).
    static func canonical(_ value: Any) -> String {
        switch value {
        case let items as PlistItems: return canonical(Array(items))
        case let string as String: return "s" + String(reflecting: string)
        case let bool as Bool where type(of: value) == Bool.self: return "b\(bool)"
        case let number as NSNumber: return "n\(number.stringValue)"
        case let array as [Any]: return "[" + array.map(canonical).joined(separator: ",") + "]"
        case let dict as [String: Any]: return "{" + dict.keys.sorted().map { String(reflecting: $0) + ":" + canonical(dict[$0]!) }.joined(separator: ",") + "}"
        default: return "?\(type(of: value))"
        }
    }

    static func foundation(_ data: Data) -> Any? { try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) }

    /// Checks the contract on `data`; returns whether the lean reader read it.
    @discardableResult
    static func check(_ data: Data, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let lean = XMLPlistReader.read(data)
        let reference = foundation(data)
        if let lean {
            #expect(reference != nil, "\(label): the lean reader accepts what Foundation refuses", sourceLocation: sourceLocation)
            if let reference { #expect(canonical(lean) == canonical(reference), "\(label)", sourceLocation: sourceLocation) }
        }
        // What packs see: the same values (or a refusal) whichever reader ran.
        let parsed = try? PropertyList.parse(data)
        #expect(parsed.map(canonical) == reference.map(canonical), "\(label): PropertyList.parse", sourceLocation: sourceLocation)
        return lean != nil
    }

    static func document(_ body: String, prolog: String = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n") -> Data {
        Data((prolog + "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n" + body + "\n</plist>\n").utf8)
    }

    @Test func everyPlistOfTheSamplesAndConformanceCases() throws {
        var plists: [URL] = []
        for root in [Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks"), Fixtures.conformance.appendingPathComponent("plists")] {
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "plist" { plists.append(url) }
            }
        }
        #expect(plists.count >= 15)
        var lean = 0
        for url in plists {
            let data = try Data(contentsOf: url)
            if BinaryPlistReader.isBinary(data) { continue }
            if Self.check(data, url.path) { lean += 1 }
        }
        // The plain ones are read by the lean reader (the malformed one falls back and is refused).
        #expect(lean >= 12)
    }

    @Test func plainCasesAreReadAndMatchFoundation() {
        let cases = [
            "<array><dict><key>chs</key><string>[哈哈] &amp; &lt;b&gt; &quot;q&quot; &apos;a&apos; &#x1F600;&#65;</string><key>type</key><string>0</string></dict></array>",
            "<array>\n\t<dict>\n\t\t<key>n</key>\n\t\t<integer>-42</integer>\n\t\t<key>z</key><integer>007</integer>\n\t</dict>\n</array>",
            "<dict><key>emoticons</key><array/><key>display_only</key><true/><key>other</key><false/><key/><string/></dict>",
            "<array><array><array><string>deep</string></array></array><dict/><string>tab\there\nline</string></array>",
            "<!-- a comment --><array><!-- between --><string>x</string><!-- after --></array><!-- end -->",
            "<array/>",
            "<string>only a string</string>",
            "<array><string>&#x00000041;&#00000065;&#x0010FFFF;a\u{FEFF}</string></array>",
        ]
        for (index, body) in cases.enumerated() {
            #expect(Self.check(Self.document(body), "case \(index)"), "case \(index) is read by the lean reader")
        }
        #expect(Self.check(Self.document("<array><string>x</string></array>", prolog: ""), "without an XML declaration"))
        #expect(Self.check(Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><array><string>x</string></array></plist>".utf8), "no DOCTYPE"))
        #expect(Self.check(Data("<?xml version='1.0' encoding='utf-8'?><plist><array><string>\u{E9}</string></array></plist>".utf8), "single quotes"))
    }

    @Test func unusualCasesGoToFoundationOrAreRefused() {
        let cases = [
            "<array><real>1.5</real></array>", "<array><date>2020-01-01T00:00:00Z</date></array>", "<array><data>AAEC</data></array>",
            "<array><string><![CDATA[x]]></string></array>", "<array><string>a\r\nb</string></array>", "<array><integer>+5</integer></array>",
            "<array><integer>99999999999999999999</integer></array>", "<array><integer>0x10</integer></array>", "<array><integer> 5</integer></array>",
            "<dict><key>a</key><string>1</string><key>a</key><string>2</string></dict>", "<array><string>&bogus;</string></array>",
            "<array><string>a & b</string></array>", "<array><string>a < b</string></array>", "<array><string>&#0;</string></array>",
            "<array><string>x</string>", "<array><string>x</array>", "<array></dict>", "<array><key>k</key></array>",
            "<array><true></true></array>", "<array><string>x</string></array><array/>", "text<array/>", "<array><dict><key>k</key></dict></array>",
            "<array><strin>x</strin></array>", "<array><string a=\"1\">x</string></array>", "<array><string>\u{1}</string></array>",
            "<array><!-- a -- b --><string>x</string></array>", "<array><string>]]></string></array>",
            // Foundation refuses entities in an integer, and references of more than eight digits.
            "<array><integer>&#49;</integer></array>", "<array><integer>1&#48;</integer></array>", "<array><string>&#x0000000041;</string></array>",
            "<array><string>&#000000065;</string></array>",
            // Foundation drops a leading U+FEFF from strings and keys.
            "<array><string>\u{FEFF}x</string></array>", "<array><string>&#xFEFF;x</string></array>", "<array><string>&#65279;</string></array>",
            "<array><dict><key>\u{FEFF}k</key><string>v</string></dict></array>", "<dict><key>k</key><string>\u{FEFF}v</string></dict>",
        ]
        for (index, body) in cases.enumerated() {
            #expect(!Self.check(Self.document(body), "unusual case \(index)"), "unusual case \(index) is not read by the lean reader")
        }
        #expect(!Self.check(Self.document("<array/>", prolog: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n"), "another encoding"))
        #expect(!Self.check(Data([0xEF, 0xBB, 0xBF]) + Self.document("<array/>"), "a byte order mark"))
        // Foundation takes the first "encoding" of the declaration, wherever it is.
        for declaration in [
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\" standalone=\"utf-8\"?>", "<?xml version=\"1.0\" xencoding=\"latin1\" encoding=\"utf-8\"?>",
            "<?xml version=\"1.0\" encoding=\"us-ascii\"?>",
        ] {
            #expect(!Self.check(Self.document("<array><string>\u{E9}</string></array>", prolog: declaration), declaration))
        }
        #expect(!Self.check(Data("<array/>".utf8), "no plist element"))
        var invalidUTF8 = Self.document("<array><string>X</string></array>")
        invalidUTF8[invalidUTF8.firstIndex(of: UInt8(ascii: "X"))!] = 0xFF
        #expect(!Self.check(invalidUTF8, "invalid UTF-8"))
    }

    /// Single-byte changes of a real pack plist: the contract holds for every one.
    @Test func mutationsKeepTheContract() throws {
        let base = [UInt8](try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks/faces/info.plist")))
        #expect(Self.check(Data(base), "the sample plist"))
        var generator = SplitMix(seed: 0x5EED)
        let replacements = Array("<>/&;#x\"' \n\tabkey".utf8) + [0x00, 0xFF, 0x80]
        for round in 0..<400 {
            var mutated = base
            let position = Int(generator.next() % UInt64(mutated.count))
            switch generator.next() % 3 {
            case 0: mutated[position] = replacements[Int(generator.next() % UInt64(replacements.count))]
            case 1: mutated.remove(at: position)
            default: mutated.insert(replacements[Int(generator.next() % UInt64(replacements.count))], at: position)
            }
            Self.check(Data(mutated), "mutation \(round) at \(position)")
        }
    }

    /// A large pack plist is read item by item: the root array is not parsed up front.
    @Test func aRootArrayIsReadLazily() throws {
        let body = "<array>" + (0..<1000).map { "<dict><key>chs</key><string>[e\($0)]</string><key>png</key><string>e\($0).png</string></dict>" }.joined() + "</array>"
        let root = try #require(XMLPlistReader.read(Self.document(body)))
        let items = try #require(root as? PlistItems)
        #expect(items.count == 1000)
        #expect(((items[999] as? [String: Any])?["chs"] as? String) == "[e999]")
        // PropertyList.parse gives ordinary arrays unless a lazy one is asked for.
        #expect(try PropertyList.parse(Self.document(body)) is [Any])
        #expect(try PropertyList.parse(Self.document(body), lazyArray: true) is PlistItems)
    }
}

/// A small deterministic random source for the mutation test.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
