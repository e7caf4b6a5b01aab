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
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errors.close()
        let errorText = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return Result(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self), stderr: errorText)
    }
}
