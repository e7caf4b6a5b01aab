import EmojiData
import Foundation
import TestSupport
import Testing

/// Pinyin from CLDR's real Han-Latin transform (unicode-cldr-core, installed by .ci/install), and
/// the reader's refusals of files that are not that transform.
struct PinyinTests {
    static let common = URL(fileURLWithPath: "/usr/share/unicode/cldr/common")

    static let real: Pinyin = {
        let path = common.appendingPathComponent(Pinyin.transformPath).path
        precondition(FileManager.default.fileExists(atPath: path), "\(path) is missing: install unicode-cldr-core (.ci/install)")
        return try! Pinyin(cldrCommon: common)
    }()

    @Test func namesGetTheirPinyinThenTheirInitials() {
        #expect(Self.real.searchTerms(for: "[哈哈]") == ["haha", "hh"])
        #expect(Self.real.searchTerms(for: "笑脸") == ["xiaolian", "xl"])
        #expect(Self.real.syllables(of: "含泪的笑脸") == ["han", "lei", "de", "xiao", "lian"])
    }

    @Test func traditionalCharactersReadLikeSimplifiedOnes() {
        #expect(Self.real.searchTerms(for: "笑臉") == ["xiaolian", "xl"])
        #expect(Self.real.searchTerms(for: "喜極而泣") == ["xijierqi", "xjeq"])
    }

    /// 重 is zhòng alone and chóng before 庆 (one of the transform's compounds, with or without
    /// the space it allows); other polyphones take the transform's one reading (行 xíng).
    @Test func polyphonesFollowTheTransformsCompounds() {
        #expect(Self.real.syllables(of: "重") == ["zhong"])
        #expect(Self.real.searchTerms(for: "重庆") == ["chongqing", "cq"])
        #expect(Self.real.syllables(of: "重 庆") == ["chong", "qing"])
        #expect(Self.real.syllables(of: "重要") == ["zhong", "yao"])
        #expect(Self.real.syllables(of: "银行") == ["yin", "xing"])
    }

    @Test func tonesAreDroppedAndUmlautIsV() {
        #expect(Self.real.searchTerms(for: "绿") == ["lv", "l"])
        #expect(Self.real.searchTerms(for: "女") == ["nv", "n"])
        #expect(Pinyin.toneless("Zhòng") == "zhong")
        #expect(Pinyin.toneless("ǹ") == "n")
        #expect(Pinyin.toneless("ḿ") == "m")
        #expect(Pinyin.toneless("hā1") == nil)
        #expect(Pinyin.toneless("") == nil)
    }

    @Test func namesWithoutHanCharactersGetNone() {
        #expect(Self.real.searchTerms(for: "grinning face") == nil)
        #expect(Self.real.searchTerms(for: "😀") == nil)
        #expect(Self.real.searchTerms(for: "OK手势") == ["shoushi", "ss"])
        #expect(!Pinyin.hasHan("grinning face") && Pinyin.hasHan("OK手势"))
    }

    /// Only the characters asked for are kept; the file is still read (and checked) whole.
    @Test func keepsOnlyTheNamesCharacters() throws {
        let few = try Pinyin(cldrCommon: Self.common, characters: ["重", "庆", "笑"])
        #expect(few.count == 3)
        #expect(few.searchTerms(for: "重庆笑脸") == ["chongqingxiao", "cqx"])
        #expect(Self.real.count > 40_000)
    }

    static func rules(_ lines: String) -> String {
        "<?xml version='1.0'?>\n<supplementalData><transforms><transform>\n<tRule>\n::Han-Spacedhan();\n\(lines)\n</tRule>\n</transform></transforms></supplementalData>\n"
    }

    @Test func aSmallTransformReadsEveryRuleForm() throws {
        let text = Self.rules("# a comment\n[哈蛤]→hā;\n笑→xiào; # trailing comment\n重 } \\u0020? 庆 →chóng;\n[重]→zhòng;\n[庆]→qìng;\n[哈]→hǎ;\n[⻉辧-辩]→biàn;")
        let pinyin = try Pinyin(transform: text, path: "t.xml")
        #expect(pinyin.count == 5 + 4)  // the five above, a radical (⻉) and a range of three (U+8FA7-U+8FA9)
        #expect(pinyin.syllables(of: "⻉辨") == ["bian", "bian"])
        #expect(pinyin.searchTerms(for: "哈哈笑") == ["hahaxiao", "hhx"])  // the first rule for 哈 wins
        #expect(pinyin.syllables(of: "重庆重") == ["chong", "qing", "zhong"])
    }

    /// Each refusal is one line naming the file and the line (counted from the file's start).
    @Test(arguments: [
        ("[哈]→hā", "a rule without its closing ';'"),
        ("[哈] hā;", "a rule without '→'"),
        ("[哈]→<script>;", "\"<script>\" is not a pinyin syllable"),
        ("[哈]→haaaaaaaaaa;", "\"haaaaaaaaaa\" is not a pinyin syllable"),
        ("[哈a]→hā;", "U+0061 is not a Han character"),
        ("[]→hā;", "an empty character class"),
        ("[哈-a]→hā;", "bad range U+54C8-U+0061"),
        ("哈哈→hā;", "unsupported rule \"哈哈\" (expected [characters]→pinyin;)"),
        ("重 } x →chóng;", "unsupported context \"x\" (expected one Han character)"),
    ])
    func malformedRulesAreOneLineErrors(rule: String, reason: String) {
        let error = EmojiDataError.malformed(path: "t.xml", line: 6, reason: reason)
        #expect(throws: error) { try Pinyin(transform: Self.rules("[笑]→xiào;\n" + rule), path: "t.xml") }
        #expect(error.description == "t.xml: line 6: \(reason)")
    }

    @Test func filesThatAreNotTheTransformAreRefused() throws {
        #expect(throws: EmojiDataError.malformed(path: "t.xml", line: 1, reason: "no <tRule> element (not CLDR's Han-Latin transform)")) {
            try Pinyin(transform: "<ldml><annotations/></ldml>", path: "t.xml")
        }
        #expect(throws: EmojiDataError.malformed(path: "t.xml", line: 2, reason: "<tRule> is not closed")) {
            try Pinyin(transform: "<x>\n<tRule>[哈]→hā;\n", path: "t.xml")
        }
        let folder = Fixtures.temporaryDirectory(#function)
        let transforms = folder.appendingPathComponent("transforms")
        try FileManager.default.createDirectory(at: transforms, withIntermediateDirectories: true)
        #expect(throws: EmojiDataError.unreadable(path: transforms.appendingPathComponent("Han-Latin.xml").path, reason: "no such file")) {
            try Pinyin(cldrCommon: folder)
        }
        let big = Data(repeating: 0x20, count: Pinyin.maxFileBytes + 1)
        try big.write(to: transforms.appendingPathComponent("Han-Latin.xml"))
        #expect(throws: EmojiDataError.unreadable(path: transforms.appendingPathComponent("Han-Latin.xml").path, reason: "larger than 8 MB")) {
            try Pinyin(cldrCommon: folder)
        }
    }
}
