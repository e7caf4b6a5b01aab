import Foundation

/// How the app that made a pack reads its entries. Packs are read as those apps read them, so
/// a bundle taken unchanged from an app gives the tabs, counts and order the app shows.
public enum PackDialect: String, Sendable {
    /// `info.plist` as an array of `{chs, cht, png, gif, type, code}` (Weibo). A missing `png`
    /// is an error; `code` is hexadecimal (`0x1f603`, `1f603`, `U+1F603`).
    case weibo
    /// A YYKit group (`WBEmoticonGroup`): a dictionary root with `id`/`group_name_*` and
    /// `emoticons`, in `info.plist` or `info.json`. An image entry without `png` is skipped with
    /// a warning, as YYKit skips it; `code` may also be a decimal number (YYKit's
    /// `NSNumber numberWithString:`).
    case yykit
    /// QQ/WeChat: an array of one-key dictionaries `{"/微笑": "024"}`: the key is what a tap
    /// inserts, the value an image stem (`024.png`, `024@2x.png`, `024@3x.png`, `024@2x.gif`).
    case iconMap

    /// An array whose first item is a one-key dictionary mapping text to a file stem, with a key
    /// that is none of the Weibo entry keys, is an icon map.
    static func isIconMap(_ items: PlistItems) -> Bool {
        guard let first = items.first as? [String: Any], first.count == 1, let key = first.keys.first else { return false }
        return !EntryReader.knownKeys.contains(key) && first[key] is String && !PackReader.isBoolean(first[key]!)
    }
}

extension EntryReader {
    /// A YYKit `code`: `0x1f603`, `U+1F603`, a decimal number as text (`128515`) or as a JSON or
    /// plist number, or hexadecimal code points as emokit reads them elsewhere.
    static func yykitCode(_ value: Any) -> Result<String, EntryProblem> {
        if PackReader.isBoolean(value) { return .failure("expected a code point (0x1f603, U+1F603 or decimal), found boolean") }
        if let number = value as? NSNumber, !(value is String) {
            let double = number.doubleValue
            guard double == double.rounded(), double >= 1, double <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(double)) else {
                return .failure("\(number) is not a Unicode scalar value")
            }
            return .success(String(Character(scalar)))
        }
        guard let text = value as? String else { return .failure("expected a code point (0x1f603, U+1F603 or decimal), found \(PackReader.typeName(value))") }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.count <= 7, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let value = UInt32(trimmed), value >= 1, let scalar = Unicode.Scalar(value) else {
                return .failure("\(PackError.quote(text)) is not a Unicode scalar value (read as decimal)")
            }
            return .success(String(Character(scalar)))
        }
        switch EmojiText.parseCode(text) {
        case .success(let emoji): return .success(emoji)
        case .failure(let reason): return .failure("\(PackError.quote(text)) \(reason)")
        }
    }

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
        // The value is a stem (`024`); a value that already names a file (`024.png`) is read as is.
        let base = ["png", "gif"].contains((stem as NSString).pathExtension.lowercased()) ? (stem as NSString).deletingPathExtension : stem
        if let reason = FileNamePolicy.unsafeReason(base) {
            return .failure(.entry(path: plistDisplay, index: index, key: text, text: text, reason: "unsafe path \(PackError.quote(stem)): \(reason)"))
        }
        let png = try? files.variants(of: "\(base).png").get()
        let gif = (try? files.variants(of: "\(base).gif").get())
            .map { ImageFile(name: "\(base).gif", variants: $0, format: .gif) }
        let name = text.hasPrefix("/") && text.count > 1 ? String(text.dropFirst()) : Self.bareName(text)
        if let png {
            return .success(
                Entry(
                    plistIndex: index, text: text, textTraditional: nil, name: name,
                    content: .image(ImageFile(name: "\(base).png", variants: png)), animation: gif))
        }
        if let gif {
            return .success(Entry(plistIndex: index, text: text, textTraditional: nil, name: name, content: .image(gif), animation: gif))
        }
        return .failure(
            .entry(
                path: plistDisplay, index: index, key: text, text: text,
                reason: "file not found: \(folderDisplay)/\(base).png (nor @2x, @3x or a .gif)"))
    }
}
