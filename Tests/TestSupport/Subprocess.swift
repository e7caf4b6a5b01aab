import Foundation

/// Runs a program for a test (an independent reader such as fontTools or Pillow, or the built
/// `emokit` itself) and collects its exit status and output. Standard error goes through a
/// temporary file, so a chatty program can never block on a full pipe.
public enum Subprocess {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// Everything `handle` gives until end of file. Foundation's `readDataToEndOfFile()` traps
    /// (`try!`) when a signal interrupts its read, as one did while another test's child exited
    /// under load; this reads with `read(2)` and retries on `EINTR`.
    public static func readAll(_ handle: FileHandle) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(buffer, count: count)
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }

    /// `program` found on `PATH` (through `/usr/bin/env`); status 127 means it is not installed.
    public static func tool(_ program: String, _ arguments: [String], in folder: URL? = nil) throws -> Result {
        try run(URL(fileURLWithPath: "/usr/bin/env"), [program] + arguments, currentDirectory: folder)
    }

    /// `environment` entries set (or, when nil, remove) variables of this process's environment.
    public static func run(
        _ executable: URL, _ arguments: [String], environment changes: [String: String?] = [:], currentDirectory: URL? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in changes { environment[key] = value }
        process.environment = environment
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("emokit-subprocess-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errors = try FileHandle(forWritingTo: errorFile)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = readAll(output.fileHandleForReading)
        process.waitUntilExit()
        try errors.close()
        let errorText = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return Result(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self), stderr: errorText)
    }
}
