import FileAccess
import Foundation
import Imaging
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

@testable import EmoticonPacks

/// Inputs that are not regular files or are too large: named pipes as images and delete icons,
/// devices, size caps checked before reading, symlinked plists measured by their target.
struct UnreadableInputTests {
    static func mkfifo(_ url: URL) {
        precondition(Foundation.mkfifo(url.path, 0o644) == 0, "mkfifo \(url.path)")
    }

    /// A named pipe as a pack image hung the run forever; now refused at once.
    @Test func namedPipeAsImageIsRefused() throws {
        let root = Fixtures.temporaryDirectory()
        let pack = try WeiboPackFixtures.onePack(root, "pipes")
        try FileManager.default.removeItem(at: pack.appendingPathComponent("d_haha.png"))
        Self.mkfifo(pack.appendingPathComponent("d_haha.png"))
        let error = #expect(throws: GenerationError.self) {
            _ = try Generator(
                options: {
                    var o = GeneratorOptions(inputs: [pack], output: root.appendingPathComponent("out")); o.widths = [375]; return o
                }()
            ).run()
        }
        #expect(error?.description == #"pipes/info.plist: entry 0 ("[哈哈]"): png: pipes/d_haha.png: cannot read file (is a named pipe (FIFO), not a regular file)"#)
    }

    /// A named pipe as a folder's info.plist hung the pack survey (the bundle check read it with
    /// a blocking open); now the plist is refused at once, naming the file.
    @Test func namedPipeAsInfoPlistIsRefused() throws {
        let root = Fixtures.temporaryDirectory()
        let pack = root.appendingPathComponent("piped")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        Self.mkfifo(pack.appendingPathComponent("info.plist"))
        var options = GeneratorOptions(inputs: [root], output: root.appendingPathComponent("out"))
        options.widths = [375]
        let error = #expect(throws: GenerationError.self) { _ = try Generator(options: options).plan() }
        #expect(error?.description.contains("info.plist: cannot read (is a named pipe (FIFO), not a regular file)") == true, "\(String(describing: error))")
    }

    /// `--delete-icon` pointing at a FIFO hung too.
    @Test func namedPipeAsDeleteIconIsRefused() throws {
        let root = Fixtures.temporaryDirectory()
        let pack = try WeiboPackFixtures.onePack(root, "p")
        let fifo = root.appendingPathComponent("delete.png")
        Self.mkfifo(fifo)
        var options = GeneratorOptions(inputs: [pack], output: root.appendingPathComponent("out"))
        options.widths = [375]
        options.deleteIcon = fifo
        let error = #expect(throws: GenerationError.self) { _ = try Generator(options: options).run() }
        #expect(error?.description.contains("is a named pipe (FIFO), not a regular file") == true)
    }

    /// `/dev/zero` said "You don't have permission"; devices are named as such, for images,
    /// plists and fonts alike.
    @Test func devicesAreRefusedClearly() throws {
        let zero = URL(fileURLWithPath: "/dev/zero")
        #expect(throws: RegularFile.Problem.notRegular(kind: "a device")) { _ = try RegularFile.read(zero, maxBytes: 1024) }
        let decode = #expect(throws: PNGError.self) { _ = try PNGDecoder().decode(contentsOf: zero) }
        #expect(decode?.description == "/dev/zero: cannot read file (is a device, not a regular file)")
        #expect(throws: PNGError.self) { _ = try PNGDecoder().peekSize(contentsOf: zero) }
        let root = Fixtures.temporaryDirectory()
        let pack = root.appendingPathComponent("z")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: pack.appendingPathComponent("Emoji.plist"), withDestinationURL: zero)
        let failure = #expect(throws: PackReader.Failure.self) { _ = try PackReader().read([pack]) }
        // /dev/zero is outside the pack: refused before it is opened.
        #expect(failure?.errors.map(\.description) == ["z/Emoji.plist: links outside the packs (to /dev/zero); refusing to read it"])
    }

    @Test func sizeCapIsCheckedBeforeReading() throws {
        let root = Fixtures.temporaryDirectory()
        let file = root.appendingPathComponent("big")
        try Data(count: 4096).write(to: file)
        #expect(throws: RegularFile.Problem.tooLarge(bytes: 4096, limit: 1000)) { _ = try RegularFile.read(file, maxBytes: 1000) }
        #expect(try RegularFile.read(file, maxBytes: 4096).count == 4096)
        #expect(try RegularFile.readPrefix(file, count: 33).count == 33)
    }

    /// A symlinked 12 MB `info.plist` passed the 10 MB limit (its link was measured).
    @Test func symlinkedPlistObeysTheSizeLimit() throws {
        let root = Fixtures.temporaryDirectory()
        let pack = try WeiboPackFixtures.onePack(root, "big")
        let real = pack.appendingPathComponent("real.plist")
        try Data(count: 12 * 1024 * 1024).write(to: real)
        try FileManager.default.removeItem(at: pack.appendingPathComponent("info.plist"))
        try FileManager.default.createSymbolicLink(at: pack.appendingPathComponent("info.plist"), withDestinationURL: real)
        let failure = #expect(throws: PackReader.Failure.self) { _ = try PackReader().read([pack]) }
        #expect(failure?.errors.map { Printed.text($0.diagnostic) } == ["big/info.plist: plist is 12 MB; the limit is 10 MB (raise it with --max-plist-size)"])
    }
}
