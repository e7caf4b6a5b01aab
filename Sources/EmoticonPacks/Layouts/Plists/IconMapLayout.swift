import Foundation

/// QQ/WeChat: an array of one-key dictionaries `{"/微笑": "024"}`: the key is what a tap
/// inserts, the value an image stem (`024.png`, `024@2x.png`, `024@3x.png`, `024@2x.gif`).
enum IconMapLayout: PackLayout {
    /// An array whose first item is a one-key dictionary mapping text to a file stem, with a key
    /// that is none of the Weibo entry keys, is an icon map.
    static func matches(_ source: PackSource) -> Bool {
        guard !source.isEmojiPlist, let items = source.items else { return false }
        guard let first = items.first as? [String: Any], first.count == 1, let key = first.keys.first else { return false }
        return !EntryReader.knownKeys.contains(key) && first[key] is String && !PackReader.isBoolean(first[key]!)
    }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        guard let items = source.items else { return .failure(PackLayouts.unrecognised(source)) }
        let reader = EntryReader(source, rules: .weibo)
        return .success(PackContents(items: items, entry: reader.readMapItem))
    }
}

extension EntryReader {
    /// One `{"/微笑": "024"}` item of an icon map.
    func readMapItem(_ item: Any, index: Int) -> Result<Entry, PackError> {
        guard let dict = item as? [String: Any], dict.count == 1, let text = dict.keys.first else {
            return .failure(
                .entry(
                    path: plistDisplay, index: index, key: "entry", text: nil,
                    reason: "expected a dictionary of one key (the text) and its image name, found \(PackReader.typeName(item))"))
        }
        guard let value = dict[text], let stem = value as? String, !PackReader.isBoolean(value) else {
            return .failure(.entry(path: plistDisplay, index: index, key: text, text: text, reason: "expected an image name, found \(PackReader.typeName(dict[text]!))"))
        }
        if text.isEmpty { return .failure(.entry(path: plistDisplay, index: index, key: "entry", text: nil, reason: "the text to insert is empty")) }
        if let problem = TextLimits.problem(text, limit: TextLimits.entryText) {
            return .failure(.entry(path: plistDisplay, index: index, key: "entry", text: nil, reason: "the text to insert is \(problem.message) (it starts \(PackError.quote(text)))"))
        }
        // The value is a stem (`024`); a value that already names a file (`024.png`) is read as is.
        let base = MapLayouts.drawnExtensions.contains((stem as NSString).pathExtension.lowercased()) ? (stem as NSString).deletingPathExtension : stem
        if let reason = FileNamePolicy.unsafeReason(base) {
            return .failure(.entry(path: plistDisplay, index: index, key: text, text: text, reason: "unsafe path \(PackError.quote(stem)): \(reason)"))
        }
        // Absent files are looked for in turn; a file that links outside the pack is refused
        // by name (it was once reported as "file not found").
        // A still image in any format emokit draws (PNG first), and a GIF that animates it.
        var found: [String: [ImageFile.Variant]] = [:]
        for ext in MapLayouts.stillExtensions + ["gif"] {
            switch files.lookup("\(base).\(ext)") {
            case .found(let variants): found[ext] = variants
            case .absent: continue
            case let .outside(file, target):
                return .failure(.entry(path: plistDisplay, index: index, key: text, text: text, reason: FolderFiles.linksOutside(file, target: target).message))
            }
        }
        let still = MapLayouts.stillExtensions.first { found[$0] != nil }
        let gif = found["gif"].map { ImageFile(name: "\(base).gif", variants: $0, format: .gif) }
        let name = text.hasPrefix("/") && text.count > 1 ? String(text.dropFirst()) : Entry.bareName(text)
        if let still, let variants = found[still] {
            return .success(
                Entry(
                    plistIndex: index, text: text, textTraditional: nil, name: name,
                    content: .image(ImageFile(name: "\(base).\(still)", variants: variants)), animation: gif))
        }
        if let gif {
            return .success(Entry(plistIndex: index, text: text, textTraditional: nil, name: name, content: .image(gif), animation: gif))
        }
        return .failure(
            .entry(
                path: plistDisplay, index: index, key: text, text: text,
                reason: "file not found: \(path: "\(folderDisplay)/\(base).png") (nor @2x, @3x, a .gif, .jpg, .webp or .bmp)"))
    }
}
