import Diagnostics
import Foundation
import TextMatching

/// What differs between the apps whose entries are dictionaries (`WeiboLayout`,
/// `YYKitGroupLayout`); each layout's file defines its own (`EntryRules.weibo`, `.yykit`).
struct EntryRules {
    /// Reads an emoji entry's `code` into the emoji.
    var code: (Any) -> Result<String, EntryProblem>
    /// Why an image entry with neither `png` nor `gif` is skipped, as the app skips it (a
    /// warning in every mode); nil when it is an error.
    var imageWithoutPNGSkipped: String?
    /// Keys of the app's format beyond `EntryReader.knownKeys`: never reported, never read.
    var extraKeys: [String] = []
}

/// Turns one entry dictionary into an `Entry`, checking every key's type and every file name.
struct EntryReader {
    let folder: URL
    let folderDisplay: String
    let plistDisplay: String
    /// How the app that made the pack reads its entries.
    let rules: EntryRules
    /// The folder's files, its real path resolved once for all entries.
    let files: FolderFiles

    init(_ source: PackSource, rules: EntryRules) {
        self.folder = source.folder
        self.folderDisplay = source.folderDisplay
        self.plistDisplay = source.display
        self.rules = rules
        files = FolderFiles(folder: source.folder, display: source.folderDisplay)
    }

    func read(_ item: Any, index: Int) -> Result<Entry, PackError> {
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
        if let code = dict["code"] {
            switch rules.code(code) {
            case .success(let value): emoji = value
            case .failure(let reason): return .failure(error(index, "code", chs, reason.message))
            }
        } else if let text = dict["emoji"] {
            guard let value = text as? String, !value.isEmpty else {
                return .failure(error(index, "emoji", chs, "expected a non-empty string"))
            }
            emoji = value
        } else {
            return .failure(error(index, "code", chs, "missing: an emoji entry (type 1) needs code (hex code points) or emoji"))
        }
        if let problem = TextLimits.problem(emoji, limit: TextLimits.entryText) {
            return .failure(error(index, dict["code"] != nil ? "code" : "emoji", chs, "the emoji is \(problem.message)"))
        }
        return .success(
            Entry(
                plistIndex: index, text: emoji, textTraditional: nil, name: chs.map(Entry.bareName) ?? EmojiText.name(of: emoji),
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
        // A gif named but absent is not an error (the app shows the png: Weibo's own bundle
        // lists gifs it does not ship); one that links outside the pack is.
        var gifVariants: [ImageFile.Variant]?
        if let gifName {
            switch files.lookup(gifName) {
            case .found(let variants): gifVariants = variants
            case .absent: gifVariants = nil
            case let .outside(file, target): return .failure(error(index, "gif", chs, FolderFiles.linksOutside(file, target: target).message))
            }
        }
        guard let pngValue = dict["png"] else {
            // Only an animation, present on disk: its first frame is the sprite. A gif named but
            // absent leaves the entry without any image: the png is what is missing.
            if let gifName, let variants = gifVariants {
                let file = ImageFile(name: gifName, variants: variants, format: .gif)
                return .success(Entry(plistIndex: index, text: chs, textTraditional: cht, name: Entry.bareName(chs), content: .image(file), animation: file))
            }
            if let reason = rules.imageWithoutPNGSkipped {
                return .failure(.skippedEntry(path: plistDisplay, index: index, text: chs, reason: Diagnostic.Message(reason)))
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
            let animation = gifName.flatMap { name in gifVariants.map { ImageFile(name: name, variants: $0, format: .gif) } }
            return .success(
                Entry(
                    plistIndex: index, text: chs, textTraditional: cht, name: Entry.bareName(chs),
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
        // A format's own keys (YYKit's English name `en`) are not typos, though emokit names
        // entries from `chs`.
        let known = Self.knownKeys + rules.extraKeys
        return dict.keys.filter { !known.contains($0) }.sorted().map { key in
            let suggestion =
                Self.synonyms[key.lowercased()]
                ?? NameSuggestion.closest(to: key, among: Self.knownKeys, maxDistance: key.count > 3 ? 2 : 1, ignoringCase: true)
            return .unknownKey(path: plistDisplay, index: index, key: key, text: chs, suggestion: suggestion)
        }
    }

    private func optionalString(_ dict: [String: Any], _ key: String) -> Result<String?, EntryProblem> {
        guard let value = dict[key] else { return .success(nil) }
        guard let text = value as? String, !PackReader.isBoolean(value) else {
            return .failure("expected a string, found \(PackReader.typeName(value))")
        }
        if let problem = TextLimits.problem(text, limit: TextLimits.entryText) {
            return .failure("\(problem.message) (it starts \(PackError.quote(text)))")
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

    func error(_ index: Int, _ key: String, _ text: String?, _ reason: Diagnostic.Message) -> PackError {
        .entry(path: plistDisplay, index: index, key: key, text: text, reason: reason)
    }
}
