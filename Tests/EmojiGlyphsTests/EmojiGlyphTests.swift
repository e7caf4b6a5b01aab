import EmojiGlyphs
import Foundation
import Imaging
import TestSupport
import Testing

struct EmojiGlyphTests {
    static let fontPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
    static let font: ColorEmojiFont = {
        precondition(FileManager.default.fileExists(atPath: fontPath), "\(fontPath) is missing: install fonts-noto-color-emoji (.ci/install)")
        return try! ColorEmojiFont(path: fontPath)
    }()

    static let tricky: [(name: String, emoji: String)] = {
        let url = Fixtures.packageRoot.appendingPathComponent("Tests/EmojiGlyphsTests/Fixtures/tricky-emoji.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            let parts = $0.split(separator: "\t", maxSplits: 1)
            return (String(parts[0]), String(parts[1]))
        }
    }()

    /// A glyph decoded straight into its scaled copies (the keys' and skin tones' path) is the
    /// glyph decoded whole and then scaled, for the tricky sequences and a skin-tone family.
    @Test func scaledGlyphsAreTheWholeGlyphScaled() throws {
        let emoji = Self.tricky.map(\.emoji) + ["👋", "👋🏻", "👋🏿", "🧑🏽‍🤝‍🧑🏻", "🇯🇵", "1️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"]
        var kernels = ResampleKernel.Cache()
        for text in emoji {
            let whole = try #require(try Self.font.glyph(for: text, pixelSize: 96), "\(text)")
            let sizes = [64, 96, 109].map { Resampler.fittingSize(width: whole.width, height: whole.height, box: $0) }
            let scaled = try Self.font.scaledGlyph(for: text, pixelSize: 96, kernels: &kernels) { _, _ in sizes }
            #expect(scaled == Resampler.scale(whole, to: sizes, kernels: &kernels), "\(text)")
        }
        #expect(try Self.font.scaledGlyph(for: "a", pixelSize: 96, kernels: &kernels) { _, _ in [(8, 8)] } == nil)
    }

    @Test func trickyEmojiRenderAsOneGlyph() throws {
        #expect(Self.tricky.count == 10)
        for (name, emoji) in Self.tricky {
            let glyph = try Self.font.glyph(for: emoji, pixelSize: 96)
            let image = try #require(glyph, "\(name): no glyph")
            #expect(image.hasVisiblePixels, "\(name): empty glyph")
        }
        let family = try #require(Self.font.glyphID(for: "👨‍👩‍👧"))
        let man = try #require(Self.font.glyphID(for: "👨"))
        #expect(family != man)
        #expect(try Self.font.glyph(for: "👨‍👩‍👧", pixelSize: 96) != Self.font.glyph(for: "👨", pixelSize: 96))
        #expect(Self.font.glyphID(for: "❤️") == Self.font.glyphID(for: "❤"))
        // Debian's Noto 2.042 build does carry Emoji 15.1's head shake (GSUB ligature u1F642 + ZWJ + arrowboth).
        #expect(Self.font.glyphID(for: "🙂‍↔️") != nil)
        // A sequence the font cannot form into one glyph is missing, not drawn in pieces.
        #expect(Self.font.glyphID(for: "👨‍🦄") == nil)
        #expect(Self.font.glyphID(for: "\u{1FAE9}") == nil)  // Emoji 16.0, newer than the font
    }

    /// Every sequence an independent reader (fontTools, `Tests/Scripts/font_glyph_map.py`) finds
    /// in the font's cmap and GSUB ligatures must map to the same glyph in ours. The counts come
    /// from the font itself, so another build of Noto Color Emoji is checked just as well.
    @Test(.enabled(if: FontTools.available, "needs python3 with fontTools (pip install fonttools; .ci/install does) to read the font independently"))
    func glyphsMatchAnIndependentReader() throws {
        let map = try FontTools.glyphMap(Self.fontPath)
        let rows = map.mappings
        let cmap = rows.filter { $0.kind == "cmap" }, ligatures = rows.filter { $0.kind == "liga" }
        #expect(cmap.count > 1000 && ligatures.count > 1000, "fontTools found \(cmap.count) cmap entries and \(ligatures.count) ligatures")
        var mismatches: [String] = []
        for row in rows {
            let text = String(String.UnicodeScalarView(row.scalars))
            let ours = Self.font.glyphID(for: text)
            if ours != row.glyph { mismatches.append("\(row.kind) \(row.hex): fontTools \(row.glyph), emokit \(ours.map(String.init) ?? "none")") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(rows.count) sequences differ, e.g. \(mismatches.prefix(5))")
        let reached = Set(rows.map(\.glyph)).count
        print("emoji font: \(cmap.count) cmap entries and \(ligatures.count) ligatures agree with fontTools; \(reached) of \(map.bitmapGlyphs) bitmap glyphs reachable from text")
    }

    @Test(arguments: ["twemoji", "noto", "datasource-upper", "with-fe0f"])
    func imageFolderFindsSequencesUnderEachNamingScheme(_ scheme: String) throws {
        let dir = Fixtures.temporaryDirectory(scheme)
        for (_, emoji) in Self.tricky {
            var values = emoji.unicodeScalars.map { String($0.value, radix: 16) }
            if scheme != "with-fe0f" { values = values.filter { $0 != "fe0f" } }
            let name: String
            switch scheme {
            case "noto": name = "emoji_u" + values.joined(separator: "_") + ".png"
            case "datasource-upper": name = values.joined(separator: "-").uppercased() + ".png"
            default: name = values.joined(separator: "-") + ".png"
            }
            let glyph = try #require(try Self.font.glyph(for: emoji, pixelSize: 64))
            try Data(try PNGEncoder().encode(glyph)).write(to: dir.appendingPathComponent(name))
        }
        let folder = try EmojiImageFolder(path: dir.path)
        for (name, emoji) in Self.tricky {
            #expect(folder.hasGlyph(for: emoji), "\(scheme): \(name)")
            let fromFolder = try folder.glyph(for: emoji, pixelSize: 64)
            #expect(fromFolder == (try Self.font.glyph(for: emoji, pixelSize: 64)), "\(scheme): \(name)")
        }
        #expect(!folder.hasGlyph(for: "🦄"))
    }

    @Test func missingOrWrongImageFoldersAreSaidPlainly() throws {
        let dir = Fixtures.temporaryDirectory("image-folder-errors")
        let missing = dir.appendingPathComponent("nowhere").path
        #expect(throws: EmojiGlyphError.unreadable(path: missing, reason: "no such folder")) { try EmojiImageFolder(path: missing) }
        let file = dir.appendingPathComponent("emoji.png")
        try Data([1, 2, 3]).write(to: file)
        #expect(throws: EmojiGlyphError.unreadable(path: file.path, reason: "not a folder of emoji images")) { try EmojiImageFolder(path: file.path) }
        #expect(throws: EmojiGlyphError.emptyFolder(path: dir.appendingPathComponent("empty").path)) {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
            return try EmojiImageFolder(path: dir.appendingPathComponent("empty").path)
        }
    }

    @Test func damagedFontsAreRefused() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fontPath)))
        // Truncated to a tenth: table offsets point past the end.
        #expect(throws: EmojiGlyphError.self) { try ColorEmojiFont(bytes: Array(bytes.prefix(bytes.count / 10)), path: "truncated.ttf") }
        #expect(throws: EmojiGlyphError.self) { try ColorEmojiFont(bytes: Array(bytes.prefix(30)), path: "tiny.ttf") }
        #expect(throws: EmojiGlyphError.self) { try ColorEmojiFont(bytes: Array("not a font at all".utf8), path: "text.ttf") }
        // A corrupt offset inside the table directory: point the first table far away.
        var corrupt = bytes
        corrupt[12 + 8] = 0x7F
        #expect(throws: EmojiGlyphError.self) { try ColorEmojiFont(bytes: corrupt, path: "corrupt.ttf") }
        // A corrupt offset inside CBLC: every record of the directory stays valid, the index does not.
        var cblcCorrupt = bytes
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for i in 0..<count where String(decoding: bytes[(12 + i * 16)..<(12 + i * 16 + 4)], as: UTF8.self) == "CBLC" {
            let offset = Int(bytes[12 + i * 16 + 8]) << 24 | Int(bytes[12 + i * 16 + 9]) << 16 | Int(bytes[12 + i * 16 + 10]) << 8 | Int(bytes[12 + i * 16 + 11])
            cblcCorrupt[offset + 8] = 0xFF  // first BitmapSize's indexSubTableArrayOffset
        }
        do {
            let font = try ColorEmojiFont(bytes: cblcCorrupt, path: "cblc.ttf")
            #expect(try font.glyph(for: "😀", pixelSize: 64) == nil)
        } catch {
            #expect(error is EmojiGlyphError)
            #expect("\(error)".contains("cblc.ttf"))
        }
    }

    /// A font opened by path is read without its bitmap table (glyphs are read from the file when
    /// drawn): it finds the same glyphs, draws the same pixels and names itself as the font read
    /// whole does. (That the table is left out shows in `aTableInsideTheBitmapsIsNamed`.)
    @Test func fontReadWithoutItsBitmapsIsTheWholeFont() throws {
        let whole = try ColorEmojiFont(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fontPath))), path: Self.fontPath)
        #expect(Self.font.summary == whole.summary)
        #expect(Self.font.revision == whole.revision)
        let emoji = Self.tricky.map(\.emoji) + ["👋", "👋🏻", "🧑🏽‍🤝‍🧑🏻", "🇯🇵", "1️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "👩‍❤️‍💋‍👨", "a", "🫨"]
        for text in emoji {
            #expect(Self.font.glyphID(for: text) == whole.glyphID(for: text), "\(text)")
            #expect(Self.font.hasGlyph(for: text) == whole.hasGlyph(for: text), "\(text)")
            #expect(try Self.font.glyph(for: text, pixelSize: 64) == whole.glyph(for: text, pixelSize: 64), "\(text)")
        }
    }

    /// A table pointing into the bitmaps, which a font opened by path does not hold (here cmap's
    /// first subtable), is refused naming the table and where it points.
    @Test func aTableInsideTheBitmapsIsNamed() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fontPath)))
        func u32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        let records = (0..<count).map { 12 + $0 * 16 }
        let tag = { (record: Int) in String(decoding: bytes[record..<(record + 4)], as: UTF8.self) }
        let cbdt = try #require(records.first { tag($0) == "CBDT" }), cmap = u32(try #require(records.first { tag($0) == "cmap" }) + 8)
        // The first encoding record's subtable moved to the middle of the bitmaps.
        let inside = u32(cbdt + 8) + u32(cbdt + 12) / 2 - cmap
        for k in 0..<4 { bytes[cmap + 4 + 4 + k] = UInt8(truncatingIfNeeded: inside >> (24 - 8 * k)) }
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("moved-cmap.ttf")
        try Data(bytes).write(to: file)
        do {
            _ = try ColorEmojiFont(path: file.path)
            Issue.record("a cmap subtable inside the bitmaps was read")
        } catch {
            #expect("\(error)".contains("moved-cmap.ttf"))
            #expect("\(error)".contains("cmap"))
            #expect("\(error)".contains("inside the CBDT table (bitmaps)"))
        }
    }

    /// A CBLC header claiming billions of bitmap sizes is refused for that claim, not as a read
    /// outside the file (the count is what is wrong).
    @Test func anImplausibleStrikeCountIsNamed() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fontPath)))
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        let cblc = try #require((0..<count).map { 12 + $0 * 16 }.first { String(decoding: bytes[$0..<($0 + 4)], as: UTF8.self) == "CBLC" })
        let offset = Int(bytes[cblc + 8]) << 24 | Int(bytes[cblc + 9]) << 16 | Int(bytes[cblc + 10]) << 8 | Int(bytes[cblc + 11])
        for k in 0..<4 { bytes[offset + 4 + k] = 0xFF }
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("many-strikes.ttf")
        try Data(bytes).write(to: file)
        for open in [{ try ColorEmojiFont(path: file.path) }, { try ColorEmojiFont(bytes: bytes, path: file.path) }] {
            do {
                _ = try open()
                Issue.record("a CBLC table of 4294967295 bitmap sizes was read")
            } catch {
                #expect(
                    "\(error)"
                        == "\(file.path): corrupt 'CBLC' table: the count at offset \(offset + 4) claims 4294967295 bitmap sizes (at most 999)")
            }
        }
    }

    /// A bitmap table whose record overlaps another table (its length overstated here) is not
    /// left out: the font opened by path loads as from its bytes.
    @Test func anOverlappingBitmapRecordReadsTheWholeFont() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fontPath)))
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        let cbdt = try #require((0..<count).map { 12 + $0 * 16 }.first { String(decoding: bytes[$0..<($0 + 4)], as: UTF8.self) == "CBDT" })
        // 100 bytes longer: into the table after it (CBLC in Noto), still inside the file.
        var length = Int(bytes[cbdt + 12]) << 24 | Int(bytes[cbdt + 13]) << 16 | Int(bytes[cbdt + 14]) << 8 | Int(bytes[cbdt + 15])
        length += 100
        for k in 0..<4 { bytes[cbdt + 12 + k] = UInt8(truncatingIfNeeded: length >> (24 - 8 * k)) }
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("long-cbdt.ttf")
        try Data(bytes).write(to: file)
        let byPath = try ColorEmojiFont(path: file.path), byBytes = try ColorEmojiFont(bytes: bytes, path: file.path)
        #expect(byPath.summary == byBytes.summary)
        #expect(byPath.revision == byBytes.revision)
        for text in ["😀", "👋🏻", "🧑🏽‍🤝‍🧑🏻", "🇯🇵"] {
            #expect(byPath.glyphID(for: text) == byBytes.glyphID(for: text), "\(text)")
            #expect(try byPath.glyph(for: text, pixelSize: 64) == byBytes.glyph(for: text, pixelSize: 64), "\(text)")
        }
    }
}
