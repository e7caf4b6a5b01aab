import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// One rule for every layout: a text of more than 1,000 characters, or a title of more than 200,
/// is refused naming the file and key, whatever layout read it. Only the plist layouts kept to
/// the caps; a 9 MB Pidgin text went into every manifest (163 MB of output).
struct LayoutTextLimitTests {
    static let longText = "[" + String(repeating: "x", count: TextLimits.entryText) + "]"
    static let longTitle = String(repeating: "t", count: TextLimits.title + 1)

    /// A pack of `layout` in a new folder, its file written by `file` from a text and a title.
    static func pack(_ layout: String, text: String, title: String) throws -> URL {
        let root = Fixtures.temporaryDirectory("\(layout)-\(text.count)-\(title.count)")
        func image(_ folder: URL) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: WeiboPackFixtures.sampleImage, to: folder.appendingPathComponent("smile.png"))
        }
        func write(_ text: String, _ url: URL) throws { try Data(text.utf8).write(to: url) }
        let xmlText = escapedXML(text), xmlTitle = escapedXML(title)
        switch layout {
        case "pidgin":
            let pack = root.appendingPathComponent("faces")
            try image(pack)
            try write("Name=\(title)\n\n[default]\nsmile.png \(text)\n", pack.appendingPathComponent("theme"))
            return pack
        case "kde":
            let pack = root.appendingPathComponent("faces")
            try image(pack)
            try write("<messaging-emoticon-map><emoticon file=\"smile\"><string>\(xmlText)</string></emoticon></messaging-emoticon-map>", pack.appendingPathComponent("emoticons.xml"))
            return pack
        case "jabber":
            let pack = root.appendingPathComponent("faces")
            try image(pack)
            try write(
                "<icondef><meta><name>\(xmlTitle)</name></meta><icon><text>\(xmlText)</text><object mime=\"image/png\">smile.png</object></icon></icondef>",
                pack.appendingPathComponent("icondef.xml"))
            return pack
        case "eiskalt":
            try image(root.appendingPathComponent("faces"))
            try write(
                "<emoticons-map name=\"\(xmlTitle)\"><emoticon file=\"smile.png\"><name text=\"\(xmlText)\"/></emoticon></emoticons-map>",
                root.appendingPathComponent("faces.xml"))
            return root.appendingPathComponent("faces")
        case "xhs":
            let pack = root.appendingPathComponent("faces")
            try image(pack)
            try write(
                "<EmoticonSet><name>\(xmlTitle)</name><EmoticonBean><iconUri>smile.png</iconUri><content>\(xmlText)</content></EmoticonBean></EmoticonSet>",
                pack.appendingPathComponent("faces.xml"))
            return pack
        case "adium":
            let pack = root.appendingPathComponent("faces")
            try image(pack)
            let plist: [String: Any] = ["AdiumSetVersion": 1, "Emoticons": ["smile.png": ["Equivalents": [text], "Name": "Smile"]]]
            try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: pack.appendingPathComponent("Emoticons.plist"))
            return pack
        default:
            let pack = root.appendingPathComponent("faces")
            try image(pack)
            try PropertyListSerialization.data(fromPropertyList: [text: "smile"], format: .xml, options: 0).write(to: pack.appendingPathComponent("Faces.plist"))
            return pack
        }
    }

    static func escapedXML(_ text: String) -> String { text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;") }

    static func errors(_ pack: URL) -> [String] { PackReader().survey([pack]).errors.map(\.description) }

    static let start = "[" + String(repeating: "x", count: 99) + "…"

    @Test(arguments: [
        ("pidgin", "faces/theme: entry 0: text"), ("kde", "faces/emoticons.xml: entry 0: string"), ("jabber", "faces/icondef.xml: entry 0: text"),
        ("eiskalt", "faces.xml: entry 0: name text"), ("xhs", "faces/faces.xml: entry 0: content"), ("adium", "faces/Emoticons.plist: entry 0: Equivalents"),
        ("text-map", "faces/Faces.plist: entry 0: key"),
    ])
    func aLongTextIsRefusedByEveryLayout(layout: String, label: String) throws {
        let errors = Self.errors(try Self.pack(layout, text: Self.longText, title: "Faces"))
        #expect(errors.count == 1, "\(errors.map { $0.prefix(300) })")
        #expect(errors.first?.hasSuffix("\(label): 1002 characters long; the limit is 1000 (it starts \"\(Self.start)\" (1002 characters))") == true, "\(errors)")
        // At the cap, read.
        let atCap = "[" + String(repeating: "y", count: TextLimits.entryText - 2) + "]"
        let read = PackReader().survey([try Self.pack(layout, text: atCap, title: "Faces")])
        #expect(read.errors.isEmpty && read.packs.first?.entries.first?.text == atCap, "\(read.errors)")
    }

    @Test(arguments: [
        ("pidgin", "faces/theme: Name"), ("jabber", "faces/icondef.xml: <meta><name>"), ("eiskalt", "faces.xml: name"), ("xhs", "faces/faces.xml: <name>"),
    ])
    func aLongTitleIsRefusedByEveryLayout(layout: String, label: String) throws {
        let errors = Self.errors(try Self.pack(layout, text: "[a]", title: Self.longTitle))
        let start = String(repeating: "t", count: 100) + "…"
        #expect(errors.count == 1 && errors.first?.hasSuffix("\(label): 201 characters long; the limit is 200 (it starts \"\(start)\" (201 characters))") == true, "\(errors)")
        let read = PackReader().survey([try Self.pack(layout, text: "[a]", title: String(repeating: "u", count: TextLimits.title))])
        #expect(read.errors.isEmpty && read.packs.first?.title(locale: .en) == String(repeating: "u", count: TextLimits.title), "\(read.errors)")
    }
}
