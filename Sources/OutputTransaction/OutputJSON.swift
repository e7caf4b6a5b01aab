import EmoticonManifest
import Foundation

/// The one way emokit writes a JSON file besides the manifests (asset catalog `Contents.json`,
/// web sprite atlases): the manifest's form (sorted keys, pretty-printed, unescaped slashes,
/// a final newline), so every JSON output is deterministic in the same way.
package enum OutputJSON {
    /// `value` encoded; a failure is an output error naming `path` (relative to the output).
    package static func data<T: Encodable>(_ value: T, path: String) throws(OutputError) -> Data {
        do {
            var data = try Manifest.encoder().encode(value)
            data.append(0x0A)
            return data
        } catch {
            throw .cannotWrite(path: path, reason: "\(error)")
        }
    }
}

extension OutputFolder {
    /// Writes `value` as JSON (see `OutputJSON`) to `path` inside the output.
    package func writeJSON<T: Encodable>(_ value: T, to path: String) throws(OutputError) {
        try write(OutputJSON.data(value, path: path), to: path)
    }
}
