import Checksum
import Foundation
import Pipeline
import TestSupport

/// Whole pipeline runs for tests whose subject needs a finished output as its input (site
/// outputs, publishing, the emoji keyboard, the CLI): options, a run, and the output's digests.
public enum PipelineRun {
    public static func options(_ inputs: [URL], out: URL, widths: [Int] = [375], scales: [Int] = [2]) -> GeneratorOptions {
        var options = GeneratorOptions(inputs: inputs, output: out)
        options.widths = widths
        options.scales = scales
        return options
    }

    @discardableResult
    public static func generate(
        _ inputs: [URL], out: URL, widths: [Int] = [375], configure: (inout GeneratorOptions) -> Void = { _ in }
    ) throws -> Generator.Report {
        var options = GeneratorOptions(inputs: inputs, output: out)
        options.widths = widths
        configure(&options)
        return try Generator(options: options).run()
    }

    /// Path (relative to `root`, with a leading `/`) → SHA-256 of every file under `root`.
    public static func digests(_ root: URL) -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if isDirectory.boolValue { continue }
            let relative = String(url.path.dropFirst(root.path.count))
            files[relative] = SHA256.hexDigest([UInt8]((try? Data(contentsOf: url)) ?? Data()))
        }
        return files
    }
}
