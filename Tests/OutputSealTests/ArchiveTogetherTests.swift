import Archive
import Foundation
import OutputTransaction
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

@testable import OutputSeal

/// The output and its archive change together: a run killed just after its swap (before the
/// archive's rename) leaves a ready archive that the next run with that archive moves into
/// place first thing, even when that run then fails; a ready archive whose output never got
/// swapped in is removed. And the partial archive is never written through a link.
struct ArchiveTogetherTests {
    static let faces = Fixtures.samplePacks.appendingPathComponent("faces")

    static func archiveOf(_ folder: URL, in root: URL) throws -> Data {
        let url = root.appendingPathComponent("expected-\(UUID().uuidString).tar.gz")
        defer { try? FileManager.default.removeItem(at: url) }
        try TarArchive.write(folder: folder, to: url)
        return try Data(contentsOf: url)
    }

    /// Builds a new output in staging and seals it with the archive, then swaps (or not) and
    /// stops there: what SIGKILL at that moment leaves.
    static func killedRun(out: URL, archive: URL, swapped: Bool) throws {
        let folder = OutputFolder(destination: out)
        try folder.prepareStaging()
        try folder.write(Data("made by the killed run\n".utf8), to: "new.txt")
        _ = try SealStep(archive: archive, destination: archive).seal(folder, knownDigests: [:])
        if swapped { try folder.commit() } else { folder.discard() }
    }

    @Test func aRunKilledAfterTheSwapHasItsArchiveMovedInByTheNextRun() throws {
        let root = Fixtures.temporaryDirectory()
        let out = root.appendingPathComponent("site"), archive = root.appendingPathComponent("site.tar.gz")
        var options = PipelineRun.options([Self.faces], out: out)
        options.publishing.archive = archive
        _ = try Generator(options: options).run()
        #expect(try Data(contentsOf: archive) == Self.archiveOf(out, in: root))

        try Self.killedRun(out: out, archive: archive, swapped: true)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("new.txt").path))
        #expect(try Data(contentsOf: archive) != Self.archiveOf(out, in: root), "the moment after the kill")

        // The next run with this archive fails (its pack is gone), but first puts the pair right.
        var failing = options
        failing.inputs = [root.appendingPathComponent("no-such-pack")]
        #expect(throws: GenerationError.self) { _ = try Generator(options: failing).run() }
        #expect(try Data(contentsOf: archive) == Self.archiveOf(out, in: root))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["site", "site.tar.gz"])
    }

    @Test func aRunKilledBeforeTheSwapLeavesBothAsTheyWere() throws {
        let root = Fixtures.temporaryDirectory()
        let out = root.appendingPathComponent("site"), archive = root.appendingPathComponent("site.tar.gz")
        var options = PipelineRun.options([Self.faces], out: out)
        options.publishing.archive = archive
        _ = try Generator(options: options).run()
        let before = try Data(contentsOf: archive)
        try Self.killedRun(out: out, archive: archive, swapped: false)
        let report = try Generator(options: options).run()
        #expect(try Data(contentsOf: archive) == before)
        #expect(report.notes.contains { $0.code == "leftover" })
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["site", "site.tar.gz"])
    }

    /// A link put at the partial archive's name (this process's pid) is removed, not written
    /// through: its target keeps its bytes and the archive is a file of its own.
    @Test func aLinkedPartialArchiveIsNotFollowed() throws {
        let root = Fixtures.temporaryDirectory()
        let victim = root.appendingPathComponent("victim.txt")
        try Data("precious".utf8).write(to: victim)
        let archive = root.appendingPathComponent("site.tar.gz")
        let partial = root.appendingPathComponent(".site.tar.gz.emokit-partial-\(getpid())")
        try FileManager.default.createSymbolicLink(at: partial, withDestinationURL: victim)
        var options = PipelineRun.options([Self.faces], out: root.appendingPathComponent("site"))
        options.publishing.archive = archive
        _ = try Generator(options: options).run()
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        let type = try FileManager.default.attributesOfItem(atPath: archive.path)[.type] as? FileAttributeType
        #expect(type == .typeRegular)
    }
}
