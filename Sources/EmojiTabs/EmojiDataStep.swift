import EmojiData
import EmojiGlyphs
import EmoticonPacks
import Foundation
import Synchronization

/// The pipeline step that brings in Unicode's emoji data: with `--emoji-keyboard`, the keyboard's
/// tabs after the packs (see `EmojiKeyboard`); for every emoji entry (the keyboard's and the
/// packs' `type 1` / `Emoji.plist` ones), CLDR keywords in the keyboard's locale and the skin-tone
/// variants the glyph source can draw.
///
/// Without `--emoji-keyboard` the data is optional: packs read without it when Debian's files are
/// not installed (and no `--emoji-data`/`--cldr` names a file), they just get no keywords or
/// variants. A file named on purpose that cannot be read fails the run.
package struct EmojiDataStep {
    /// What the step reads of the run's options.
    package struct Settings: Sendable {
        /// `--emoji-keyboard`.
        package var emojiKeyboard: Bool
        /// `--emoji-data`: Unicode's emoji-test.txt; nil: Debian's.
        package var emojiData: URL?
        /// `--cldr`: CLDR's `common` folder; nil: Debian's.
        package var cldr: URL?
        /// The keyboard's locale (its CLDR annotations' language).
        package var locale: String
        /// `--emoji-max-version`, `--emoji-exclude` (items, `@FILE` ones naming a list file),
        /// `--emoji-groups` (names or tab ids), `--skin-tones`: see `EmojiSubset`.
        package var maxVersion: EmojiVersion? = nil
        package var exclude: [String] = []
        package var groups: [String]? = nil
        package var skinTones = true
        /// `--jobs`: above 1, the annotations are read while emoji-test.txt is.
        package var concurrency = 1

        package init(emojiKeyboard: Bool, emojiData: URL?, cldr: URL?, locale: String) {
            self.emojiKeyboard = emojiKeyboard
            self.emojiData = emojiData
            self.cldr = cldr
            self.locale = locale
        }
    }

    package let options: Settings

    package init(settings: Settings) { options = settings }

    package struct Outcome: Sendable {
        package var packs: [EmoticonPack]
        package var keyboard: EmojiKeyboard.Summary?
        /// The Emoji version of the data read, nil when none was read.
        package var emojiVersion: String?
        /// Each emoji's Emoji version (`E15.0` in emoji-test.txt), keyed by `EmojiCatalog.lookupKey`.
        package var versions: [String: String] = [:]

        /// The subset applied and what it left out, nil when every emoji was kept.
        package var subset: (applied: EmojiSubset, leftOut: EmojiSubset.LeftOut)? = nil
        /// The groups of emoji-test.txt in its order.
        package var groupOrder: [String] = []

        /// The Emoji version `emoji` first appeared in, nil when emoji-test.txt does not list it.
        package func version(of emoji: String) -> String? { versions[EmojiCatalog.lookupKey(emoji)] }
    }

    package func run(packs: [EmoticonPack], emoji: EmojiGlyphSource?) throws(EmojiDataError) -> Outcome {
        let hasEmojiEntries = packs.contains { $0.kind != .image }
        guard options.emojiKeyboard || hasEmojiEntries, let emoji else { return Outcome(packs: packs, keyboard: nil, emojiVersion: nil) }
        // The two files are independent, and each takes a good part of reading the packs.
        let (test, annotations) = readBoth()
        guard let whole = try test.get() else { return Outcome(packs: packs, keyboard: nil, emojiVersion: nil) }
        let subset = try self.subset(of: whole)
        let (file, leftOut) = subset.apply(to: whole)
        let names = EmojiNames(annotations: try annotations.get())
        let catalog = EmojiCatalog(file) { emoji.hasGlyph(for: $0) }
        // The packs' own emoji keep their skin tones whatever the keyboard's subset leaves out,
        // except with no skin tones at all.
        let packCatalog =
            hasEmojiEntries && !subset.isEverything
            ? EmojiCatalog(EmojiSubset(skinTones: subset.skinTones).apply(to: whole).file) { emoji.hasGlyph(for: $0) } : catalog
        var result = packs.map { enrich($0, catalog: packCatalog, names: names) }
        var summary: EmojiKeyboard.Summary?
        if options.emojiKeyboard {
            let keyboard = EmojiKeyboard(catalog: catalog, source: options.emojiData ?? EmojiTestFile.debianPath, names: names)
            // Tab ids stay unique when a pack already uses one (`emoji-flags-2`).
            var taken = Set(result.map { $0.id.lowercased() })
            var report = keyboard.summary
            for var pack in keyboard.packs {
                var id = pack.id, counter = 1
                while taken.contains(id.lowercased()) { counter += 1; id = "\(pack.id)-\(counter)" }
                taken.insert(id.lowercased())
                for index in report.groups.indices where report.groups[index].tabID == pack.id { report.groups[index].tabID = id }
                pack.id = id
                result.append(pack)
            }
            if !subset.isEverything { report.subset = leftOut }
            summary = report
        }
        let versions = Dictionary(whole.entries.map { (EmojiCatalog.lookupKey($0.text), $0.emojiVersion) }, uniquingKeysWith: { first, _ in first })
        return Outcome(
            packs: result, keyboard: summary, emojiVersion: file.version, versions: versions, subset: subset.isEverything ? nil : (subset, leftOut),
            groupOrder: whole.groups.map(\.name))
    }

    /// The settings' subset, checked against the file: every group named must exist (by name,
    /// case aside, or tab id), and `@FILE` items are read.
    package func subset(of file: EmojiTestFile) throws(EmojiDataError) -> EmojiSubset {
        var subset = EmojiSubset(maxVersion: options.maxVersion, skinTones: options.skinTones)
        for item in options.exclude {
            if item.hasPrefix("@") {
                subset.exclude.formUnion(try EmojiSubset.readList(URL(fileURLWithPath: String(item.dropFirst()))))
            } else if let key = EmojiSubset.parseItem(item) {
                subset.exclude.insert(key)
            }
        }
        if let wanted = options.groups {
            let names = file.groups.map(\.name).filter { $0 != EmojiCatalog.componentGroup }
            var kept = Set<String>()
            var unknown: [String] = []
            for name in wanted {
                let match = names.first { group in
                    let id = EmojiGroupTitles.tabID(for: group)
                    return group.lowercased() == name.lowercased() || id == name.lowercased() || id == "emoji-" + name.lowercased()
                }
                if let match { kept.insert(match) } else { unknown.append(name) }
            }
            if !unknown.isEmpty { throw .unknownGroups(names: unknown, known: names.map(EmojiGroupTitles.tabID(for:))) }
            subset.groups = kept
        }
        return subset
    }

    package func readEmojiTest() throws(EmojiDataError) -> EmojiTestFile? {
        let url = options.emojiData ?? EmojiTestFile.debianPath
        let required = options.emojiKeyboard || options.emojiData != nil
        if !required && !FileManager.default.fileExists(atPath: url.path) { return nil }
        if options.emojiData == nil && !FileManager.default.fileExists(atPath: url.path) {
            throw .notInstalled(path: url.path)
        }
        return try EmojiTestFile(contentsOf: url)
    }

    /// `readEmojiTest()` and `readAnnotations()`, at once when `concurrency` allows. CLDR's English
    /// annotations are read into `EmojiAnnotations`' cache too when the keyboard's language is
    /// another (beside both with three jobs, after the keyboard's language with two): an emoji
    /// that language does not name is named in English, and those files were otherwise read
    /// alone after this step, on one core. (Their errors are left to the reader that needs them.)
    func readBoth() -> (Result<EmojiTestFile?, EmojiDataError>, Result<EmojiAnnotations?, EmojiDataError>) {
        guard options.concurrency > 1 else {
            let test = Result { () throws(EmojiDataError) in try readEmojiTest() }
            guard case .success(.some) = test else { return (test, .success(nil)) }
            return (test, Result { () throws(EmojiDataError) in try readAnnotations() })
        }
        let english = EmojiAnnotations.cldrLocale(forKeyboardLocale: options.locale).map { $0 != "en" } ?? false
        let results = Mutex<(Result<EmojiTestFile?, EmojiDataError>?, Result<EmojiAnnotations?, EmojiDataError>?)>((nil, nil))
        let readEnglish: @Sendable () -> Void = { [self] in _ = try? readAnnotations(locale: "en") }
        let jobs = english && options.concurrency > 2 ? 3 : 2
        DispatchQueue.concurrentPerform(iterations: jobs) { index in
            switch index {
            case 0:
                let test = Result { () throws(EmojiDataError) in try readEmojiTest() }
                results.withLock { $0.0 = test }
            case 1:
                let annotations = Result { () throws(EmojiDataError) in try readAnnotations() }
                results.withLock { $0.1 = annotations }
                if english && jobs == 2 { readEnglish() }
            default:
                readEnglish()
            }
        }
        return results.withLock { ($0.0!, $0.1!) }
    }

    /// CLDR annotations in the locale's language; nil (English names from emoji-test.txt) when
    /// Debian's CLDR is not installed and `--cldr` was not given.
    package func readAnnotations() throws(EmojiDataError) -> EmojiAnnotations? {
        guard let locale = EmojiAnnotations.cldrLocale(forKeyboardLocale: options.locale) else { return nil }
        return try readAnnotations(locale: locale)
    }

    /// CLDR's annotations in `locale` (`zh`, `en`...), nil as `readAnnotations()`.
    func readAnnotations(locale: String) throws(EmojiDataError) -> EmojiAnnotations? {
        let common = options.cldr ?? EmojiAnnotations.debianCLDRCommon
        if options.cldr == nil && !FileManager.default.fileExists(atPath: common.appendingPathComponent("annotations/\(locale).xml").path) { return nil }
        return try EmojiAnnotations(cldrCommon: common, locale: locale)
    }

    /// A pack's emoji entries get CLDR keywords and their drawable skin-tone variants (those the
    /// pack does not list as entries of its own).
    package func enrich(_ pack: EmoticonPack, catalog: EmojiCatalog, names: EmojiNames) -> EmoticonPack {
        guard pack.kind != .image else { return pack }
        let keys = catalog.keysByText
        let own = Set(pack.entries.map { EmojiCatalog.lookupKey($0.text) })
        var pack = pack
        for index in pack.entries.indices {
            guard case .emoji(let text) = pack.entries[index].content else { continue }
            pack.entries[index].keywords = names.annotations?.keywords(for: text) ?? []
            guard let key = keys[EmojiCatalog.lookupKey(text)] else { continue }
            pack.entries[index].variants = key.variants.filter { !own.contains(EmojiCatalog.lookupKey($0.text)) }
                .map { EmojiVariant(text: $0.text, name: names.lookup($0.text, english: $0.name).name) }
        }
        return pack
    }
}
