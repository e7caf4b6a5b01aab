import EmojiData
import Foundation
import TestSupport
import Testing

struct EmojiTestFileTests {
    static let fixtures = Fixtures.packageRoot.appendingPathComponent("Tests/EmojiDataTests/Fixtures")
    static var small: URL { fixtures.appendingPathComponent("emoji-test-small.txt") }

    static func real() throws -> EmojiTestFile {
        precondition(
            FileManager.default.fileExists(atPath: EmojiTestFile.debianPath.path),
            "\(EmojiTestFile.debianPath.path) is missing: install unicode-data (.ci/install)")
        return try EmojiTestFile()
    }

    /// Counts per (group, status) made by awk straight from the file, independently of the parser.
    static func awkCounts(_ path: String) throws -> [String: Int] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/awk")
        process.arguments = ["-F;", ##"/^# group:/ { g = substr($0, 10) } /^[0-9A-F]/ { split($2, a, "#"); s = a[1]; gsub(/ /, "", s); c[g "|" s]++ } END { for (k in c) print k "|" c[k] }"##, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = Subprocess.readAll(pipe.fileHandleForReading)
        process.waitUntilExit()
        var counts: [String: Int] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "|")
            counts["\(parts[0])|\(parts[1])"] = Int(parts[2])
        }
        return counts
    }

    @Test func realFileCountsPerGroupMatchAnIndependentCount() throws {
        let file = try Self.real()
        let expected = try Self.awkCounts(EmojiTestFile.debianPath.path)
        #expect(!expected.isEmpty)
        var counts: [String: Int] = [:]
        for entry in file.entries { counts["\(entry.group)|\(entry.status.rawValue)", default: 0] += 1 }
        #expect(counts == expected)
        // And the file's own footer ("# fully-qualified : 3655" ...).
        #expect(file.entries.filter { $0.status == .fullyQualified }.count == 3655)
        #expect(file.entries.filter { $0.status == .minimallyQualified }.count == 827)
        #expect(file.entries.filter { $0.status == .unqualified }.count == 242)
        #expect(file.entries.filter { $0.status == .component }.count == 9)
    }

    @Test func realFileGroupsSubgroupsAndVersion() throws {
        let file = try Self.real()
        #expect(file.version == "15.0")
        #expect(
            file.groups.map(\.name) == [
                "Smileys & Emotion", "People & Body", "Component", "Animals & Nature", "Food & Drink",
                "Travel & Places", "Activities", "Objects", "Symbols", "Flags",
            ])
        let text = try String(contentsOf: EmojiTestFile.debianPath, encoding: .utf8)
        let subgroupLines = text.split(separator: "\n").filter { $0.hasPrefix("# subgroup: ") }.count
        #expect(file.groups.reduce(0) { $0 + $1.subgroups.count } == subgroupLines)
        #expect(file.groups[0].subgroups.first == "face-smiling")
        let grinning = try #require(file.entries.first)
        #expect(grinning.text == "😀" && grinning.name == "grinning face" && grinning.emojiVersion == "1.0")
        #expect(grinning.group == "Smileys & Emotion" && grinning.subgroup == "face-smiling" && grinning.codePoints == "1F600")
        let england = try #require(file.entries.last)
        #expect(england.name == "flag: Wales" && england.emojiVersion == "5.0" && england.subgroup == "subdivision-flag")
        #expect(england.text.unicodeScalars.count == 7)
    }

    @Test func smallFixtureEveryField() throws {
        let file = try EmojiTestFile(contentsOf: Self.small)
        #expect(file.version == "15.0")
        #expect(
            file.groups == [
                .init(name: "Smileys & Emotion", subgroups: ["face-smiling", "heart"]),
                .init(name: "People & Body", subgroups: ["hand-fingers-closed", "person-role", "hands", "family"]),
                .init(name: "Component", subgroups: ["skin-tone"]),
                .init(name: "Flags", subgroups: ["country-flag"]),
            ])
        #expect(file.entries.count == 18)
        let heart = file.entries[2]
        #expect(heart.text == "\u{2764}\u{FE0F}" && heart.status == .fullyQualified && heart.emojiVersion == "0.6")
        #expect(heart.name == "red heart" && heart.subgroup == "heart" && heart.line == 12 && heart.codePoints == "2764 FE0F")
        #expect(file.entries[3].status == .unqualified)
        #expect(file.entries.first { $0.status == .minimallyQualified }?.text == "\u{1F575}\u{1F3FB}\u{200D}\u{2642}")
        #expect(file.entries.first { $0.status == .component }?.group == "Component")
        #expect(file.entries(inGroup: "Flags").map(\.name) == ["flag: China"])
    }

    /// Lines are found in the UTF-8 bytes, at exactly the places `Character.isNewline` splits.
    @Test func linesSplitWhereCharactersWould() {
        let pieces = ["a", "😀", "👍🏽", "é", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{2027}", "\u{C5}", " ", ""]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<2000 {
            let text = (0..<(round % 23)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let expected = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
            #expect(EmojiTestFile.lines(of: text).map(String.init) == expected, "\(text.unicodeScalars.map { $0.value })")
        }
    }

    @Test func crlfLineEndingsAndNoVersionHeader() throws {
        let text = "# group: G\r\n# subgroup: s\r\n1F600 ; fully-qualified # 😀 E1.0 grinning face\r\n"
        let file = try EmojiTestFile(text: text, path: "crlf.txt")
        #expect(file.version == nil)
        #expect(file.entries.map(\.name) == ["grinning face"])
        #expect(file.entries[0].line == 3)
    }

    @Test(arguments: [
        ("1F600 ; fully-qualified # 😀 E1.0 grinning face", 1, "an emoji before any '# group:' line"),
        ("# group: G\n1F600 ; fully-qualified # 😀 E1.0 grinning face", 2, "an emoji before any '# subgroup:' line in group G"),
        ("# group: G\n# subgroup: s\n1F600 ; sort-of-qualified # 😀 E1.0 grinning face", 3, "unknown status \"sort-of-qualified\""),
        ("# group: G\n# subgroup: s\n1F60G ; fully-qualified # 😀 E1.0 grinning face", 3, "\"1F60G\" is not a code point"),
        ("# group: G\n# subgroup: s\n110000 ; fully-qualified # 😀 E1.0 x", 3, "\"110000\" is not a code point"),
        ("# group: G\n# subgroup: s\n1F600 ; fully-qualified # 😃 E1.0 grinning face", 3, "the comment's emoji does not match the code points 1F600"),
        ("# group: G\n# subgroup: s\n1F600 ; fully-qualified # 😀 grinning face", 3, "expected 'E<version> name' after the emoji"),
        ("# group: G\n# subgroup: s\n1F600 fully-qualified # 😀 E1.0 grinning face", 3, "expected 'code points ; status # emoji E<version> name'"),
        // A keycap's own # is part of its emoji, not the comment's (the separator is missing).
        ("# group: G\n# subgroup: s\n0023 FE0F 20E3 ; fully-qualified #️⃣ E0.6 keycap", 3, "missing the '# emoji E<version> name' comment"),
        // A ; carrying a combining mark is not the separator.
        ("# group: G\n# subgroup: s\n1F600 ;\u{301} fully-qualified # 😀 E1.0 grinning face", 3, "expected 'code points ; status # emoji E<version> name'"),
        ("# subgroup: s", 1, "subgroup \"s\" before any group"),
        ("# just a comment\n\n", 3, "no emoji entries (is this emoji-test.txt?)"),
    ])
    func malformedLinesAreNamedByLine(text: String, line: Int, reason: String) {
        #expect(throws: EmojiDataError.malformed(path: "x.txt", line: line, reason: reason)) { try EmojiTestFile(text: text, path: "x.txt") }
    }

    @Test func unreadableFilesNameThePath() {
        #expect(throws: EmojiDataError.unreadable(path: "/nonexistent/emoji-test.txt", reason: "no such file")) {
            try EmojiTestFile(contentsOf: URL(fileURLWithPath: "/nonexistent/emoji-test.txt"))
        }
        #expect(throws: EmojiDataError.unreadable(path: Self.fixtures.path, reason: "is a folder")) {
            try EmojiTestFile(contentsOf: Self.fixtures)
        }
    }
}
