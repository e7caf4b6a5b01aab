import Checksum
import Foundation
import Imaging
import Settings
import TextEscaping

/// `emokit inspect IMAGE...`: how emokit sees each image.
enum InspectCommand {
    static let spec = CommandSpec(
        name: "inspect",
        abstract: "Show how emokit decodes images: size, stored format and a hash of the RGBA8 pixels.",
        positionalName: "image", positionalHelp: "PNG files to inspect.", minimumPositionals: 1,
        // The image limits are generate's rows: the same ranges, defaults and help.
        options: OptionSpec.settings(["max-width", "max-height", "max-pixels"]) + [
            .flag("json", help: "Print one JSON array on stdout instead of lines (refused files carry 'error').")
        ],
        discussion: """
            Prints one tab-separated line per file: the path as given, WIDTHxHEIGHT, the stored format
            (e.g. 'palette 4-bit +tRNS') and the SHA-256 of the decoded straight RGBA8 bytes (rows top to
            bottom, no padding). A refused file gets an 'error:' line on stderr; the others are still
            inspected, and the exit status is 1 if any file was refused. With --json, stdout is one JSON
            array of {"path", "width", "height", "format", "rgbaSHA256"} or {"path", "error"} in argument order.
            """)

    /// One file in `--json` output.
    struct Record: Encodable {
        let path: String
        var width: Int?, height: Int?, format: String?, rgbaSHA256: String?, error: String?
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        var limits = PNGDecoder.Limits()
        if let v = try arguments.number("max-width") { limits.maxWidth = Int(v) }
        if let v = try arguments.number("max-height") { limits.maxHeight = Int(v) }
        if let v = try arguments.number("max-pixels") { limits.maxPixels = Int(v) }
        let decoder = PNGDecoder(limits: limits)
        let printer = DiagnosticPrinter(console)
        var failed = false
        var records: [Record] = []
        let json = arguments.has("json")
        for path in arguments.positionals {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                failed = true
                let message = "\(path): is a folder; inspect reads PNG files (e.g. emokit inspect \(path)/*.png)"
                printer.error("inspect-folder", message)
                records.append(Record(path: path, error: message))
                continue
            }
            do {
                let decoded = try decoder.decode(contentsOf: URL(fileURLWithPath: path), displayPath: path)
                let image = decoded.image
                let digest = SHA256.hexDigest(image.pixels)
                if json {
                    records.append(Record(path: path, width: image.width, height: image.height, format: "\(decoded.format)", rgbaSHA256: digest))
                } else {
                    console.out("\(Escape.terminal(path))\t\(image.width)x\(image.height)\t\(decoded.format)\t\(digest)")
                }
            } catch {
                failed = true
                printer.error("bad-image", error.description)
                records.append(Record(path: path, error: error.description))
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            if let data = try? encoder.encode(records) { console.out(String(decoding: data, as: UTF8.self)) }
        }
        return failed ? .inputError : .success
    }
}
