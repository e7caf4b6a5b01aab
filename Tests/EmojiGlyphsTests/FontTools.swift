import Foundation
import TestSupport

/// Runs `Tests/Scripts/font_glyph_map.py` (fontTools) so font tests compare against a reader
/// that shares no code with emokit's.
enum FontTools {
    /// One code-point sequence and the glyph fontTools says it reaches.
    struct Mapping {
        var kind: String  // "cmap" or "liga"
        var hex: String
        var scalars: [Unicode.Scalar]
        var glyph: Int
    }

    struct GlyphMap {
        var mappings: [Mapping]
        /// Distinct glyphs with a bitmap in any strike.
        var bitmapGlyphs: Int
    }

    struct Failure: Error { let message: String }

    static let available: Bool = (try? python(["-c", "import fontTools"]).status) == 0

    static func glyphMap(_ fontPath: String) throws -> GlyphMap {
        let script = Fixtures.packageRoot.appendingPathComponent("Tests/Scripts/font_glyph_map.py").path
        let result = try python([script, fontPath])
        guard result.status == 0 else { throw Failure(message: "font_glyph_map.py exited \(result.status)") }
        var map = GlyphMap(mappings: [], bitmapGlyphs: 0)
        for line in result.output.split(separator: "\n") {
            let fields = line.split(separator: "\t").map(String.init)
            if fields.count == 2, fields[0] == "bitmaps" { map.bitmapGlyphs = Int(fields[1]) ?? 0; continue }
            guard fields.count == 3, let glyph = Int(fields[2]) else { throw Failure(message: "unexpected line: \(line)") }
            let scalars = fields[1].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            map.mappings.append(Mapping(kind: fields[0], hex: fields[1], scalars: scalars, glyph: glyph))
        }
        return map
    }

    static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try Subprocess.tool("python3", arguments)
        return (result.status, result.stdout)
    }
}
