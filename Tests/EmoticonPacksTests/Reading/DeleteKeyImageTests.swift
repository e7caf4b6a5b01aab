import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// An image named like a delete key (`delete`, `[删除]`, `del`, `backspace`, any case, any still
/// format, with `@2x`/`@3x`) is the tab's delete key, never an emoticon; two of them are settled
/// by one rule and said.
struct DeleteKeyImageTests {
    static let png = LayoutFixtures.url("Psi/default/smile.png")
    static let stills = Fixtures.packageRoot.appendingPathComponent("Tests/ImagingTests/Fixtures/StillFormats")

    func folder(_ files: [String: URL], _ name: String = #function) throws -> URL {
        let folder = Fixtures.temporaryDirectory(name).appendingPathComponent("faces")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (file, source) in files { try Fixtures.copy(source, to: folder.appendingPathComponent(file)) }
        return folder
    }

    func deleteFiles(_ pack: EmoticonPack?) -> [String] { pack?.deleteIcon?.variants.map(\.fileName) ?? [] }

    @Test func aBracketedChineseDeleteImageIsTheDeleteKey() throws {
        let faces = try folder(["smile.png": Self.png, "[删除].png": Self.png, "[删除]@2x.png": Self.png])
        let result = try LayoutFixtures.read(faces.path)
        let pack = try #require(result.packs.first)
        #expect(pack.entries.map(\.text) == ["[smile]"])
        #expect(deleteFiles(pack) == ["[删除].png", "[删除]@2x.png"])
        #expect(result.warnings.isEmpty)
    }

    @Test(arguments: [
        ("Delete.png", png), ("DEL@2x.png", png), ("backspace.jpg", stills.appendingPathComponent("jfif-2.01.jpg")),
        ("BackSpace.bmp", stills.appendingPathComponent("rgb24.bmp")), ("del.webp", stills.appendingPathComponent("lossy.webp")),
    ])
    func anyCaseAndAnyStillFormatIsTheDeleteKey(file: String, source: URL) throws {
        let faces = try folder(["smile.png": Self.png, file: source])
        let pack = try #require(try LayoutFixtures.read(faces.path).packs.first)
        #expect(pack.entries.map(\.text) == ["[smile]"])
        #expect(deleteFiles(pack) == [file])
    }

    @Test func twoCandidatesAreSettledByTheRuleAndSaidInANote() throws {
        // `delete` before `[删除]` before `del` before `backspace`; PNG before JPEG; then bytewise.
        let faces = try folder(["smile.png": Self.png, "del.png": Self.png, "[删除].jpg": Self.stills.appendingPathComponent("jfif-2.01.jpg"), "backspace.png": Self.png])
        let result = try LayoutFixtures.read(faces.path)
        #expect(deleteFiles(result.packs.first) == ["[删除].jpg"])
        #expect(
            result.notes.map(\.description).contains(
                "faces/: faces/[删除].jpg is the tab's delete key; faces/del.png, faces/backspace.png also named like one, not used"))
        // The same choice whatever order the folder lists its files in.
        let again = try folder(["backspace.png": Self.png, "[删除].jpg": Self.stills.appendingPathComponent("jfif-2.01.jpg"), "smile.png": Self.png, "del.png": Self.png], "again")
        #expect(deleteFiles(try LayoutFixtures.read(again.path).packs.first) == ["[删除].jpg"])
    }

    @Test func aGIFNamedLikeTheDeleteKeyIsNeitherKeyNorEmoticonAndIsSaid() throws {
        let gif = try #require(Self.firstGIF(), "a GIF among the fixtures")
        let faces = try folder(["smile.png": Self.png, "delete.gif": gif])
        let result = try LayoutFixtures.read(faces.path)
        #expect(result.packs.first?.entries.map(\.text) == ["[smile]"])
        #expect(result.packs.first?.deleteIcon == nil)
        #expect(
            result.warnings.map(\.description) == [
                "faces/: faces/delete.gif named like the delete key, not used: the key is drawn from a still image (add delete.png)"
            ])
    }

    @Test func aMapThatNamesDelPngAsAnEmoticonKeepsItAnEmoticon() throws {
        let faces = try folder(["smile.png": Self.png, "del.png": Self.png, "delete.png": Self.png])
        try Data("[default]\nsmile.png :)\ndel.png :del:\n".utf8).write(to: faces.appendingPathComponent("theme"))
        let result = try LayoutFixtures.read(faces.path)
        let pack = try #require(result.packs.first)
        #expect(pack.entries.map(\.text) == [":)", ":del:"])
        #expect(deleteFiles(pack) == ["delete.png"])
        #expect(result.warnings.isEmpty)
    }

    /// A GIF from the fixtures (an animated emoticon).
    static func firstGIF() -> URL? {
        let files = FileManager.default.enumerator(at: LayoutFixtures.root, includingPropertiesForKeys: nil)?.allObjects.compactMap { $0 as? URL } ?? []
        return files.sorted { $0.path < $1.path }.first { $0.pathExtension.lowercased() == "gif" }
    }
}
