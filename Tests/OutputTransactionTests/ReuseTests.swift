import Foundation
import TestSupport
import Testing

@testable import OutputTransaction

/// `write(_:to:reusingPrevious:)`: equal bytes in the previous output are linked, anything else
/// is written; and no later write goes through such a link into the previous output.
struct ReuseTests {
    static func inode(_ url: URL) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? UInt64)
    }

    static func previousOutput(_ files: [String: String]) throws -> OutputFolder {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        let folder = OutputFolder(destination: out)
        try folder.prepareStaging()
        for (path, text) in files { try folder.write(Data(text.utf8), to: path) }
        try folder.commit()
        return folder
    }

    @Test func equalBytesAreLinkedOthersWritten() throws {
        let folder = try Self.previousOutput(["a/same.png": "same bytes", "a/changed.png": "old bytes"])
        let old = try Self.inode(folder.destination.appendingPathComponent("a/same.png"))
        try folder.prepareStaging()
        try folder.write(Data("same bytes".utf8), to: "a/same.png", reusingPrevious: true)
        try folder.write(Data("new bytes".utf8), to: "a/changed.png", reusingPrevious: true)
        try folder.write(Data("fresh".utf8), to: "a/new.png", reusingPrevious: true)
        #if os(Linux)
            #expect(try Self.inode(folder.staging.appendingPathComponent("a/same.png")) == old)
        #endif
        #expect(try Self.inode(folder.staging.appendingPathComponent("a/changed.png")) != Self.inode(folder.destination.appendingPathComponent("a/changed.png")))
        try folder.commit()
        #expect(try String(contentsOf: folder.destination.appendingPathComponent("a/same.png"), encoding: .utf8) == "same bytes")
        #expect(try String(contentsOf: folder.destination.appendingPathComponent("a/changed.png"), encoding: .utf8) == "new bytes")
        #expect(try String(contentsOf: folder.destination.appendingPathComponent("a/new.png"), encoding: .utf8) == "fresh")
    }

    /// A path first linked to a previous file and then written again (a page that falls back to
    /// rendering after a partial reuse) gets a new file: the previous output stays as it was,
    /// which is what a failed run must leave.
    @Test func aWriteAfterALinkNeverChangesThePreviousOutput() throws {
        let folder = try Self.previousOutput(["sheet.png": "previous"])
        try folder.prepareStaging()
        try folder.write(Data("previous".utf8), to: "sheet.png", reusingPrevious: true)
        try folder.write(Data("rendered again".utf8), to: "sheet.png")
        try folder.write(Data("previous".utf8), to: "sheet.png", reusingPrevious: true)
        try folder.write(Data("and once more".utf8), to: "sheet.png", reusingPrevious: true)
        folder.discard()  // the run fails
        #expect(try String(contentsOf: folder.destination.appendingPathComponent("sheet.png"), encoding: .utf8) == "previous")
    }

    /// A folder of the previous output replaced by a link to files elsewhere (with equal bytes),
    /// or a file of another mode than emokit gives its files, is written, never linked.
    @Test func linkedFoldersAndOtherModesAreWritten() throws {
        let folder = try Self.previousOutput(["sheets/a/page.png": "bytes", "sheets/b/page.png": "other"])
        let elsewhere = Fixtures.temporaryDirectory().appendingPathComponent("a")
        try FileManager.default.moveItem(at: folder.destination.appendingPathComponent("sheets/a"), to: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: folder.destination.appendingPathComponent("sheets/a").path, withDestinationPath: elsewhere.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: folder.destination.appendingPathComponent("sheets/b/page.png").path)
        try folder.prepareStaging()
        try folder.write(Data("bytes".utf8), to: "sheets/a/page.png", reusingPrevious: true)
        try folder.write(Data("other".utf8), to: "sheets/b/page.png", reusingPrevious: true)
        #expect(try Self.inode(folder.staging.appendingPathComponent("sheets/a/page.png")) != Self.inode(elsewhere.appendingPathComponent("page.png")))
        #expect(try Self.inode(folder.staging.appendingPathComponent("sheets/b/page.png")) != Self.inode(folder.destination.appendingPathComponent("sheets/b/page.png")))
        let mode = try #require(FileManager.default.attributesOfItem(atPath: folder.staging.appendingPathComponent("sheets/b/page.png").path)[.posixPermissions] as? Int)
        #expect(mode & 0o022 == 0 || OutputFolder.writtenMode.map { Int($0) } == mode)
        let links = try #require(FileManager.default.attributesOfItem(atPath: elsewhere.appendingPathComponent("page.png").path)[.referenceCount] as? Int)
        #expect(links == 1)
        folder.discard()
    }

    /// A link in the previous output, or a file with a second name elsewhere, is never linked.
    @Test func linksAndSharedFilesAreWritten() throws {
        let folder = try Self.previousOutput(["real.png": "bytes", "shared.png": "shared"])
        let elsewhere = Fixtures.temporaryDirectory().appendingPathComponent("elsewhere.png")
        try FileManager.default.linkItem(at: folder.destination.appendingPathComponent("shared.png"), to: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: folder.destination.appendingPathComponent("link.png").path, withDestinationPath: "real.png")
        try folder.prepareStaging()
        try folder.write(Data("bytes".utf8), to: "link.png", reusingPrevious: true)
        try folder.write(Data("shared".utf8), to: "shared.png", reusingPrevious: true)
        #expect(try Self.inode(folder.staging.appendingPathComponent("link.png")) != Self.inode(folder.destination.appendingPathComponent("real.png")))
        #expect(try Self.inode(folder.staging.appendingPathComponent("shared.png")) != Self.inode(elsewhere))
        folder.discard()
    }
}
