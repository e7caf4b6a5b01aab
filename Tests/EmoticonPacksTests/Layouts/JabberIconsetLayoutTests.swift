import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// Jabber iconsets (XEP-0038, Psi's `icondef.xml`), zipped `.jisp` refused, and the XML rules
/// every XML map is read by.
struct JabberIconsetLayoutTests {
    /// A folder holding one `icondef.xml` with `body` inside `<icondef>` and a `smile.png`.
    func iconset(_ body: String, prolog: String = "<?xml version='1.0' encoding='UTF-8'?>", _ name: String = #function) throws -> URL {
        let folder = Fixtures.temporaryDirectory(name).appendingPathComponent("set")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Fixtures.copy(LayoutFixtures.url("Psi/default/smile.png"), to: folder.appendingPathComponent("smile.png"))
        try Data("\(prolog)\n<icondef>\(body)</icondef>\n".utf8).write(to: folder.appendingPathComponent("icondef.xml"))
        return folder
    }

    @Test func readsPsisIconsetInOrderWithTheFirstText() throws {
        let result = try LayoutFixtures.read("Psi/default")
        let pack = try #require(result.packs.first)
        #expect(result.packs.count == 1 && !pack.displayOnly)
        #expect(pack.entries.map(\.text) == [":-)", ";-)", ":-P", ":-D"])
        #expect(pack.entries.map(\.imageFiles) == [["smile.png"], ["wink.png"], ["tongue.png"], ["biggrin.png"]])
        #expect(pack.entries.map(\.name) == ["smile", "wink", "tongue", "biggrin"])
        #expect(pack.title(locale: .en) == "Stellar (default)")
        #expect(result.notes.map(\.description) == ["default/icondef.xml: read as a Jabber iconset (XEP-0038): 4 emoticons in the map's order"])
        #expect(result.warnings.isEmpty)
    }

    @Test func theFirstDrawnObjectIsTheImageAndFoldersInsideTheSetAreRead() throws {
        let folder = try iconset(
            "<icon><text xml:lang='en'>:-)</text><object mime='image/x-mng'>smile.mng</object><object mime='image/png'>smile.png</object></icon>"
                + "<icon><text>&lt;3</text><object mime='image/gif'>sub/heart.gif</object></icon>")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Fixtures.copy(LayoutFixtures.url("Adium/Default.AdiumEmoticonset/Angel.gif"), to: folder.appendingPathComponent("sub/heart.gif"))
        let pack = try #require(try LayoutFixtures.read(folder.path).packs.first)
        #expect(pack.entries.map(\.text) == [":-)", "<3"])
        #expect(pack.entries.map(\.imageFiles) == [["smile.png"], ["sub/heart.gif"]])
        #expect(pack.entries[1].isGIF)
    }

    @Test func pathsLeavingTheSetAndUndrawnFormatsAreRefusedByName() throws {
        let folder = try iconset(
            "<icon><text>:(</text><object mime='image/png'>../smile.png</object></icon>"
                + "<icon><text>:o</text><object mime='image/x-mng'>smile.mng</object></icon>")
        #expect(
            LayoutFixtures.errors(folder.path) == [
                "set/icondef.xml: entry 0 (\":(\"): object: unsafe path \"../smile.png\": a file name may not start with '.'",
                "set/icondef.xml: entry 1 (\":o\"): object: smile.mng: emokit draws PNG, GIF, JPEG, WebP and BMP images, not .mng",
            ])
    }

    @Test func entitiesBeyondXMLsOwnAndDeclarationsAreNeverExpanded() throws {
        let declared = try iconset(
            "<icon><text>&lol;</text><object mime='image/png'>smile.png</object></icon>",
            prolog: "<?xml version='1.0'?><!DOCTYPE icondef [<!ENTITY lol \"lol\">]>")
        #expect(
            LayoutFixtures.errors(declared.path) == [
                "set/icondef.xml: not a valid XML file (line 1: a DOCTYPE with declarations is not read (no entity is expanded))"
            ])
        let external = try iconset("<icon><text>&xxe;</text><object mime='image/png'>smile.png</object></icon>")
        #expect(LayoutFixtures.errors(external.path) == ["set/icondef.xml: not a valid XML file (line 2: unknown entity &xxe; (only XML's own are read))"])
        let unclosed = try iconset("<icon><text>:)</text>")
        #expect(LayoutFixtures.errors(unclosed.path) == ["set/icondef.xml: not a valid XML file (line 2: <icon> is closed by </icondef>)"])
        let deep = try iconset(String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100))
        #expect(LayoutFixtures.errors(deep.path).first?.contains("elements nested deeper than 64") == true)
        let other = try iconset("", prolog: "<?xml version='1.0' encoding='ISO-8859-1'?>")
        #expect(LayoutFixtures.errors(other.path).first?.contains("encoding iso-8859-1 is not read; save the file as UTF-8") == true)
    }

    @Test func aZippedIconsetIsRefusedWithOneLineSayingToUnzipIt() throws {
        let folder = Fixtures.temporaryDirectory()
        let jisp = folder.appendingPathComponent("crystal.jisp")
        try Data("PK\u{3}\u{4}".utf8).write(to: jisp)
        #expect(LayoutFixtures.errors(jisp.path) == ["\(jisp.path): a zipped pack is not read; unzip it first and name the folder it gives"])
        // Beside other packs it is named too, never passed over.
        try Fixtures.copy(LayoutFixtures.url("Psi/default"), to: folder.appendingPathComponent("default"))
        let result = try PackReader().read([folder])
        #expect(result.packs.map(\.folderName) == ["default"])
        #expect(result.warnings.map(\.description).contains { $0.hasSuffix("/crystal.jisp: skipped, not a pack: a zipped pack; unzip it first") })
    }

    /// An icon whose image is not there stays an error naming it: Psi, which defines the format,
    /// drops the whole iconset when one icon's image does not load (KDE's own reader of iconsets
    /// leaves out that icon alone, and emokit follows Psi); `--lenient` skips it.
    @Test func anIconWithoutItsImageIsAnErrorAsPsiRefusesTheIconset() throws {
        let folder = try LayoutFixtures.copy("Psi/default")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("wink.png"))
        #expect(
            LayoutFixtures.errors(folder.path) == [
                "default/icondef.xml: entry 1 (\";-)\"): object: file not found: default/wink.png (nor an @2x or @3x variant)"
            ])
        #expect(try LayoutFixtures.read(folder.path, lenient: true).packs.first?.entries.count == 3)
    }
}
