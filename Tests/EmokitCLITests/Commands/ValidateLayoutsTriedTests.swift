import EmokitCLI
import Foundation
import TestSupport
import Testing

/// `validate` on a folder no layout reads lists each layout it tried and why each did not fit,
/// one note a line after the error; `generate` keeps its one-line error. Pinned whole in
/// `Snapshots/validate-layouts-tried.txt` (re-record with `EMOKIT_RECORD=1`, read the diff).
struct ValidateLayoutsTriedTests {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    @Test func validateListsTheLayoutsTriedAndGenerateKeepsOneLine() throws {
        let dir = Fixtures.temporaryDirectory()
        let pack = dir.appendingPathComponent("faces")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        // A map whose root no layout reads, and a plist of no layout's shape.
        try Data("<?xml version=\"1.0\"?>\n<!-- smileys -->\n<smileys><smiley/></smileys>\n".utf8).write(to: pack.appendingPathComponent("smileys.xml"))
        try PropertyListSerialization.data(fromPropertyList: ["name": "faces", "version": 2], format: .xml, options: 0)
            .write(to: pack.appendingPathComponent("settings.plist"))
        let validate = CLIRun.invoke(["validate", pack.path])
        #expect(validate.status == 1)
        try Golden.check(validate.err.replacingOccurrences(of: dir.path, with: "TMP"), against: Self.snapshots.appendingPathComponent("validate-layouts-tried.txt"))
        #expect(!CLIRun.invoke(["validate", pack.path, "-q"]).err.contains("note: "))
        let generate = CLIRun.invoke(["generate", pack.path, "--out", dir.appendingPathComponent("out").path, "-q"])
        #expect(generate.status == 1)
        #expect(
            generate.err.replacingOccurrences(of: dir.path, with: "TMP")
                == "error: TMP/faces: not an emoticon pack nor a folder of packs: no layout emokit reads fits it ('emokit validate' lists each layout tried)\n")
    }
}
