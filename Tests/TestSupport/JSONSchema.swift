import Foundation

/// The manifest's JSON Schema and the independent validator (check-jsonschema) that checks
/// manifests against it.
public enum JSONSchema {
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    public static let schema = Fixtures.packageRoot.appendingPathComponent("Schemas/manifest.schema.json")

    /// Runs check-jsonschema; throws (failing the test loudly) when it is not installed.
    public static func check(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try Subprocess.tool("check-jsonschema", arguments)
        let output = result.stdout + result.stderr
        if result.status == 127 { throw Failure(message: "check-jsonschema is not installed (run .ci/install): \(output)") }
        return (result.status, output)
    }
}
