import Foundation
import TextMatching

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns one plist item into an `Entry`, checking every key's type and every file name.
struct EntryReader {
    let folder: URL
    let folderDisplay: String
    let plistDisplay: String
    /// How the app that made the pack reads it (see `PackDialect`).
    var dialect: PackDialect = .weibo
    /// The folder's files, its real path resolved once for all entries.
    let files: FolderFiles

    init(folder: URL, folderDisplay: String, plistDisplay: String, dialect: PackDialect = .weibo) {
        self.folder = folder
        self.folderDisplay = folderDisplay
        self.plistDisplay = plistDisplay
        self.dialect = dialect
        files = FolderFiles(folder: folder, display: folderDisplay)
    }

    func read(_ item: Any, index: Int, isEmojiArray: Bool) -> Result<Entry, PackError> {
        if dialect == .iconMap { return readMapItem(item, index: index) }
        if isEmojiArray {
            guard let text = item as? String, !PackReader.isBoolean(item) else {
                return .failure(error(index, "item", nil, "expected an emoji string, found \(PackReader.typeName(item))"))
            }
            if text.isEmpty { return .failure(error(index, "item", nil, "is an empty string")) }
            return .success(Entry(plistIndex: index, text: text, textTraditional: nil, name: EmojiText.name(of: text), content: .emoji(text)))
        }
        guard let dict = item as? [String: Any] else {
            return .failure(error(index, "entry", nil, "expected a dictionary, found \(PackReader.typeName(item))"))
        }
        // Text keys first, so later messages can name the entry by its chs.
        let chs: String?
        switch optionalString(dict, "chs") {
        case .failure(let reason): return .failure(error(index, "chs", nil, reason.message))
        case .success(let value): chs = value
        }
        let cht: String?
        switch optionalString(dict, "cht") {
        case .failure(let reason): return .failure(error(index, "cht", chs, reason.message))
        case .success(let value): cht = value
        }
        let type: Int
        switch entryType(dict["type"]) {
        case .failure(let reason): return .failure(error(index, "type", chs, reason.message))
        case .success(let value?): type = value
        case .success(nil):
            // `type` empty or missing: an image when the entry has a png (or only a gif), an
            // emoji when it has a code (YYKit reads "" as 0, the image type).
            type = dict["png"] == nil && dict["gif"] == nil && (dict["code"] != nil || dict["emoji"] != nil) ? 1 : 0
        }
        if type == 1 {
            return readEmoji(dict, index: index, chs: chs)
        }
        return readImage(dict, index: index, chs: chs, cht: cht)
    }

    /// An emoji entry inserts the emoji itself, so `cht` (traditional text) has no use here; it
    /// is still type-checked above like every entry's keys.
    private func readEmoji(_ dict: [String: Any], index: Int, chs: String?) -> Result<Entry, PackError> {
        let emoji: String
        if dialect == .yykit, let code = dict["code"] {
            switch Self.yykitCode(code) {
            case .success(let value): emoji = value
            case .failure(let reason): return .failure(error(index, "code", chs, reason.message))
            }
        } else if let code = dict["code"] {
            guard let codeText = code as? String, !PackReader.isBoolean(code) else {
                return .failure(error(index, "code", chs, "expected a string of hex code points, found \(PackReader.typeName(code))"))
            }
            switch EmojiText.parseCode(codeText) {
            case .success(let value): emoji = value
            case .failure(let reason): return .failure(error(index, "code", chs, "\(PackError.quote(codeText)) \(reason)"))
            }
        } else if let text = dict["emoji"] {
            guard let value = text as? String, !value.isEmpty else {
                return .failure(error(index, "emoji", chs, "expected a non-empty string"))
            }
            emoji = value
        } else {
            return .failure(error(index, "code", chs, "missing: an emoji entry (type 1) needs code (hex code points) or emoji"))
        }
        return .success(
            Entry(
                plistIndex: index, text: emoji, textTraditional: nil, name: chs.map(Self.bareName) ?? EmojiText.name(of: emoji),
                content: .emoji(emoji)))
    }

    private func readImage(_ dict: [String: Any], index: Int, chs: String?, cht: String?) -> Result<Entry, PackError> {
        guard let chs, !chs.isEmpty else {
            return .failure(error(index, "chs", nil, "missing: an image entry needs chs, the text a tap inserts"))
        }
        if let gif = dict["gif"], !(gif is String) || PackReader.isBoolean(gif) {
            return .failure(error(index, "gif", chs, "expected a file name, found \(PackReader.typeName(gif))"))
        }
        let gifName = (dict["gif"] as? String).flatMap { $0.isEmpty ? nil : $0 }
        if let gifName, let reason = FileNamePolicy.unsafeReason(gifName) {
            return .failure(error(index, "gif", chs, "unsafe path \(PackError.quote(gifName)): \(reason)"))
        }
        guard let pngValue = dict["png"] else {
            // Only an animation, present on disk: its first frame is the sprite. A gif named but
            // absent leaves the entry without any image: the png is what is missing.
            if let gifName, let variants = try? files.variants(of: gifName).get() {
                let file = ImageFile(name: gifName, variants: variants, format: .gif)
                return .success(Entry(plistIndex: index, text: chs, textTraditional: cht, name: Self.bareName(chs), content: .image(file), animation: file))
            }
            if dialect == .yykit {
                return .failure(.skippedEntry(path: plistDisplay, index: index, text: chs, reason: "an image entry without png (nor gif) is skipped, as YYKit skips it"))
            }
            return .failure(error(index, "png", chs, "missing: an image entry (type 0) needs png"))
        }
        guard let png = pngValue as? String, !PackReader.isBoolean(pngValue) else {
            return .failure(error(index, "png", chs, "expected a file name, found \(PackReader.typeName(pngValue))"))
        }
        if let reason = FileNamePolicy.unsafeReason(png) {
            return .failure(error(index, "png", chs, "unsafe path \(PackError.quote(png)): \(reason)"))
        }
        switch files.variants(of: png) {
        case .failure(let reason): return .failure(error(index, "png", chs, reason.message))
        case .success(let variants):
            // A gif named but absent is not an error: the app shows the png (Weibo's own
            // bundle lists gifs it does not ship).
            let animation = gifName.flatMap { name in
                try? files.variants(of: name).get()
            }.map { ImageFile(name: gifName!, variants: $0, format: .gif) }
            return .success(
                Entry(
                    plistIndex: index, text: chs, textTraditional: cht, name: Self.bareName(chs),
                    content: .image(ImageFile(name: png, variants: variants)), animation: animation))
        }
    }

    /// The keys an entry dictionary may have; anything else is reported, never silently ignored.
    static let knownKeys = ["chs", "cht", "png", "gif", "type", "code", "emoji"]

    /// Words people write for a known key that are too far from it for an edit distance.
    static let synonyms = [
        "image": "png", "img": "png", "icon": "png", "file": "png", "filename": "png", "picture": "png",
        "animation": "gif", "text": "chs", "traditional": "cht", "unicode": "code", "codepoint": "code",
        "codepoints": "code",
    ]

    /// A warning for each key of `item` that emokit does not read, with the key it most likely
    /// meant (a near spelling, or a known synonym such as `image` for `png`).
    func unknownKeys(_ item: Any, index: Int) -> [PackError] {
        guard let dict = item as? [String: Any] else { return [] }
        let chs = dict["chs"] as? String
        // YYKit's info.json entries may carry an English name (`en`); it is part of the format,
        // not a typo, though emokit names entries from `chs`.
        let known = dialect == .yykit ? Self.knownKeys + ["en"] : Self.knownKeys
        return dict.keys.filter { !known.contains($0) }.sorted().map { key in
            let suggestion =
                Self.synonyms[key.lowercased()]
                ?? NameSuggestion.closest(to: key, among: Self.knownKeys, maxDistance: key.count > 3 ? 2 : 1, ignoringCase: true)
            return .unknownKey(path: plistDisplay, index: index, key: key, text: chs, suggestion: suggestion)
        }
    }

    /// `[哈哈]` → `哈哈`: the name without Weibo's brackets.
    static func bareName(_ text: String) -> String {
        if text.count > 2, text.hasPrefix("["), text.hasSuffix("]") { return String(text.dropFirst().dropLast()) }
        return text
    }

    private func optionalString(_ dict: [String: Any], _ key: String) -> Result<String?, EntryProblem> {
        guard let value = dict[key] else { return .success(nil) }
        guard let text = value as? String, !PackReader.isBoolean(value) else {
            return .failure("expected a string, found \(PackReader.typeName(value))")
        }
        return .success(text)
    }

    /// `type`: `"0"`/0 image, `"1"`/1 emoji, as a string or an integer; nil when absent or
    /// empty, and the entry's keys decide.
    private func entryType(_ value: Any?) -> Result<Int?, EntryProblem> {
        guard let value else { return .success(nil) }
        if PackReader.isBoolean(value) { return .failure("expected \"0\" (image) or \"1\" (emoji), found boolean") }
        if let text = value as? String {
            switch text.trimmingCharacters(in: .whitespaces) {
            case "": return .success(nil)
            case "0": return .success(0)
            case "1": return .success(1)
            default: return .failure("unknown type \(PackError.quote(text)); expected \"0\" (image) or \"1\" (emoji)")
            }
        }
        if let number = value as? NSNumber, !(value is Double && number.doubleValue != number.doubleValue.rounded()) {
            switch number.intValue {
            case 0: return .success(0)
            case 1: return .success(1)
            default: return .failure("unknown type \(number); expected 0 (image) or 1 (emoji)")
            }
        }
        return .failure("expected \"0\" (image) or \"1\" (emoji), found \(PackReader.typeName(value))")
    }

    private func error(_ index: Int, _ key: String, _ text: String?, _ reason: String) -> PackError {
        .entry(path: plistDisplay, index: index, key: key, text: text, reason: reason)
    }
}

/// Which file names a plist may use. Only a plain file name inside the pack folder is accepted,
/// checked before anything is opened, and the resolved path (after symlinks) must stay inside.
public enum FileNamePolicy {
    public static func unsafeReason(_ name: String) -> String? {
        if name.isEmpty { return "empty file name" }
        if name.contains("/") || name.contains("\\") { return "only a plain file name in the pack folder is allowed, not a path" }
        if name.hasPrefix(".") { return "a file name may not start with '.'" }
        if name.hasPrefix("~") { return "a file name may not start with '~'" }
        if name.contains(":") { return "URLs and drive names are not allowed" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return "control characters are not allowed" }
        return nil
    }

    /// The file and its `@2x`/`@3x` siblings present in `folder`; at least one must exist.
    public static func variants(of name: String, in folder: URL, folderDisplay: String) -> Result<[ImageFile.Variant], EntryProblem> {
        FolderFiles(folder: folder, display: folderDisplay).variants(of: name)
    }
}

/// A pack folder with its real path resolved once, for looking up the thousands of file names a
/// plist lists: a plain file costs one `lstat` per candidate name, and only a symlink is resolved
/// (resolving every name's path component by component was most of reading a large pack).
struct FolderFiles {
    let folder: URL
    let display: String
    /// The folder after symlinks, the prefix every file's real path must keep.
    private let realPath: String
    /// `folder.path`, computed once.
    private let folderPath: String

    init(folder: URL, display: String) {
        self.folder = folder
        self.display = display
        realPath = folder.resolvingSymlinksInPath().standardizedFileURL.path
        folderPath = folder.path
    }

    /// The file and its `@2x`/`@3x` siblings present in the folder; at least one must exist.
    func variants(of name: String) -> Result<[ImageFile.Variant], EntryProblem> {
        let base = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        let stem = base.hasSuffix("@2x") || base.hasSuffix("@3x") ? String(base.dropLast(3)) : base
        var variants: [ImageFile.Variant] = []
        for (scale, suffix) in [(1, ""), (2, "@2x"), (3, "@3x")] {
            let fileName = "\(stem)\(suffix)" + (ext.isEmpty ? "" : ".\(ext)")
            switch kind(of: fileName) {
            case .absent: continue
            case .file(let real):
                guard real.hasPrefix(realPath == "/" ? "/" : realPath + "/") else {
                    return .failure("unsafe path \(PackError.quote(fileName)): it links outside the pack folder")
                }
                variants.append(.init(scale: scale, folder: folder, fileName: fileName, folderDisplay: display))
            }
        }
        if variants.isEmpty { return .failure("file not found: \(display)/\(name) (nor an @2x or @3x variant)") }
        return .success(variants)
    }

    private enum Kind { case absent, file(realPath: String) }

    /// Absent (or a folder, or a link to nothing or to a folder), else a file and its real path.
    /// Most names of a plist's folder are absent (the @2x and @3x siblings of a plain name): no
    /// URL is made for those.
    private func kind(of fileName: String) -> Kind {
        var info = stat()
        let plain = !fileName.contains("/") && fileName != ".." && fileName != "."
        if plain {
            // No entry of that name: absent (what following links would find too).
            guard lstat(folderPath + "/" + fileName, &info) == 0 else { return .absent }
            if info.st_mode & S_IFMT != S_IFLNK {
                // Not a link, directly inside the folder: its real path is the folder's plus its name.
                return info.st_mode & S_IFMT == S_IFDIR ? .absent : .file(realPath: (realPath == "/" ? "" : realPath) + "/" + fileName)
            }
        }
        let url = folder.appendingPathComponent(fileName)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { return .absent }
        return .file(realPath: url.resolvingSymlinksInPath().standardizedFileURL.path)
    }
}

/// A reason an entry's value is refused; written as a string literal at the check.
public struct EntryProblem: Error, ExpressibleByStringInterpolation {
    public let message: String
    public init(stringLiteral value: String) { message = value }
}
