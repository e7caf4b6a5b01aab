import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// EiskaltDC++ maps: `NAME.xml` beside the image folder `NAME/`.
struct EiskaltLayoutTests {
    func expectDefault(_ result: PackReader.Result, display: String) throws {
        let pack = try #require(result.packs.first)
        #expect(result.packs.count == 1 && pack.folderName == "default" && !pack.displayOnly)
        #expect(pack.entries.map(\.text) == [":)", ":-D", ";-)"])
        #expect(pack.entries.map(\.imageFiles) == [["smile.png"], ["smile-big.png"], ["wink.png"]])
        #expect(pack.entries.map(\.name) == ["smile", "smile-big", "wink"])
        #expect(pack.title(locale: .cn) == "default")
        #expect(result.notes.map(\.description) == ["\(display): read as an EiskaltDC++ emoticon map: 3 emoticons in the map's order"])
        #expect(result.warnings.isEmpty)
    }

    @Test func theFolderHoldingBothTheImageFolderAndTheXMLReadTheSame() throws {
        try expectDefault(try LayoutFixtures.read("Eiskalt/emoticons"), display: "emoticons/default.xml")
        try expectDefault(try LayoutFixtures.read("Eiskalt/emoticons/default"), display: "emoticons/default.xml")
        try expectDefault(try LayoutFixtures.read("Eiskalt/emoticons/default.xml"), display: "emoticons/default.xml")
    }

    @Test func anImageOutsideTheFolderAndAMapLinkedFromElsewhereAreRefused() throws {
        let root = try LayoutFixtures.copy("Eiskalt/emoticons")
        let xml = root.appendingPathComponent("default.xml")
        let text = try String(contentsOf: xml, encoding: .utf8).replacingOccurrences(of: "file=\"wink.png\"", with: "file=\"../default.xml\"")
        try text.write(to: xml, atomically: true, encoding: .utf8)
        #expect(
            LayoutFixtures.errors(root.appendingPathComponent("default").path) == [
                "emoticons/default.xml: entry 2 (\";-)\"): file: unsafe path \"../default.xml\": only a plain file name in the pack folder is allowed, not a path"
            ])
        // The map itself must be in the folder that holds the images' folder, not a link away.
        let elsewhere = Fixtures.temporaryDirectory().appendingPathComponent("real.xml")
        try FileManager.default.moveItem(at: xml, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: xml, withDestinationURL: elsewhere)
        let errors = LayoutFixtures.errors(root.appendingPathComponent("default").path)
        #expect(errors.count == 1 && errors[0].hasPrefix("emoticons/default.xml: links outside the packs"))
    }

    @Test func anUnrelatedXMLBesideAFolderMakesNoPack() throws {
        let root = Fixtures.temporaryDirectory().appendingPathComponent("art")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("faces"), withIntermediateDirectories: true)
        try Data("<svg/>".utf8).write(to: root.appendingPathComponent("faces.xml"))
        #expect(PackReader().survey([root.appendingPathComponent("faces")]).errors.map(\.code) == ["not-a-pack"])
    }

    /// An emoticon whose image is not there stays an error naming it: EiskaltDC++ keeps it with
    /// an empty picture (`QPixmap::load` fails silently), a blank button emokit cannot draw.
    @Test func anEmoticonWithoutItsImageIsAnErrorAsTheAppShowsABlank() throws {
        let root = try LayoutFixtures.copy("Eiskalt/emoticons")
        try FileManager.default.removeItem(at: root.appendingPathComponent("default/wink.png"))
        let errors = LayoutFixtures.errors(root.appendingPathComponent("default").path)
        #expect(errors.count == 1 && errors[0].contains("file not found") && errors[0].contains("wink.png"), "\(errors)")
    }
}
