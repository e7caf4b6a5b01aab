import FileAccess
import Foundation
import Testing

/// Untrusted files are read only when they are regular files within their cap: a FIFO would
/// block a run forever, a device or a huge file would fill memory.
struct RegularFileTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("emokit-fileaccess-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func readsWithinTheCapAndRefusesPastIt() throws {
        let file = try folder().appendingPathComponent("a.bin")
        try Data(repeating: 7, count: 3000).write(to: file)
        #expect(try RegularFile.read(file, maxBytes: 3000).count == 3000)
        #expect(throws: RegularFile.Problem.tooLarge(bytes: 3000, limit: 2999)) { try RegularFile.read(file, maxBytes: 2999) }
        #expect(try RegularFile.readPrefix(file, count: 8) == Data(repeating: 7, count: 8))
        #expect(RegularFile.Problem.tooLarge(bytes: 12 * 1_048_576, limit: 10 * 1_048_576).description == "the file is 12 MB; the limit is 10 MB")
    }

    @Test func refusesWhatIsNotARegularFile() throws {
        let dir = try folder()
        #expect(throws: RegularFile.Problem.notFound) { try RegularFile.read(dir.appendingPathComponent("missing"), maxBytes: 10) }
        // A named pipe with no writer: opened without blocking and refused by kind.
        let fifo = dir.appendingPathComponent("pipe.png")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: RegularFile.Problem.notRegular(kind: "a named pipe (FIFO)")) { try RegularFile.read(fifo, maxBytes: 10) }
        #expect(RegularFile.kind(of: fifo) == "a named pipe (FIFO)")
        #expect(throws: RegularFile.Problem.self) { try RegularFile.read(URL(fileURLWithPath: "/dev/zero"), maxBytes: 10) }
        #expect(throws: RegularFile.Problem.self) { try RegularFile.read(dir, maxBytes: 10) }
    }

    @Test func anOpenFileIsReadAtOffsetsWithinItsSizeAtOpen() throws {
        let file = try folder().appendingPathComponent("font.bin")
        try Data((0..<200).map { UInt8($0) }).write(to: file)
        let open = try OpenRegularFile(file, maxBytes: 1000)
        #expect(open.size == 200)
        #expect(try open.read(at: 10, count: 3) == [10, 11, 12])
        #expect(throws: RegularFile.Problem.self) { try open.read(at: 199, count: 2) }
        #expect(throws: RegularFile.Problem.self) { try open.read(at: -1, count: 1) }
        #expect(throws: RegularFile.Problem.tooLarge(bytes: 200, limit: 100)) { try OpenRegularFile(file, maxBytes: 100) }
    }
}
