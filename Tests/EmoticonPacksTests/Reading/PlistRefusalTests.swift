import EmoticonPacks
import Foundation
import Testing

/// A pack file that is not a property list is refused as the pack's malformed plist: one line
/// naming the file and why (PropertyLists says why, EmoticonPacks words it).
struct PlistRefusalTests {
    func message(_ data: Data) -> String? {
        do {
            _ = try PackReader.parsePlist(data, display: "p/info.plist")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func refusalsNameTheFileAndTheReason() {
        #expect(message(Data()) == "p/info.plist: not a valid property list (the file is empty)")
        #expect(message(Data("bplist01".utf8) + Data(count: 40)) == "p/info.plist: not a valid property list (unsupported binary plist version (only bplist00 is read))")
        // A set holding a dictionary (it crashed Foundation): the binary reader's reason.
        let set: [UInt8] =
            [0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0xA1, 0x01, 0xC1, 0x02, 0xD0, 0x00, 0x08, 0x00, 0x0A, 0x00, 0x0C]
            + [UInt8](repeating: 0, count: 6) + [0x02, 0x01] + [UInt8](repeating: 0, count: 7) + [0x03] + [UInt8](repeating: 0, count: 15) + [0x0D]
        #expect(set.count == 51)
        #expect(message(Data(set)) == "p/info.plist: not a valid property list (binary plist: object 1 is a set, which packs do not use)")
        // XML only Foundation reads, in a file too large to hand it.
        let cdata = "<?xml version=\"1.0\"?><plist><array><string><![CDATA[" + String(repeating: "x", count: 1_100_000) + "]]></string></array></plist>"
        #expect(
            message(Data(cdata.utf8))
                == "p/info.plist: not a valid property list (it uses XML that emokit reads only in files up to 1.0 MB (CDATA, <data>, <date>, "
                + "another encoding...); save it as a plain or binary plist (plutil -convert binary1))")
        // What Foundation refuses: its reason, on the same one line.
        let foundation = message(Data("<?xml version=\"1.0\"?><plist><array><real>x</string></array></plist>".utf8))
        #expect(foundation?.hasPrefix("p/info.plist: not a valid property list (") == true)
        #expect(foundation?.contains("\n") == false)
    }
}
