import EmoticonPacks
import Foundation
import TestSupport
import Testing

/// The files that make a folder a pack are judged before they are opened: a named pipe under a
/// pack file's name is refused by name (once it hung `validate` and `generate`, or the folder was
/// read as plain images as if the file were absent), and emokit's own output inside a folder of
/// packs is passed over in silence (once a warning on every run, and an error with `--strict`).
struct CandidateFileTests {
    static func pipe(_ url: URL) { #expect(mkfifo(url.path, 0o644) == 0, "mkfifo \(url.path)") }

    static func imageFolder(_ folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: WeiboPackFixtures.sampleImage, to: folder.appendingPathComponent("smile.png"))
    }

    static func errors(_ inputs: [URL]) -> [String] { PackReader().survey(inputs).errors.map(\.description) }

    @Test func aPipeNamedAsTheSetOfItsFolderIsRefusedByName() throws {
        let set = Fixtures.temporaryDirectory().appendingPathComponent("faces")
        try Self.imageFolder(set)
        Self.pipe(set.appendingPathComponent("faces.xml"))
        #expect(Self.errors([set]) == ["faces/faces.xml: cannot read (is a named pipe (FIFO), not a regular file)"])
    }

    @Test func aPipeNamedAsTheMapBesideAFolderIsRefusedByName() throws {
        let root = Fixtures.temporaryDirectory().appendingPathComponent("emoticons")
        try Self.imageFolder(root.appendingPathComponent("default"))
        Self.pipe(root.appendingPathComponent("default.xml"))
        let expected = ["emoticons/default.xml: cannot read (is a named pipe (FIFO), not a regular file)"]
        #expect(Self.errors([root]) == expected)
        #expect(Self.errors([root.appendingPathComponent("default")]) == expected)
        #expect(Self.errors([root.appendingPathComponent("default.xml")]) == expected)
    }

    @Test func aPipeNamedAsAPackFileIsRefusedInAFolderOfPacks() throws {
        let root = Fixtures.temporaryDirectory().appendingPathComponent("packs")
        _ = try WeiboPackFixtures.onePack(root, "good")
        for (folder, file) in [("plist", "info.plist"), ("jabber", "icondef.xml"), ("kde", "emoticons.xml")] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            Self.pipe(root.appendingPathComponent("\(folder)/\(file)"))
        }
        #expect(
            Self.errors([root]) == [
                "packs/jabber/icondef.xml: cannot read (is a named pipe (FIFO), not a regular file)",
                "packs/kde/emoticons.xml: cannot read (is a named pipe (FIFO), not a regular file)",
                "packs/plist/info.plist: cannot read (is a named pipe (FIFO), not a regular file)",
            ])
    }

    /// A pipe that is no pack file's name is still named for what it is where a folder of images
    /// warns about a map it did not read.
    @Test func aPipeBesidePlainImagesIsNamedForWhatItIs() throws {
        let folder = Fixtures.temporaryDirectory().appendingPathComponent("faces")
        try Self.imageFolder(folder)
        Self.pipe(folder.appendingPathComponent("order.plist"))
        let warnings = PackReader().survey([folder]).warnings.map(\.description)
        #expect(warnings.contains { $0.contains("order.plist beside them was not read (it is a named pipe (FIFO), not a regular file)") }, "\(warnings)")
    }

    @Test func emokitsOwnOutputInAFolderOfPacksIsPassedOverInSilence() throws {
        let root = Fixtures.temporaryDirectory().appendingPathComponent("packs")
        _ = try WeiboPackFixtures.onePack(root, "faces")
        let output = root.appendingPathComponent("build")
        try FileManager.default.createDirectory(at: output.appendingPathComponent("manifests"), withIntermediateDirectories: true)
        try Data("This folder was written by emokit; the next run replaces it whole.\n".utf8).write(to: output.appendingPathComponent(".emokit-output"))
        try Data("{}".utf8).write(to: output.appendingPathComponent("manifests/375.json"))
        let survey = PackReader(strict: true).survey([root])
        #expect(survey.packs.map(\.folderName) == ["faces"])
        #expect(survey.errors.isEmpty && survey.warnings.isEmpty, "\(survey.errors) \(survey.warnings)")
        // A folder with no mark is still named, and a mark that is a link is no mark.
        let other = root.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: other.appendingPathComponent(".emokit-output"), withDestinationURL: output.appendingPathComponent(".emokit-output"))
        #expect(PackReader().survey([root]).warnings.map(\.description) == ["packs/other: skipped, not a pack: the folder is empty"])
    }
}
