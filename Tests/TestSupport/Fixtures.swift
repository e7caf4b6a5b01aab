import Foundation

/// Where tests find their inputs: the package root (from `#filePath`), the read-only `../shared`
/// corpus beside it, and a fresh temporary folder per test.
public enum Fixtures {
    public static let packageRoot: URL = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()

    /// `../shared` relative to the package root, or `EMOKIT_SHARED`. Tests that need it stop the
    /// run with one line saying where it looked and how to point at it (`sharedMissing`), instead
    /// of passing vacuously or trapping with a backtrace that buries the reason.
    public static let shared: URL = {
        let url = sharedLocation(environment: ProcessInfo.processInfo.environment)
        if let line = sharedMissing(at: url) {
            FileHandle.standardError.write(Data((line + "\n").utf8))
            exit(2)
        }
        return url
    }()

    /// Where the corpus is looked for: `EMOKIT_SHARED`, else `shared` beside the package root.
    public static func sharedLocation(environment: [String: String]) -> URL {
        if let override = environment["EMOKIT_SHARED"], !override.isEmpty { return URL(fileURLWithPath: override) }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }

    /// The one line a run without the corpus prints (the same words as `.ci/test`), or nil.
    public static func sharedMissing(at url: URL) -> String? {
        var isDirectory: ObjCBool = false
        let conformance = url.appendingPathComponent("conformance")
        if FileManager.default.fileExists(atPath: conformance.path, isDirectory: &isDirectory) && isDirectory.boolValue { return nil }
        let beside = packageRoot.deletingLastPathComponent().appendingPathComponent("shared").path
        return "error: the conformance corpus is missing: looked for \(conformance.path); the tests need emokit's shared folder "
            + "(conformance cases, seeds): put it at \(beside) or set EMOKIT_SHARED=/path/to/shared"
    }

    public static var conformance: URL { shared.appendingPathComponent("conformance") }

    /// The sample packs shipped with emokit.
    public static let samplePacks = packageRoot.appendingPathComponent("Assets/SamplePacks")

    /// A cut-down `emoji-test.txt` for emoji keyboard runs (shared by the EmojiTabs and CLI tests).
    public static let emojiKeyboardData = packageRoot.appendingPathComponent("Tests/TestSupport/Fixtures/emoji-keyboard/emoji-test.txt")

    public static func temporaryDirectory(_ name: String = #function) -> URL {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("emokit-tests")
            .appendingPathComponent("\(safe)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Copies a pack (or any file or folder) to `destination`, making its parent folders.
    public static func copy(_ source: URL, to destination: URL) throws {
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: destination)
    }

    /// Rows of a tab-separated file, skipping `#` comments; the first remaining row is the header.
    public static func tsvRecords(_ url: URL) -> [[String: String]] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            preconditionFailure("cannot read \(url.path)")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).filter { !$0.hasPrefix("#") }
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else { return [] }
        return lines.dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            var record: [String: String] = [:]
            for (key, value) in zip(header, fields) { record[key] = value }
            return record
        }
    }
}

/// A small deterministic generator (SplitMix64) so "random" test images are the same every run.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
