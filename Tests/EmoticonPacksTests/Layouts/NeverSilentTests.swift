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
                "faces/: read as a plain folder of images, but emoticons.json beside them was not read (emokit reads a JSON map only as a YYKit group's info.json, a Pleroma pack.json, a Misskey meta.json or a WhatsApp contents.json); the texts and order it may hold are not used",
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

    @Test func aTextFileNamingTheImagesIsAMapToo() throws {
        // A names.txt and a faces.csv naming the images, init's names.tsv, a YAML list; a
        // LICENSE.txt names no image and is no map.
        let faces = try folder(
            ["a.png", "b.png", "[偷笑].png"],
            files: [
                "names.txt": "a 微笑\nb 大笑\n", "faces.csv": "[偷笑],smile\n", "names.tsv": "", "LICENSE.txt": "Free to use, share and change.\nSmile a lot.\nNo warranty of any kind.\n",
                "list.yaml": "- file: b.png\n  text: smile\n",
            ])
        let result = try LayoutFixtures.read(faces.path)
        #expect(result.packs.first?.entries.map(\.text) == ["[偷笑]", "[a]", "[b]"])
        let unread = " beside them was not read ("
        #expect(
            result.warnings.map(\.description) == [
                "faces/: read as a plain folder of images, but faces.csv\(unread)emokit reads a text map only as a Pleroma emoji.txt (shortcode, file[, tags]) or a Pidgin theme); the texts and order it may hold are not used",
                "faces/: read as a plain folder of images, but list.yaml\(unread)no layout emokit knows reads a YAML map); the texts and order it may hold are not used",
                "faces/: read as a plain folder of images, but names.tsv\(unread)emokit init's names file: run emokit init on the folder to give the entries its texts); the texts and order it may hold are not used",
                "faces/: read as a plain folder of images, but names.txt\(unread)emokit reads a text map only as a Pleroma emoji.txt (shortcode, file[, tags]) or a Pidgin theme); the texts and order it may hold are not used",
            ])
    }

    @Test func aPlainFolderWithNothingBesideItsImagesHasNoWarning() throws {
        let faces = try folder(["a.png"], files: ["README.txt": "hello"])
        #expect(try LayoutFixtures.read(faces.path).warnings.isEmpty)
    }
}
