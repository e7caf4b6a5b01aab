import Foundation
import Synchronization

/// Names and search keywords of emoji in one language, from Unicode CLDR's annotation files
/// (`common/annotations/<locale>.xml` plus the derived ones in `common/annotationsDerived/`, which
/// add skin-tone and other sequence variants). Debian ships them in `unicode-cldr-core`.
///
/// CLDR keys its annotations without U+FE0F (its files say so), while emoji-test.txt and packs
/// spell fully-qualified emoji with it; lookups therefore ignore U+FE0F and U+FE0E on both sides.
/// This type knows nothing of images or keyboards: it answers "what is this emoji called here".
public struct EmojiAnnotations: Sendable, Equatable {
    /// One emoji's annotation: its text-to-speech name (`type="tts"`) and its keywords.
    public struct Annotation: Sendable, Equatable {
        public var name: String?
        public var keywords: [String]
        public init(name: String?, keywords: [String]) {
            self.name = name
            self.keywords = keywords
        }
    }

    /// The CLDR locale the data is in (`en`, `zh`, `zh_Hant`).
    public let locale: String
    private var table: [String: Annotation]

    /// Where Debian's `unicode-cldr-core` puts CLDR's common data.
    public static let debianCLDRCommon = URL(fileURLWithPath: "/usr/share/unicode/cldr/common")

    /// The CLDR locale for a keyboard locale: `cn` Simplified Chinese, `tw` Traditional Chinese,
    /// `en` English. Returns nil for anything else.
    public static func cldrLocale(forKeyboardLocale locale: String) -> String? {
        ["cn": "zh", "tw": "zh_Hant", "en": "en"][locale]
    }

    /// An empty set of annotations (every lookup answers nil).
    public init(locale: String) {
        self.locale = locale
        self.table = [:]
    }

    /// Reads `annotations/<locale>.xml` and, when present, `annotationsDerived/<locale>.xml`
    /// under `common` (CLDR's `common` folder). The base file is required; where both files
    /// annotate an emoji, the base file wins.
    public init(cldrCommon common: URL = EmojiAnnotations.debianCLDRCommon, locale: String) throws(EmojiDataError) {
        let base = common.appendingPathComponent("annotations/\(locale).xml")
        let derived = common.appendingPathComponent("annotationsDerived/\(locale).xml")
        // A run reads the same files for names and for keywords: once is enough while they are
        // unchanged (the key holds each file's size and modification time).
        let key = [base, derived].map { EmojiDataFile.identity(of: $0.path) }.joined(separator: "|")
        if let known = Self.loaded.withLock({ $0[key] }) {
            self = known
            return
        }
        self.init(locale: locale)
        try add(contentsOf: base)
        if FileManager.default.fileExists(atPath: derived.path) { try add(contentsOf: derived) }
        let made = self
        Self.loaded.withLock { $0[key] = made }
    }

    /// Annotations already read in this process, by their files' identities (few: a locale or two).
    private static let loaded = Mutex([String: EmojiAnnotations]())

    /// Adds the annotations of one CLDR file; entries already known keep their values.
    public mutating func add(contentsOf url: URL) throws(EmojiDataError) {
        let text = try EmojiDataFile.readText(url)
        try add(xml: text, path: url.path)
    }

    /// Adds annotations from CLDR XML text (`path` names it in errors). Entries already known
    /// keep their values, so the first file added has priority.
    public mutating func add(xml: String, path: String) throws(EmojiDataError) {
        let parsed = try AnnotationXML.parse(xml, path: path)
        var fromThisFile: [String: Annotation] = [:]
        fromThisFile.reserveCapacity(parsed.count / 2)  // a name and a keywords element per emoji
        for element in parsed {
            let key = Self.key(element.cp)
            var annotation = fromThisFile[key] ?? Annotation(name: nil, keywords: [])
            if element.isTTS {
                annotation.name = element.text
            } else {
                annotation.keywords = AnnotationXML.keywords(element.text)
            }
            fromThisFile[key] = annotation
        }
        // The first file (most runs read one) is the table as it is: every key hashed once less.
        if table.isEmpty {
            table = fromThisFile
        } else {
            for (key, annotation) in fromThisFile where table[key] == nil { table[key] = annotation }
        }
    }

    /// The annotation of `emoji` (with or without U+FE0F), or nil when CLDR has none.
    public func annotation(for emoji: String) -> Annotation? { table[Self.key(emoji)] }

    /// The text-to-speech name (`grinning face`, `嘿嘿`), or nil.
    public func name(for emoji: String) -> String? { annotation(for: emoji)?.name }

    /// The search keywords in CLDR's order, or an empty array.
    public func keywords(for emoji: String) -> [String] { annotation(for: emoji)?.keywords ?? [] }

    /// How many distinct emoji (and symbols) are annotated.
    public var count: Int { table.count }

    /// The lookup key: the text without variation selectors, as CLDR spells it.
    static func key(_ text: String) -> String {
        // U+FE0E and U+FE0F are EF B8 8E/8F in UTF-8: a text without the byte EF has neither.
        guard text.utf8.contains(0xEF) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { $0.value != 0xFE0F && $0.value != 0xFE0E })
        return String(scalars)
    }
}
