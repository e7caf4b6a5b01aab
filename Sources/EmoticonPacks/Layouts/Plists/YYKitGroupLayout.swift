import Foundation
import PropertyLists

/// A YYKit group (`WBEmoticonGroup`): a dictionary root with `id`/`group_name_*` and `emoticons`,
/// in `info.plist` or `info.json` (an `info.json` holding only the array is read by the same
/// rules). An image entry without `png` is skipped with a warning, as YYKit skips it; `code` may
/// also be a decimal number (YYKit's `NSNumber numberWithString:`); `en` is part of the format.
enum YYKitGroupLayout: PackLayout {
    /// The keys that make a dictionary with `emoticons` a YYKit group: a dictionary without them
    /// is not dug into (it is a wrong root).
    static let identifyingKeys = ["id", "group_name_cn", "group_name_tw", "group_name_en"]

    /// An `info.json` is always a YYKit group (its `additional/` files hold only emoticons).
    static func matches(_ source: PackSource) -> Bool {
        if source.isEmojiPlist { return false }
        if source.items != nil { return source.isJSON }
        guard let dict = source.dictionary, dict["emoticons"] != nil else { return false }
        return source.isJSON || identifyingKeys.contains { dict[$0] is String }
    }

    static func contents(of source: PackSource) -> Result<PackContents, PackError> {
        let reader = EntryReader(source, rules: .yykit)
        if let items = source.items {
            var contents = PackContents(items: items, entry: reader.read, unknownKeys: reader.unknownKeys)
            contents.textKey = "chs"
            return .success(contents)
        }
        let dict = source.dictionary ?? [:]
        guard let array = dict["emoticons"] as? [Any] else {
            return .failure(.entry(path: source.display, index: 0, key: "emoticons", text: nil, reason: "expected an array of entries"))
        }
        var contents = PackContents(items: PlistItems(array), entry: reader.read, unknownKeys: reader.unknownKeys)
        contents.textKey = "chs"
        contents.displayOnly = PackReader.isTrue(dict["display_only"])
        for locale in TitleLocale.allCases {
            if let title = dict[locale.groupNameKey] as? String, !title.isEmpty { contents.titles[locale] = title }
        }
        contents.plistID = dict["id"] as? String
        // A title and an id name a tab: short, or the pack is refused naming the key.
        for (key, text) in contents.titles.map({ ($0.key.groupNameKey, $0.value) }).sorted(by: { $0.0 < $1.0 }) + [("id", contents.plistID ?? "")] {
            if let problem = TextLimits.problem(text, limit: TextLimits.title) {
                return .failure(.fileKey(path: source.display, key: key, reason: "\(problem.message) (it starts \(PackError.quote(text)))"))
            }
        }
        return .success(contents)
    }

    /// A YYKit `code`: `0x1f603`, `U+1F603`, a decimal number as text (`128515`) or as a JSON or
    /// plist number, or hexadecimal code points as emokit reads them elsewhere.
    static func code(_ value: Any) -> Result<String, EntryProblem> {
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
}

extension EntryRules {
    /// YYKit's: decimal codes too, an image entry without `png` skipped, `en` a known key.
    static var yykit: EntryRules {
        EntryRules(
            code: YYKitGroupLayout.code, imageWithoutPNGSkipped: "an image entry without png (nor gif) is skipped, as YYKit skips it", extraKeys: ["en"])
    }
}
