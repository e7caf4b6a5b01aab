import Diagnostics
import Testing

@Suite struct DiagnosticTests {
    @Test func interpolationKeepsPartsApart() {
        let message: Diagnostic.Message = "a/info.plist: unknown key \(quoted: "chx") (raise it with \(setting: "max-plist-size"))"
        #expect(
            message.parts == [
                .text("a/info.plist: unknown key "), .quoted("chx"), .text(" (raise it with "), .setting("max-plist-size"), .text(")"),
            ])
    }

    @Test func adjacentTextIsOnePart() {
        let count = 3
        let joined: Diagnostic.Message = "a" + "b \(count)" + ""
        #expect(joined.parts == [.text("ab 3")])
        #expect(joined == Diagnostic.Message("ab 3"))
        let nested: Diagnostic.Message = "x \(Diagnostic.Message(parts: [.setting("out")])) y"
        #expect(nested.parts == [.text("x "), .setting("out"), .text(" y")])
    }

    @Test func settingsAreNamedByTheCaller() {
        let message: Diagnostic.Message = "choose another \(setting: "out")"
        #expect(message.text(namingSettings: { "--" + $0 }) == "choose another --out")
        #expect(message.text(namingSettings: { $0 == "out" ? "\"output\"" : $0 }) == "choose another \"output\"")
        // The library's own rendering names no flag.
        #expect(message.description == "choose another out")
    }

    @Test func quotedTextIsEscapedOntoOneLine() {
        let message: Diagnostic.Message = "key \(quoted: "a\"b\nc\td\u{2028}\u{7}")"
        #expect(message.description == #"key "a\"b\nc\td\u{2028}\u{7}""#)
        #expect(Diagnostic.Message.quote("[哈哈]") == "\"[哈哈]\"")
    }

    @Test func pathsAreNamedByTheCaller() {
        let message: Diagnostic.Message = "\(path: "faces/info.plist"): unknown key \(quoted: "chx"); see \(setting: "strict")"
        #expect(message.description == "faces/info.plist: unknown key \"chx\"; see strict")
        #expect(message.text(namingSettings: { "--" + $0 }, namingPaths: { "packs/" + $0 }) == "packs/faces/info.plist: unknown key \"chx\"; see --strict")
        // Text quoted from a pack is never taken for a path, even when it reads like one.
        let quoted: Diagnostic.Message = "\(path: "a/info.plist"): \(quoted: "faces/x.png")"
        #expect(quoted.text(namingSettings: { $0 }, namingPaths: { "../" + $0 }) == "../a/info.plist: \"faces/x.png\"")
    }

    @Test func diagnosticCarriesWhereAndHowSerious() {
        let diagnostic = Diagnostic("unknown-key", .warning, file: "a/info.plist", entryIndex: 3, key: "chx", message: "a/info.plist: entry 3: unknown key")
        #expect(diagnostic.code.rawValue == "unknown-key" && diagnostic.severity == .warning)
        #expect(diagnostic.file == "a/info.plist" && diagnostic.entryIndex == 3 && diagnostic.key == "chx")
        let promoted = diagnostic.with(severity: .error)
        #expect(promoted.severity == .error && promoted.message == diagnostic.message && diagnostic.severity == .warning)
        #expect(diagnostic.description == "a/info.plist: entry 3: unknown key")
    }
}
