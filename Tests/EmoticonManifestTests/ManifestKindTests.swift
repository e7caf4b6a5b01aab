import EmoticonManifest
import Foundation
import Testing

/// The typed manifest keeps the JSON apps already read: kinds are the same strings.
struct ManifestKindTests {
    @Test func kindsEncodeAsTheirStrings() throws {
        let frame = Manifest.Rect(x: 0, y: 0, width: 1, height: 1)
        let button = Manifest.Button(
            kind: .delete, index: 31, row: 3, column: 7, entry: nil, text: nil, name: "Delete", textTraditional: nil,
            codePoints: nil, utf16Length: nil, missingGlyph: nil, frame: frame, sprite: [:])
        let tab = Manifest.Tab(id: "t", title: "T", kind: .mixed, entryCount: 0, pages: [])
        let encoder = Manifest.encoder()
        #expect(String(decoding: try encoder.encode(button), as: UTF8.self).contains(#""kind" : "delete""#))
        #expect(String(decoding: try encoder.encode(tab), as: UTF8.self).contains(#""kind" : "mixed""#))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Manifest.Tab.self, from: Data(#"{"id":"t","title":"T","kind":"gif","entryCount":0,"pages":[]}"#.utf8))
        }
    }
}
