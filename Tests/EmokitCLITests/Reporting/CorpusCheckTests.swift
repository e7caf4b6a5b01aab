import Foundation
import TestSupport
import Testing

/// A machine without the conformance corpus is told so in one line, by `.ci/test` before anything
/// runs and by the tests that read it (never a trap and a backtrace).
struct CorpusCheckTests {
    @Test func ciTestStopsWithOneLineWhenTheCorpusIsMissing() throws {
        let missing = Fixtures.temporaryDirectory().appendingPathComponent("no-shared")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Fixtures.packageRoot.appendingPathComponent(".ci/test").path]
        var environment = ProcessInfo.processInfo.environment
        environment["EMOKIT_SHARED"] = missing.path
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errorText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let outputText = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(outputText == "")
        let lines = errorText.split(separator: "\n")
        #expect(lines.count == 1)
        // Where it looked, what it needs, how to point at it; the same words as the tests' own check.
        #expect(errorText.contains("looked for \(missing.path)/conformance"))
        #expect(errorText.contains("set EMOKIT_SHARED="))
        #expect(lines.first.map(String.init) == Fixtures.sharedMissing(at: missing))
    }

    @Test func theTestsNameTheCorpusTheyMissInOneLine() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/shared")
        #expect(Fixtures.sharedLocation(environment: ["EMOKIT_SHARED": missing.path]) == missing)
        #expect(Fixtures.sharedLocation(environment: [:]) == Fixtures.packageRoot.deletingLastPathComponent().appendingPathComponent("shared"))
        let line = try #require(Fixtures.sharedMissing(at: missing))
        #expect(!line.contains("\n"))
        #expect(line.contains("/nonexistent/shared/conformance"))
        #expect(Fixtures.sharedMissing(at: Fixtures.shared) == nil)
    }
}
