import Foundation

/// The `emokit` executable built with the tests (it sits beside the test bundle in the build
/// folder), run as a separate process.
public enum EmokitBinary {
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    public static func locate() throws -> URL {
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        folders.append(Fixtures.packageRoot.appendingPathComponent(".build/debug"))
        for folder in folders {
            let candidate = folder.appendingPathComponent("emokit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(message: "no emokit executable beside the tests (looked in \(folders.map(\.path))); build with `swift build --build-tests`")
    }

    /// Runs emokit with `arguments` in the package root; `environment` entries set (or, when nil,
    /// remove) variables.
    @discardableResult
    public static func run(_ arguments: [String], environment changes: [String: String?] = [:]) throws -> (status: Int32, stderr: String) {
        let result = try Subprocess.run(try locate(), arguments, environment: changes, currentDirectory: Fixtures.packageRoot)
        return (result.status, result.stderr)
    }
}
