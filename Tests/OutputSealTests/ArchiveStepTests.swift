import Foundation
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

@testable import OutputSeal

/// The archive step of sealing: where an archive may be written, and what a killed run left.
struct ArchiveStepTests {
    /// The archive goes exactly where named, never inside the output or the packs, and only with
    /// an archive's name; a refused run leaves the previous output as it was.
    @Test func archiveLocationsThatAreRefused() throws {
        let root = Fixtures.temporaryDirectory()
        let packs = root.appendingPathComponent("packs")
        try FileTree.copy(Fixtures.samplePacks.appendingPathComponent("faces"), to: packs.appendingPathComponent("faces"), reverse: false, mtime: Date())
        let out = root.appendingPathComponent("site")
        var options = PipelineRun.options([packs], out: out)
        options.publishing.archive = root.appendingPathComponent("site.tar.gz")
        _ = try Generator(options: options).run()
        let before = FileTree.tree(out)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("site.tar.gz").path))
        // No partial file left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["packs", "site", "site.tar.gz"])

        let refused: [(String, String)] = [
            ("site/inner.tar.gz", "inside the output folder"),
            ("packs/faces/x.tar.gz", "inside the packs"),
            ("site.zip", "must end in .tar.gz or .tgz"),
            ("missing-folder/site.tar.gz", "does not exist"),
        ]
        for (path, message) in refused {
            var bad = options
            bad.publishing.archive = root.appendingPathComponent(path)
            #expect {
                _ = try Generator(options: bad).run()
            } throws: { error in
                "\(error)".contains(message) && "\(error)".contains(path)
            }
        }
        #expect(FileTree.tree(out) == before)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("site/inner.tar.gz").path))
    }

    /// A partial archive whose process is gone (a killed run) is removed by the next run that
    /// writes that archive; a running process's is kept.
    @Test func stalePartialArchivesAreRemoved() throws {
        let folder = Fixtures.temporaryDirectory()
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = folder.appendingPathComponent(".a.tar.gz.emokit-partial-\(finished.processIdentifier)")
        let running = folder.appendingPathComponent(".a.tar.gz.emokit-partial-\(getpid())")
        let other = folder.appendingPathComponent(".b.tar.gz.emokit-partial-\(finished.processIdentifier)")
        for url in [dead, running, other] { try Data([0]).write(to: url) }
        SealStep.removeStalePartials(beside: folder.appendingPathComponent("a.tar.gz"))
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: running.path))
        #expect(FileManager.default.fileExists(atPath: other.path))
    }
}
