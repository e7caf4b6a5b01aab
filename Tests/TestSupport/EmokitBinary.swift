import Foundation

/// The `emokit` executable built with the tests (it sits beside the test bundle in the build
/// folder), run as a separate process; or the one `EMOKIT_TEST_BINARY` names.
///
/// Why the variable: `.ci/test` builds the release binary in the same run (the one the scripts
/// and the browser tests check) and hands it to the tests, whose whole-range runs (`--widths`
/// 320...1366, every layout at seven widths) cost several times more CPU in the debug binary. The
/// sources are the same, and no check in them is debug-only (no `assert`; overflow and bounds
/// checks are kept in release builds).
public enum EmokitBinary {
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    public static func locate() throws -> URL {
        if let named = ProcessInfo.processInfo.environment["EMOKIT_TEST_BINARY"], !named.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: named) else {
                throw Failure(message: "EMOKIT_TEST_BINARY names no executable: \(named)")
            }
            return URL(fileURLWithPath: named)
        }
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
