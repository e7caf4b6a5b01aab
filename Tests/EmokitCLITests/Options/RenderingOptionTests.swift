import EmokitCLI
import EmoticonManifest
import Foundation
import Imaging
import TestSupport
import Testing

/// `--jobs` and `--compression max`: options that change how sheets are made, never what they show.
struct RenderingOptionTests {
    static let samples = Fixtures.packageRoot.appendingPathComponent("Assets/SamplePacks").path

    func run(_ arguments: [String]) -> (status: Int32, err: String) {
        let recorder = CLIRun.Recorder()
        let status = CLI.run(arguments, console: recorder.console)
        return (status, recorder.err)
    }

    /// Files under `sheets/` and `manifests/` by relative path.
    func sheetsAndManifests(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for folder in ["sheets", "manifests"] {
            let base = root.appendingPathComponent(folder)
            let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "png" || url.pathExtension == "json" else { continue }
                files[folder + String(url.path.dropFirst(base.path.count))] = try Data(contentsOf: url)
            }
        }
        return files
    }

    @Test func anyNumberOfJobsWritesTheSameBytes() throws {
        let tmp = Fixtures.temporaryDirectory()
        var outputs: [[String: Data]] = []
        for jobs in ["1", "2", "5"] {
            let out = tmp.appendingPathComponent("out-\(jobs)")
            #expect(run(["generate", Self.samples, "--out", out.path, "--widths", "320,414", "--jobs", jobs, "-q"]).status == 0)
            outputs.append(try sheetsAndManifests(out))
        }
        #expect(outputs[0].count > 6)
        #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
    }

    @Test func maximumCompressionIsSmallerWithTheSamePixels() throws {
        let tmp = Fixtures.temporaryDirectory()
        let normal = tmp.appendingPathComponent("normal"), small = tmp.appendingPathComponent("max")
        #expect(run(["generate", Self.samples, "--out", normal.path, "--widths", "375", "-q"]).status == 0)
        #expect(run(["generate", Self.samples, "--out", small.path, "--widths", "375", "--compression", "max", "-q"]).status == 0)
        let a = try sheetsAndManifests(normal).filter { $0.key.hasSuffix(".png") }
        let b = try sheetsAndManifests(small).filter { $0.key.hasSuffix(".png") }
        #expect(a.keys.sorted() == b.keys.sorted() && !a.isEmpty)
        #expect(b.values.reduce(0) { $0 + $1.count } < a.values.reduce(0) { $0 + $1.count })
        for (path, data) in a {
            let pixels = try PNGDecoder().decode(data, path: path).image
            #expect(try PNGDecoder().decode(b[path]!, path: path).image == pixels, "\(path)")
        }
    }

    @Test func badValuesAreUsageErrors() {
        #expect(run(["generate", Self.samples, "--jobs", "0"]).status == 2)
        #expect(run(["generate", Self.samples, "--jobs", "many"]).err.contains("'--jobs'"))
        #expect(run(["generate", Self.samples, "--compression", "maximum"]).err.contains("'--compression': expected a whole number from 0-9, or max"))
    }
}
