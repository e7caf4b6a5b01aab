import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// A chat SDK's list that cannot be read as the kit reads it is an error naming the files and the
/// reason: never a folder of plain images with exit 0.
struct KitListProblemTests {
    /// The errors reading `folder` with a plist limit of `maxPlistBytes` gives.
    static func errors(_ folder: URL, maxPlistBytes: Int = 10 * 1024 * 1024) -> [String] {
        do {
            _ = try PackReader(maxPlistBytes: maxPlistBytes).read([folder])
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func aListLargerThanThePlistLimitIsRefusedByNameNeverReadAsPlainImages() throws {
        let folder = try LayoutFixtures.copy("Kits/ChatKit/Emoji.bundle")
        let refusal = "Emoji.bundle/face.plist: plist is 0.0 MB; the limit is 0.0 MB (raise it with max-plist-size)"
        #expect(Self.errors(folder, maxPlistBytes: 100).map { $0.replacingOccurrences(of: #"\d+\.\d+ MB"#, with: "0.0 MB", options: .regularExpression) } == [refusal])
        // Named directly, the same refusal (it was "not an emoticon pack").
        let named = Self.errors(folder.appendingPathComponent("face.plist"), maxPlistBytes: 100)
        #expect(named.count == 1 && named.first?.hasPrefix("Emoji.bundle/face.plist: plist is ") == true)
        // NIM's catalogs alike.
        let nim = try LayoutFixtures.copy("Kits/NIM/NIMKitEmoticon.bundle/Emoji")
        #expect(Self.errors(nim, maxPlistBytes: 100).first?.hasPrefix("Emoji/emoji_ios.plist: plist is ") == true)
        #expect(Self.errors(nim.appendingPathComponent("emoji_ios.plist"), maxPlistBytes: 100).first?.hasPrefix("Emoji/emoji_ios.plist: plist is ") == true)
    }

    @Test func twoListsInOneFolderAreRefusedNamingBoth() throws {
        let folder = try LayoutFixtures.copy("Kits/ChatKit/Emoji.bundle")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("face.plist"), to: folder.appendingPathComponent("face2.plist"))
        #expect(
            Self.errors(folder) == [
                "Emoji.bundle/face.plist: the folder holds several chat SDK emoticon lists (face.plist, face2.plist); keep the one the app reads, or put each in a folder of its own"
            ])
    }

    @Test func aListNamedDirectlyIsShownFromItsFolder() throws {
        let result = try LayoutFixtures.read("Kits/NIM/NIMKitEmoticon.bundle/Emoji/emoji_ios.plist")
        #expect(result.packs.first?.plistPath == "Emoji/emoji_ios.plist")
        #expect(result.notes.first?.description.hasPrefix("Emoji/emoji_ios.plist: read as a NetEase NIM emoticon catalog list") == true)
    }

    @Test func aRepeatedTextIsNamedByTheKitsOwnKey() throws {
        let folder = try LayoutFixtures.copy("Kits/ChatKit/Emoji.bundle")
        let file = folder.appendingPathComponent("face.plist")
        // The second face inserts the first's text.
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "<string>[调皮]</string>", with: "<string>[龇牙]</string>")
        try Data(text.utf8).write(to: file)
        let warnings = try LayoutFixtures.read(folder.path).warnings.map(\.description)
        #expect(warnings.contains("Emoji.bundle/face.plist: entry 1: face_name \"[龇牙]\" repeats entry 0; keeping entry 0"))
        let nim = try LayoutFixtures.copy("Kits/NIM/NIMKitEmoticon.bundle/Emoji")
        let catalogs = nim.appendingPathComponent("emoji_ios.plist")
        let repeated = try String(contentsOf: catalogs, encoding: .utf8).replacingOccurrences(of: "<string>[大笑]</string>", with: "<string>[可爱]</string>")
        try Data(repeated.utf8).write(to: catalogs)
        #expect(try LayoutFixtures.read(nim.path).warnings.map(\.description).contains("Emoji/emoji_ios.plist: item 0.data[1]: tag \"[可爱]\" repeats item 0.data[0]; keeping item 0.data[0]"))
    }

    /// The errors of a copy of fixture `folder` whose `file` has each `(old, new)` replaced.
    static func errors(editing file: String, in folder: String, _ replacements: [(String, String)]) throws -> [String] {
        let copy = try LayoutFixtures.copy(folder)
        let url = copy.appendingPathComponent(file)
        var text = try String(contentsOf: url, encoding: .utf8)
        for (old, new) in replacements { text = text.replacingOccurrences(of: old, with: new) }
        try Data(text.utf8).write(to: url)
        return LayoutFixtures.errors(copy.path)
    }

    @Test func aChatKitFaceIDThatIsNoWholeNumberIsRefusedNamingIt() throws {
        let errors = try Self.errors(
            editing: "face.plist", in: "Kits/ChatKit/Emoji.bundle", [("<string>1</string>", "<true/>"), ("<string>2</string>", "<real>2.7</real>")])
        #expect(errors.contains("Emoji.bundle/face.plist: entry 0 (\"[龇牙]\"): face_id: expected a whole number, found \"true\""), "\(errors)")
        #expect(errors.contains("Emoji.bundle/face.plist: entry 1 (\"[调皮]\"): face_id: expected a whole number, found \"2.7\""), "\(errors)")
    }

    @Test func aNIMIdOfAnotherTypeOrAnEmptyTagIsRefusedNamingIt() throws {
        let errors = try Self.errors(
            editing: "emoji_ios.plist", in: "Kits/NIM/NIMKitEmoticon.bundle/Emoji",
            [("<string>emoticon_emoji_01</string>", "<integer>5</integer>"), ("<string>[大笑]</string>", "<string></string>")])
        #expect(errors.contains("Emoji/emoji_ios.plist: item 0.data[0] (\"[可爱]\"): id: expected a string, found number"), "\(errors)")
        #expect(errors.contains("Emoji/emoji_ios.plist: item 0.data[1]: tag: is empty: a tap inserts the tag"), "\(errors)")
    }

    @Test func aPlistOfNoKnownShapeNamedDirectlyIsNoPackSayingWhatIsRead() throws {
        let folder = try LayoutFixtures.copy("Kits/ChatKit/Emoji.bundle")
        let frames = #"<plist version="1.0"><dict><key>frames</key><dict><key>a.png</key><dict/></dict></dict></plist>"#
        try Data(frames.utf8).write(to: folder.appendingPathComponent("face.plist"))
        let errors = Self.errors(folder.appendingPathComponent("face.plist"))
        #expect(errors.count == 1, "\(errors)")
        #expect(
            errors.first?.hasSuffix("face.plist: not an emoticon pack nor a folder of packs: no layout emokit reads fits it ('emokit validate' lists each layout tried)")
                == true, "\(errors)")
    }
}
