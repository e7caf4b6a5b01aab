import Checksum
import Foundation
import Pipeline
import PipelineTestSupport
import TestSupport
import Testing

/// Sealing the output: `SHA256SUMS`.
struct SealTests {
    /// `SHA256SUMS` lists every file but itself, sorted, and `sha256sum -c` accepts it.
    @Test func checksumsListEveryFileAndVerify() throws {
        let out = Fixtures.temporaryDirectory().appendingPathComponent("out")
        _ = try Generator(options: PipelineRun.options([Fixtures.samplePacks], out: out)).run()
        let lines = try String(contentsOf: out.appendingPathComponent("SHA256SUMS"), encoding: .utf8).split(separator: "\n").map(String.init)
        let listed = lines.map { String($0.dropFirst(66)) }
        #expect(listed == FileTree.files(out).filter { $0 != "SHA256SUMS" })
        #expect(listed.contains("index.html") && listed.contains("manifests/375.json") && listed.contains(".emokit-output"))
        for line in lines {
            let path = String(line.dropFirst(66))
            let digest = SHA256.hexDigest([UInt8](try Data(contentsOf: out.appendingPathComponent(path))))
            #expect(line == "\(digest)  \(path)")
        }
        let check = try Subprocess.tool("sha256sum", ["--strict", "-c", "SHA256SUMS"], in: out)
        #expect(check.status == 0, "sha256sum -c: \(check.stdout) \(check.stderr)")
        // A changed file is caught.
        try Data("tampered".utf8).write(to: out.appendingPathComponent("manifests/375.json"))
        #expect(try Subprocess.tool("sha256sum", ["--quiet", "-c", "SHA256SUMS"], in: out).status != 0)
    }
}
