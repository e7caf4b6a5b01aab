import EmoticonPackModel
import Foundation
import TestSupport
import Testing

@testable import Pipeline

/// The note a run prints when CLDR's names cannot all be read says which emoji lose their names:
/// every emoji when no annotations were read, only those the keyboard's language leaves unnamed
/// when its file was read and the English one was not.
struct EntryNamesTests {
    /// A CLDR `common` folder with `annotations/zh.xml` naming 😀, and `annotations/en.xml` a folder
    /// (unreadable as a file) when `englishBroken`.
    static func cldr(in dir: URL, chinese: Bool, englishBroken: Bool) throws -> URL {
        let annotations = dir.appendingPathComponent("common/annotations")
        try FileManager.default.createDirectory(at: annotations, withIntermediateDirectories: true)
        if chinese {
            let xml = """
                <?xml version="1.0" encoding="UTF-8" ?>
                <ldml><identity><language type="zh"/></identity><annotations>
                <annotation cp="😀">高兴 | 脸</annotation>
                <annotation cp="😀" type="tts">嘿嘿</annotation>
                </annotations></ldml>
                """
            try Data(xml.utf8).write(to: annotations.appendingPathComponent("zh.xml"))
        }
        if englishBroken { try FileManager.default.createDirectory(at: annotations.appendingPathComponent("en.xml"), withIntermediateDirectories: true) }
        return dir.appendingPathComponent("common")
    }

    @Test func onlyEnglishUnreadableNamesWhatLosesItsName() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let names = EntryNames(locale: .cn, needsEmoji: true, cldrCommon: try Self.cldr(in: dir, chinese: true, englishBroken: true))
        let note = try #require(names.note)
        #expect(note.hasPrefix("emoji CLDR's zh annotations do not name are named by their Unicode names: CLDR annotations could not be read ("))
        #expect(note.contains("en.xml"))
        #expect(names.name(of: Entry(plistIndex: 0, text: "😀", textTraditional: nil, name: "grinning face", content: .emoji("😀"))) == "嘿嘿")
    }

    @Test func nothingReadableNamesEveryEmoji() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let names = EntryNames(locale: .cn, needsEmoji: true, cldrCommon: try Self.cldr(in: dir, chinese: false, englishBroken: true))
        let note = try #require(names.note)
        #expect(note.hasPrefix("emoji are named by their Unicode names: CLDR annotations could not be read ("))
        #expect(note.hasSuffix("; install unicode-cldr-core"))
    }

    @Test func bothReadableLeavesNoNote() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let common = try Self.cldr(in: dir, chinese: true, englishBroken: false)
        try Data(#"<ldml><annotations><annotation cp="😀" type="tts">grinning face</annotation></annotations></ldml>"#.utf8)
            .write(to: common.appendingPathComponent("annotations/en.xml"))
        #expect(EntryNames(locale: .cn, needsEmoji: true, cldrCommon: common).note == nil)
    }
}
