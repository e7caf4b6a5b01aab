import EmoticonManifest
import Foundation
import TestSupport
import Testing

/// `emokit inspect`: one line per file, JSON, and folders.
struct InspectCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { CLIRun.invoke(arguments) }

    @Test func inspectPrintsOneLinePerFile() {
        let good = Fixtures.conformance.appendingPathComponent("bad-png/control-good-64x64.png").path
        let bad = Fixtures.conformance.appendingPathComponent("bad-png/jpeg-renamed.png").path
        let result = run(["inspect", good, bad])
        #expect(result.status == 1)
        #expect(result.out == "\(good)\t64x64\trgba 8-bit\t4d287501a2e1275a7d335f55baecf69a364b72fe4582a9314f9f2fa6594f6cc9\n")
        #expect(result.err == "error: \(bad): not a PNG file (looks like JPEG; name it .jpg and emokit reads it as one)\n")
        let palette = Fixtures.conformance.appendingPathComponent("pngsuite/libpng-pngsuite/basn3p04.png").path
        #expect(run(["inspect", palette]).out.contains("\tpalette 4-bit\t"))
        let interlaced = Fixtures.conformance.appendingPathComponent("pngsuite/libpng-pngsuite/ibasn6a16.png").path
        #expect(run(["inspect", interlaced]).out.contains("\trgba 16-bit interlaced\t"))
    }

    /// `inspect --json`: the same facts as the lines, as one array in argument order; a refused
    /// file carries its error and the exit status stays 1.
    @Test func inspectJSON() throws {
        let dir = Fixtures.temporaryDirectory()
        let good = Fixtures.samplePacks.appendingPathComponent("faces/f_haha.png").path
        let bad = dir.appendingPathComponent("bad.png")
        try Data("not a png".utf8).write(to: bad)
        let lines = run(["inspect", good])
        let fields = lines.out.split(separator: "\n")[0].split(separator: "\t").map(String.init)
        let result = run(["inspect", "--json", good, bad.path])
        #expect(result.status == 1 && result.err.contains("error: "))
        let records = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
        #expect(records.count == 2)
        #expect(records[0]["path"] as? String == good && records[0]["error"] == nil)
        #expect("\(records[0]["width"]!)x\(records[0]["height"]!)" == fields[1])
        #expect(records[0]["format"] as? String == fields[2] && records[0]["rgbaSHA256"] as? String == fields[3])
        #expect(records[1]["path"] as? String == bad.path && (records[1]["error"] as? String)?.contains("bad.png") == true && records[1]["width"] == nil)
    }

    @Test func inspectOnAFolderSaysSo() {
        let folder = Fixtures.packageRoot.appendingPathComponent("Assets").path
        let result = run(["inspect", folder])
        #expect(result.status == 1)
        #expect(result.err == "error: \(folder): is a folder; inspect reads PNG and GIF files (e.g. emokit inspect \(folder)/*.png)\n")
    }

    /// A GIF is inspected as generate reads it (it was "not a PNG file (looks like GIF)"): its
    /// size, frames, one play's length and its looping; the hash is of the first frame.
    @Test func inspectReadsGIFs() throws {
        let dir = Fixtures.temporaryDirectory()
        let frames: [GIFWriter.Frame] = [
            .solid(width: 40, height: 30, index: 1, delayCentiseconds: 20), .solid(width: 40, height: 30, index: 2, delayCentiseconds: 30),
        ]
        let forever = dir.appendingPathComponent("forever.gif"), once = dir.appendingPathComponent("once.gif")
        try Data(GIFWriter.encode(width: 40, height: 30, palette: GIFWriter.fourColours, loopCount: 0, frames: frames)).write(to: forever)
        try Data(GIFWriter.encode(width: 40, height: 30, palette: GIFWriter.fourColours, loopCount: nil, frames: frames)).write(to: once)
        let result = run(["inspect", forever.path, once.path])
        #expect(result.status == 0 && result.err == "")
        let lines = result.out.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.count == 2)
        #expect(lines[0].prefix(3) == [forever.path, "40x30", "GIF 2 frames, 500 ms, loops forever"])
        #expect(lines[1].prefix(3) == [once.path, "40x30", "GIF 2 frames, 500 ms, plays once"])
        #expect(lines[0][3].count == 64)
        let json = run(["inspect", "--json", forever.path])
        let records = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(records.first?["frames"] as? Int == 2 && records.first?["durationMs"] as? Int == 500 && records.first?["loopCount"] as? Int == 0)
        // A damaged GIF is refused with the GIF reader's reason, not "not a PNG".
        let broken = dir.appendingPathComponent("broken.gif")
        try Data(Array("GIF89a".utf8) + [1, 2]).write(to: broken)
        let refused = run(["inspect", broken.path])
        #expect(refused.status == 1 && refused.err.hasPrefix("error: \(broken.path): ") && !refused.err.contains("PNG"))
        // A GIF named .png is no PNG, as a pack's .png is not (the conformance case gif-renamed.png).
        let renamed = dir.appendingPathComponent("renamed.png")
        try FileManager.default.copyItem(at: forever, to: renamed)
        let notPNG = run(["inspect", renamed.path])
        #expect(notPNG.status == 1 && notPNG.err.contains("not a PNG file (looks like GIF)"))
    }
}
