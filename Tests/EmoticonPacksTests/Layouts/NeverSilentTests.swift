import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// A map file emokit does not read never sits beside a folder read as plain images unmentioned.
struct NeverSilentTests {
    func folder(_ images: [String], files: [String: String], _ name: String = #function) throws -> URL {
        let folder = Fixtures.temporaryDirectory(name).appendingPathComponent("faces")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for image in images { try Fixtures.copy(LayoutFixtures.url("Psi/default/smile.png"), to: folder.appendingPathComponent(image)) }
        for (file, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(file)) }
        return folder
    }

    @Test func aPlainFolderNamesEachMapLikeFileBesideItsImages() throws {
        let faces = try folder(
            ["a.png", "b.png"],
            files: ["emoticons.json": "{}", "map.xml": "<smileys/>", "order.plist": "<plist><array><integer>1</integer></array></plist>", "notes.txt": "x"])
        let result = try LayoutFixtures.read(faces.path)
        #expect(result.packs.first?.entries.map(\.text) == ["[a]", "[b]"])
        #expect(
            result.warnings.map(\.description) == [
                "faces/: read as a plain folder of images, but emoticons.json beside them was not read (emokit reads a JSON map only as a YYKit group's info.json, a Pleroma pack.json or a Misskey meta.json); the texts and order it may hold are not used",
                "faces/: read as a plain folder of images, but map.xml beside them was not read (its root <smileys> is no layout emokit knows); the texts and order it may hold are not used",
                "faces/: read as a plain folder of images, but order.plist beside them was not read (it holds an array of 1 item, the first a number, a shape no layout emokit knows); the texts and order it may hold are not used",
            ])
        // Strict runs fail on them, so a build never ships the wrong texts quietly.
        #expect(PackReader(strict: true).survey([faces]).errors.count == 3)
    }

    @Test func aCodePointFolderNamesThemToo() throws {
        let faces = try folder(["1F600.png"], files: ["emoji.json": "[]"])
        let result = try LayoutFixtures.read(faces.path)
        #expect(result.packs.first?.entries.map(\.text) == ["😀"])
        #expect(result.warnings.map(\.code) == ["unread-pack-file"])
    }

    @Test func aPlainFolderWithNothingBesideItsImagesHasNoWarning() throws {
        let faces = try folder(["a.png"], files: ["README.txt": "hello"])
        #expect(try LayoutFixtures.read(faces.path).warnings.isEmpty)
    }
}
