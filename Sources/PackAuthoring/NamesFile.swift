import EmoticonPacks
import Foundation

/// `names.tsv` beside the images: the texts of each image's entry, so a team's Chinese (or any)
/// names need no script. `emokit init` and `init --update` read it for the entries they write.
///
/// One line per image, tab-separated: the image's name (`d_666`, or a file name such as
/// `d_666.png` or `d_666@2x.png`, which name the same image), its `chs` (what a tap inserts, as
/// written: `[六六六]`) and optionally its `cht` (the traditional text). Blank lines and lines
/// starting with `#` are skipped. A line that is not that shape, or a second line for one image,
/// is refused with its line number: a typo must not silently give an entry the default text.
public struct NamesFile: Equatable, Sendable {
    public static let fileName = "names.tsv"

    public struct Texts: Equatable, Sendable {
        public let chs: String
        public let cht: String?
        /// The line the texts came from (for messages).
        public let line: Int
    }

    /// By image name (without scale and extension).
    public let texts: [String: Texts]

    public init(texts: [String: Texts] = [:]) { self.texts = texts }

    /// Reads `names.tsv` from `folder` under generate's rules for a pack's files
    /// (`PackFileReader`); an empty file when there is none.
    public static func read(in folder: URL, display: String) throws(PackStarterError) -> NamesFile {
        guard let data = try PackFileReader.read(fileName, in: folder, display: display) else { return NamesFile() }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .badNames([.init(file: "\(display)/\(fileName)", reason: "not UTF-8 text; save it as UTF-8")])
        }
        return try parse(text, display: "\(display)/\(fileName)")
    }

    /// The lines of a names file (`display` names it in messages); every bad line at once.
    public static func parse(_ text: String, display: String) throws(PackStarterError) -> NamesFile {
        var texts: [String: Texts] = [:]
        var problems: [PackStarterError.NameProblem] = []
        // "\r\n" is one Character in Swift: lines end at any of LF, CRLF (Excel, Notepad) or CR.
        for (offset, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).enumerated() {
            let number = offset + 1
            let line = String(raw)
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let place = "\(display):\(number)"
            guard fields.count == 2 || fields.count == 3, !fields[0].isEmpty, !fields[1].isEmpty else {
                problems.append(.init(file: place, reason: "expected an image name, a tab, its chs text (and optionally a tab and its cht text)"))
                continue
            }
            // The texts go into an XML plist, which cannot hold control characters or noncharacters.
            if let bad = fields.joined().unicodeScalars.first(where: { $0.properties.generalCategory == .control || $0.properties.isNoncharacterCodePoint }) {
                problems.append(.init(file: place, reason: "\(String(format: "U+%04X", bad.value)) is not a character a plist text can hold"))
                continue
            }
            let name = imageName(fields[0])
            if let earlier = texts[name] {
                problems.append(.init(file: place, reason: "\(name) is named on line \(earlier.line) already; keep one line per image"))
                continue
            }
            let cht = fields.count == 3 && !fields[2].isEmpty ? fields[2] : nil
            texts[name] = Texts(chs: fields[1], cht: cht, line: number)
        }
        if !problems.isEmpty { throw .badNames(problems) }
        return NamesFile(texts: texts)
    }

    /// `d_666` for `d_666`, `d_666.png`, `d_666@3x.png` or `d_666.gif`.
    static func imageName(_ field: String) -> String {
        var name = field
        let ext = (name as NSString).pathExtension.lowercased()
        if ImageNaming.imageExtensions.contains(ext) { name = (name as NSString).deletingPathExtension }
        if name.hasSuffix("@2x") || name.hasSuffix("@3x") { name = String(name.dropLast(3)) }
        return name
    }
}
