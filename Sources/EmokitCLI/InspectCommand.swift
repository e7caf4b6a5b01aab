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
        positionalName: "image", positionalHelp: "PNG, JPEG, WebP, BMP or GIF files to inspect.", minimumPositionals: 1,
        // The image limits are generate's rows: the same ranges, defaults and help.
        options: OptionSpec.settings(["max-width", "max-height", "max-pixels"]) + [
            .flag("json", help: "Print one JSON array on stdout instead of lines (refused files carry 'error').")
        ],
        discussion: """
            Prints one tab-separated line per file: the path as given, WIDTHxHEIGHT, the stored format
            (e.g. 'palette 4-bit +tRNS') and the SHA-256 of the decoded straight RGBA8 bytes (rows top to
            bottom, no padding). A GIF's format says its frames, how long one play lasts and how often it
            loops ('GIF 12 frames, 1200 ms, loops forever'); its hash is of the first frame, the picture
            emokit puts on a sheet. A refused file gets an 'error:' line on stderr; the others are still
            inspected, and the exit status is 1 if any file was refused. With --json, stdout is one JSON
            array of {"path", "width", "height", "format", "rgbaSHA256"} (a GIF adds "frames", "durationMs"
            and "loopCount", 0 for forever, absent when it plays once) or {"path", "error"} in argument order.
            """)

    /// One file in `--json` output.
    struct Record: Encodable {
        let path: String
        var width: Int?, height: Int?, format: String?, rgbaSHA256: String?, error: String?
        var frames: Int?, durationMs: Int?, loopCount: Int?
    }

    /// Whether the file is a `.gif` starting with a GIF signature (GIFs are read by their own
    /// decoder, as `generate` reads a pack's animations). A GIF named `.png` is read as the PNG
    /// its name says and refused ("looks like GIF"), as a pack's `.png` is.
    static func isGIF(_ path: String) -> Bool {
        guard path.lowercased().hasSuffix(".gif"), let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 6)) ?? Data()
        return head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8))
    }

    /// A GIF's format column: frames, one play's length and its looping.
    static func gifFormat(_ info: GIFDecoder.Info) -> String {
        let loop: String
        switch info.loopCount {
        case nil: loop = "plays once"
        case 0?: loop = "loops forever"
        case let count?: loop = "loops \(count) times"
        }
        return "GIF \(info.frames) frame\(info.frames == 1 ? "" : "s"), \(info.durationMs) ms, \(loop)"
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        var limits = PNGDecoder.Limits()
        var gifLimits = GIFDecoder.Limits()
        if let v = try arguments.number("max-width") { (limits.maxWidth, gifLimits.maxWidth) = (Int(v), Int(v)) }
        if let v = try arguments.number("max-height") { (limits.maxHeight, gifLimits.maxHeight) = (Int(v), Int(v)) }
        if let v = try arguments.number("max-pixels") { (limits.maxPixels, gifLimits.maxPixels) = (Int(v), Int(v)) }
        let decoder = PNGDecoder(limits: limits)
        let printer = DiagnosticPrinter(console)
        var failed = false
        var records: [Record] = []
        let json = arguments.has("json")
        for path in arguments.positionals {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                failed = true
                let message = "\(path): is a folder; inspect reads PNG and GIF files (e.g. emokit inspect \(path)/*.png)"
                printer.error("inspect-folder", message)
                records.append(Record(path: path, error: message))
                continue
            }
            if isGIF(path) {
                do {
                    let decoded = try GIFDecoder(limits: gifLimits).decode(contentsOf: URL(fileURLWithPath: path), displayPath: path)
                    let (info, digest) = (decoded.info, SHA256.hexDigest(decoded.firstFrame.pixels))
                    if json {
                        var record = Record(path: path, width: info.width, height: info.height, format: gifFormat(info), rgbaSHA256: digest)
                        (record.frames, record.durationMs, record.loopCount) = (info.frames, info.durationMs, info.loopCount)
                        records.append(record)
                    } else {
                        console.out("\(Escape.terminal(path))\t\(info.width)x\(info.height)\t\(gifFormat(info))\t\(digest)")
                    }
                } catch {
                    failed = true
                    printer.error("bad-image", error.description)
                    records.append(Record(path: path, error: error.description))
                }
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
