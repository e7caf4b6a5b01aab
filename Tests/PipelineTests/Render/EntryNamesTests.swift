import EmoticonPackModel
import Foundation
import TestSupport
import Testing

@testable import Pipeline

/// The note a run prints when CLDR's names cannot all be read says which emoji lose which name:
/// every emoji its CLDR name when neither language was read, those the keyboard's language leaves
/// unnamed when only English was not, and the keyboard's language for English when only it was not.
struct EntryNamesTests {
    enum File { case readable, unreadable, absent }

    /// A CLDR `common` folder whose `annotations/zh.xml` and `annotations/en.xml` name 😀, are
    /// folders (unreadable as files), or are absent.
    static func cldr(in dir: URL, chinese: File, english: File) throws -> URL {
        let annotations = dir.appendingPathComponent("common/annotations")
        try FileManager.default.createDirectory(at: annotations, withIntermediateDirectories: true)
        for (locale, file, name) in [("zh", chinese, "嘿嘿"), ("en", english, "grinning face")] {
            let url = annotations.appendingPathComponent("\(locale).xml")
            switch file {
            case .readable:
                let xml = "<ldml><annotations><annotation cp=\"😀\">a | b</annotation><annotation cp=\"😀\" type=\"tts\">\(name)</annotation></annotations></ldml>"
                try Data(xml.utf8).write(to: url)
            case .unreadable: try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            case .absent: break
            }
        }
        return dir.appendingPathComponent("common")
    }

    static let grinning = Entry(plistIndex: 0, text: "😀", textTraditional: nil, name: "grinning face", content: .emoji("😀"))

    static func names(chinese: File, english: File, in dir: URL) throws -> EntryNames {
        EntryNames(locale: .cn, needsEmoji: true, cldrCommon: try cldr(in: dir, chinese: chinese, english: english))
    }

    @Test func onlyEnglishUnreadableNamesWhatLosesItsName() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let names = try Self.names(chinese: .readable, english: .unreadable, in: dir)
        let note = try #require(names.note)
        #expect(note.hasPrefix("emoji that CLDR's zh annotations do not name are named by their Unicode names: CLDR's en annotations could not be read ("))
        #expect(note.contains("en.xml"))
        #expect(names.name(of: Self.grinning) == "嘿嘿")
    }

    @Test func onlyTheKeyboardsLanguageUnreadableNamesInEnglish() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let names = try Self.names(chinese: .unreadable, english: .readable, in: dir)
        let note = try #require(names.note)
        #expect(note.hasPrefix("emoji are named in English, not in zh: CLDR's zh annotations could not be read ("))
        #expect(names.name(of: Self.grinning) == "grinning face")
    }

    @Test(arguments: [(File.unreadable, File.unreadable), (.absent, .absent), (.unreadable, .absent)])
    func nothingReadableNamesEveryEmoji(chinese: File, english: File) throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let note = try #require(try Self.names(chinese: chinese, english: english, in: dir).note)
        #expect(note.hasPrefix("emoji are named by their Unicode names: CLDR annotations could not be read ("))
        #expect(note.hasSuffix("; install unicode-cldr-core"))
    }

    @Test func bothReadableLeavesNoNote() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try Self.names(chinese: .readable, english: .readable, in: dir).note == nil)
    }
}
