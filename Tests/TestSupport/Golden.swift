import Foundation
import Testing

/// Every golden file and snapshot the tests compare with (manifests, `--help` text, asset catalog
/// files, the generated `Documentation/Options.md`), behind one record switch: run with
/// `EMOKIT_RECORD=1` to write what the code produces now instead of comparing.
///
/// Why one helper: a change in what emokit writes or says must show as a diff against a file in
/// the repository, re-recorded only on purpose. With one switch there is one command to learn
/// (`EMOKIT_RECORD=1 swift test --filter X`), and every recorder behaves the same way: a
/// recording run writes the files and FAILS, so a golden can never pass by being compared with
/// itself; the next run, without the variable, compares. `Tests/Scripts/output-pins.sh` reads
/// the same variable.
public enum Golden {
    /// The environment variable that switches every golden test from comparing to recording.
    public static let recordVariable = "EMOKIT_RECORD"

    /// Whether this run records (`EMOKIT_RECORD=1`) instead of comparing.
    public static var recording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    /// Compares `produced` with the file at `file`, or records it there (and fails) in record mode.
    /// A difference is reported at its first differing line, with the re-record command.
    public static func check(_ produced: Data, against file: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if recording {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try produced.write(to: file)
            Issue.record("recorded \(name(of: file)); run again without \(recordVariable) to compare", sourceLocation: sourceLocation)
            return
        }
        guard FileManager.default.fileExists(atPath: file.path) else {
            Issue.record("\(name(of: file)) does not exist; record it on purpose with \(recordVariable)=1", sourceLocation: sourceLocation)
            return
        }
        let expected = try Data(contentsOf: file)
        guard produced != expected else { return }
        Issue.record("\(name(of: file)) differs \(firstDifference(produced, expected)) (re-record on purpose with \(recordVariable)=1)", sourceLocation: sourceLocation)
    }

    /// `check(_:against:)` for text, compared as its UTF-8 bytes.
    public static func check(_ produced: String, against file: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(Data(produced.utf8), against: file, sourceLocation: sourceLocation)
    }

    /// Compares a set of files (path relative to `folder` -> bytes) with the files under `folder`
    /// that `include` selects: the same paths, each with the same bytes. In record mode the
    /// folder is replaced by `produced` (and the test fails).
    public static func check(
        files produced: [String: Data], against folder: URL, including include: (String) -> Bool = { _ in true },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        if recording {
            try? FileManager.default.removeItem(at: folder)
            for (path, data) in produced {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
            Issue.record("recorded \(name(of: folder)); run again without \(recordVariable) to compare", sourceLocation: sourceLocation)
            return
        }
        let expected = try files(under: folder).filter { include($0.key) }
        let missing = expected.keys.filter { produced[$0] == nil }.sorted()
        let extra = produced.keys.filter { expected[$0] == nil }.sorted()
        if !missing.isEmpty || !extra.isEmpty {
            Issue.record(
                "\(name(of: folder)): files not produced \(missing), produced but not recorded \(extra) (re-record on purpose with \(recordVariable)=1)",
                sourceLocation: sourceLocation)
        }
        for (path, data) in expected.sorted(by: { $0.key < $1.key }) {
            guard let got = produced[path], got != data else { continue }
            Issue.record(
                "\(name(of: folder))/\(path) differs \(firstDifference(got, data)) (re-record on purpose with \(recordVariable)=1)",
                sourceLocation: sourceLocation)
        }
    }

    /// Every file under `folder`, by path relative to it.
    public static func files(under folder: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let root = folder.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            found[String(url.standardizedFileURL.path.dropFirst(root.count + 1))] = try Data(contentsOf: url)
        }
        return found
    }

    /// "at line N: got X, expected Y", for text; the sizes for bytes that are not text.
    static func firstDifference(_ produced: Data, _ expected: Data) -> String {
        guard let new = String(data: produced, encoding: .utf8), let old = String(data: expected, encoding: .utf8) else {
            return "(\(produced.count) bytes, recorded \(expected.count))"
        }
        let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
        let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
        let line = Array(zip(newLines, oldLines)).firstIndex { $0.0 != $0.1 } ?? min(newLines.count, oldLines.count)
        let got = line < newLines.count ? String(newLines[line]) : "(end)"
        let want = line < oldLines.count ? String(oldLines[line]) : "(end)"
        return "at line \(line + 1): got \(got), expected \(want)"
    }

    /// The file's path from the package root, as messages show it.
    static func name(of url: URL) -> String {
        let root = Fixtures.packageRoot.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }
}
