import Checksum
import Foundation
import Pipeline
import TestSupport

/// Helpers for the publishing tests: copies of the sample packs written in a chosen order with
/// chosen mtimes, whole-tree comparison, and running outside tools (tar, python3, sha256sum).
enum PublishingFixtures {
    static let samples = Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks")

    static func options(_ inputs: [URL], out: URL, widths: [Int] = [375], scales: [Int] = [2]) -> GeneratorOptions {
        var options = GeneratorOptions(inputs: inputs, output: out)
        options.widths = widths
        options.scales = scales
        return options
    }

    /// Every file of `folder` (recursively), sorted by path bytewise.
    static func files(_ folder: URL) -> [String] {
        var paths: [String] = []
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        let base = folder.resolvingSymlinksInPath().path
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            paths.append(String(url.resolvingSymlinksInPath().path.dropFirst(base.count + 1)))
        }
        return paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Relative path → file bytes.
    static func tree(_ folder: URL) -> [String: Data] {
        var tree: [String: Data] = [:]
        for path in files(folder) { tree[path] = try? Data(contentsOf: folder.appendingPathComponent(path)) }
        return tree
    }

    /// The paths whose bytes differ between two trees (or exist in only one).
    static func differences(_ a: URL, _ b: URL) -> [String] {
        let left = tree(a), right = tree(b)
        return Set(left.keys).union(right.keys).filter { left[$0] != right[$0] }.sorted()
    }

    /// Copies `source` into `destination`, creating files in reverse (or sorted) order and giving
    /// every copy the modification date `mtime`.
    static func copy(_ source: URL, to destination: URL, reverse: Bool, mtime: Date) throws {
        let fm = FileManager.default
        var paths = files(source)
        if reverse { paths.reverse() }
        for path in paths {
            let target = destination.appendingPathComponent(path)
            try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fm.copyItem(at: source.appendingPathComponent(path), to: target)
            try fm.setAttributes([.modificationDate: mtime], ofItemAtPath: target.path)
        }
    }

    /// Runs a program, returning its exit status and output.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}
