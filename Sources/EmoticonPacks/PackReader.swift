import Foundation

/// Reads packs from disk: a pack folder (`Emoji.plist` or `info.plist`), or a folder of packs.
///
/// Policy (Documentation/Commands.md "Bad input"): file-level problems (unreadable, malformed, wrong root, too large)
/// always fail the pack. Entry problems are collected; in strict mode (the default) any of them
/// fails the run, in lenient mode the entry is skipped and reported as a warning. Nothing is
/// guessed: a missing `png` is never derived from `chs`.
public struct PackReader: Sendable {
    public var lenient: Bool
    /// Warnings about the packs (skipped folders, unknown keys, repeated entries) are errors.
    public var strict: Bool
    /// Plists above this size are refused before parsing (default 10 MB).
    public var maxPlistBytes: Int

    /// What the config file says about particular packs: their tab ids, titles and files.
    public var choices: PackChoices
    /// How many threads read a large pack's entries (`--jobs`): each entry is parsed and its
    /// files looked up on its own, which was most of reading a pack of thousands.
    public var concurrency = 1
    /// A pack no layout reads is followed by one note per layout tried, saying why it did not
    /// fit (`validate`); `generate` keeps its one-line error.
    public var explainsLayouts = false

    public init(lenient: Bool = false, strict: Bool = false, maxPlistBytes: Int = 10 * 1024 * 1024, choices: PackChoices = PackChoices()) {
        self.lenient = lenient
        self.strict = strict
        self.maxPlistBytes = maxPlistBytes
        self.choices = choices
    }

    /// Each item of `contents` read as an entry, with its unknown keys, in plist order; a large
    /// pack's items in `concurrency` threads (items are parsed and checked independently).
    /// `range` reads those items only (the reader goes a chunk at a time, so a plist of a million
    /// bad items never holds a million problems at once).
    static func readEntries(
        _ contents: PackContents, range: Range<Int>? = nil, concurrency: Int
    ) -> [(unknownKeys: [PackError], entry: Swift.Result<Entry, PackError>)] {
        let range = range ?? 0..<contents.items.count
        let count = range.count
        func read(_ offset: Int) -> (unknownKeys: [PackError], entry: Swift.Result<Entry, PackError>) {
            let index = range.lowerBound + offset
            let item = contents.items[index]
            return (contents.unknownKeys(item, index), contents.entry(item, index))
        }
        guard concurrency > 1, count >= 256 else { return (0..<count).map(read) }
        var results = [(unknownKeys: [PackError], entry: Swift.Result<Entry, PackError>)?](repeating: nil, count: count)
        let chunks = concurrency * 4
        results.withUnsafeMutableBufferPointer { buffer in
            let shared = UncheckedShare((buffer, read))
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let (buffer, read) = shared.value
                for index in stride(from: chunk * count / chunks, to: (chunk + 1) * count / chunks, by: 1) { buffer[index] = read(index) }
            }
        }
        return results.map { $0! }
    }

    /// Values the chunks of `readEntries` share: each writes only its own slots.
    private struct UncheckedShare<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// The outcome of reading: packs in tab order, plus warnings (skipped entries in lenient
    /// mode, duplicates, empty packs, skipped folders, unknown keys) and notes (a plist read
    /// under an unusual name).
    public struct Result: Sendable {
        public var packs: [EmoticonPack]
        public var warnings: [PackError]
        public var notes: [PackError] = []
    }

    /// Thrown when the input cannot be used: every error found, one line each.
    public struct Failure: Error, Sendable {
        public var errors: [PackError]
        public var warnings: [PackError]
        public var notes: [PackError] = []
    }

    /// Everything reading found, without stopping at the first problem: every pack whose plist
    /// could be parsed (holding its good entries, even when other entries were refused), and
    /// every problem in reading order (inputs, then per pack its file, then its entries).
    public struct Survey: Sendable {
        public var packs: [EmoticonPack] = []
        public var errors: [PackError] = []
        public var warnings: [PackError] = []
        public var notes: [PackError] = []
        /// Every plist path read (also those that failed), in tab order, for ordering messages.
        public var plistPaths: [String] = []
        /// The folder names of packs that could not be read: their own errors say why, so a config
        /// key naming one is no second error.
        public var unreadFolders: Set<String> = []
    }

    /// Reads each input (a pack or a folder of packs) in order; tabs follow the inputs, and
    /// within a folder of packs its `emoticons.plist` order, else folder names sorted.
    public func read(_ inputs: [URL]) throws(Failure) -> Result {
        let survey = survey(inputs)
        if !survey.errors.isEmpty { throw Failure(errors: survey.errors, warnings: survey.warnings, notes: survey.notes) }
        return Result(packs: survey.packs, warnings: survey.warnings, notes: survey.notes)
    }

    /// Reads as `read` does but never stops early: callers that check more (image headers)
    /// add their findings before reporting everything at once.
    public func survey(_ inputs: [URL]) -> Survey {
        var survey = Survey()
        for input in inputs {
            let folders: [URL]
            do {
                let found = try packFolders(in: input)
                folders = found.folders
                survey.warnings += found.skipped
            } catch let error as PackError {
                survey.errors.append(error)
                if explainsLayouts, case .notAPack(let path) = error {
                    survey.errors += PackLayouts.layoutsTried(PackSource(folder: input, folderDisplay: input.lastPathComponent, file: nil, root: nil), path: path)
                }
                survey.unreadFolders.insert(input.lastPathComponent)
                continue
            } catch {
                survey.errors.append(.unreadable(path: input.path, reason: "\(error)"))
                survey.unreadFolders.insert(input.lastPathComponent)
                continue
            }
            let first = survey.packs.count
            for folder in folders {
                // A pack named by its file (`Emoji/emoji_ios.plist`) is shown from its folder, as
                // when the folder is named: the file's name is no folder above it.
                let isNamed = folders.count == 1 && (folder == input || folder == input.deletingLastPathComponent())
                let outcome = readPack(folder, parentDisplay: isNamed ? nil : input.lastPathComponent)
                survey.plistPaths.append(outcome.plistPath)
                survey.errors += outcome.errors
                survey.warnings += outcome.warnings
                survey.notes += outcome.notes
                if let pack = outcome.pack { survey.packs.append(pack) } else { survey.unreadFolders.insert(folder.lastPathComponent) }
                survey.packs += outcome.morePacks
                if let pack = outcome.displayOnlyPack { survey.packs.append(pack) }
            }
            if folders != [input] {
                readAdditional(root: input, into: &survey, packsFrom: first)
                applyGroupList(root: Self.bundleResources(input) ?? input, into: &survey, packsFrom: first)
            }
        }
        // After every pack's own problems: a key that names no pack comes last, and none is
        // reported for a pack whose own file was already refused.
        survey.errors += unmatchedChoices(survey.packs, unread: survey.unreadFolders)
        survey.warnings += assignTabIDs(&survey.packs)
        if strict {
            survey.errors = PackError.inReadingOrder(survey.errors + survey.warnings, plistPaths: survey.plistPaths)
            survey.warnings = []
        }
        return survey
    }

    /// In order of preference: YYKit reads a group's `info.json` before its `info.plist`.
    static let sharedPackFiles = ["info.json", "info.plist", "Emoji.plist"]
    /// The files a pack folder is read from: the shared ones, then those only one layout reads
    /// (`PackLayout.fileNames`), in detection order.
    package static let packFiles = sharedPackFiles + PackLayouts.detectionOrder.flatMap { $0.fileNames }

    struct PackOutcome {
        var pack: EmoticonPack?
        /// The entries the pack's app shows in received messages only (`PackContents.displayOnlyItems`).
        var displayOnlyPack: EmoticonPack?
        /// The pack's other tabs, when its app shows it as several (`PackContents.tabs`).
        var morePacks: [EmoticonPack] = []
        var plistPath: String
        var errors: [PackError] = []
        var warnings: [PackError] = []
        var notes: [PackError] = []
    }

    /// One pack: its file parsed, its layout detected (`PackLayouts.detect`), every entry checked.
    /// The pack keeps its good entries even when others were refused, so later checks still see
    /// them; `errors` says whether it may be used.
    func readPack(_ folder: URL, parentDisplay: String?) -> PackOutcome {
        let folderDisplay = parentDisplay.map { "\($0)/\(folder.lastPathComponent)" } ?? folder.lastPathComponent
        let found = packPlist(in: folder)
        if found == nil {
            // Without a pack file only a layout that reads bare folders can take it.
            let bare = PackSource(folder: folder, folderDisplay: folderDisplay, file: nil, root: nil)
            if let layout = PackLayouts.detect(bare) { return read(bare, as: layout, outcome: PackOutcome(plistPath: bare.display)) }
        }
        let plist = found ?? PackPlist(url: folder.appendingPathComponent("info.plist"), usualName: "info.plist", unusualName: nil)
        let file = plist.url
        let display = plist.isBeside ? EiskaltLayout.display(of: file, folderDisplay: folderDisplay) : "\(folderDisplay)/\(file.lastPathComponent)"
        var outcome = PackOutcome(plistPath: display)
        if plist.unusualName != nil {
            let usual = plist.isEmojiArray ? "Emoji.plist" : Self.sharedPackFiles.contains(plist.usualName) ? "info.plist" : plist.usualName
            outcome.notes.append(.unusualPlistName(path: display, usual: usual))
        }
        let root: Any
        do {
            root = try loadRoot(plist, inside: folder, display: display)
        } catch let error as PackError {
            outcome.errors.append(error)
            return outcome
        } catch {
            outcome.errors.append(.unreadable(path: display, reason: "\(error)"))
            return outcome
        }
        var source = PackSource(folder: folder, folderDisplay: folderDisplay, file: plist, root: root)
        if plist.isBeside { source.fileDisplay = display }
        guard let layout = PackLayouts.detect(source) else {
            outcome.errors.append(PackLayouts.unrecognised(source))
            if explainsLayouts { outcome.errors += PackLayouts.layoutsTried(source, path: source.display) }
            return outcome
        }
        // A chat SDK's list is read whatever its name: `emoji.plist` is no unusual `Emoji.plist`.
        if layout is any KitListLayout.Type { outcome.notes.removeAll { $0.code == "unusual-plist-name" } }
        return read(source, as: layout, outcome: outcome)
    }

    /// The pack in `source` read as `layout` reads it: repeated texts kept once (the first),
    /// refused entries errors (warnings when lenient, or when the app itself skips them).
    private func read(_ source: PackSource, as layout: any PackLayout.Type, outcome: PackOutcome) -> PackOutcome {
        var outcome = outcome
        if let key = fileChoiceKey(for: source.folder), layout != TextMapLayout.self {
            let parent = source.folder.deletingLastPathComponent().lastPathComponent
            let narrower = key.contains("/") ? "" : ", or key it \(PackError.quote("\(parent)/\(key)")) for a pack of that name elsewhere"
            outcome.errors.append(
                .packConfig(
                    setting: "packFiles", key: key,
                    reason: "\(source.display) is no text-to-image map: there is no map, order or image folder to choose; remove the entry\(narrower)"))
            return outcome
        }
        let contents: PackContents
        switch layout.contents(of: source) {
        case .success(let value): contents = value
        case .failure(let error):
            outcome.errors.append(error)
            return outcome
        }
        let display = source.display
        // The same caps and characters for every layout, whatever it checked itself (`TextLimits`, `TextCharacters`).
        if let refused = TextLimits.refusal(titles: contents.titles, id: contents.plistID, titleKey: contents.titleKey, display: display)
            ?? TextLimits.refusal(tabs: contents.tabs, display: display)
        {
            outcome.errors.append(refused)
            return outcome
        }
        var entries: [Entry] = []
        entries.reserveCapacity(min(contents.items.count, 1 << 16))
        var firstOfText: [String: (index: Int, locator: String?)] = [:]
        // Entry problems are kept up to a cap and counted past it (`EntryProblems`).
        var problems = EntryProblems(path: display)
        let count = contents.items.count
        for start in stride(from: 0, to: count, by: Self.entryChunk) {
            let range = start..<min(count, start + Self.entryChunk)
            for (offset, read) in Self.readEntries(contents, range: range, concurrency: concurrency).enumerated() {
                let index = start + offset
                for warning in read.unknownKeys { problems.warn(warning) }
                var result = read.entry
                if case .success(let entry) = result, let refused = TextLimits.refusal(entry: entry, textKey: contents.textKey, display: display) {
                    result = .failure(refused)
                }
                switch result {
                case .success(let entry):
                    if let first = firstOfText[entry.text] {
                        problems.warn(
                            .duplicateText(
                                path: display, key: contents.textKey, text: entry.text, first: first.index, duplicate: index, firstAt: first.locator,
                                duplicateAt: entry.locator))
                        continue
                    }
                    firstOfText[entry.text] = (index, entry.locator)
                    entries.append(entry)
                case .failure(let error):
                    if lenient || error.isSkippedEntry { problems.warn(error) } else { problems.refuse(error) }
                }
            }
        }
        if entries.isEmpty { problems.refuseMissingImages() }
        problems.close(into: &outcome.errors, &outcome.warnings)
        if let empty = Self.noEmoticons(contents, entries: entries, errors: outcome.errors, source: source, as: layout) { outcome.errors.append(empty) }
        outcome.notes += contents.notes(entries)
        outcome.warnings += contents.warnings(entries)
        // The pack's own buttons: optional, but a file that links outside the pack is refused by
        // name (an `icon.png` was once dropped silently, even with --strict).
        let files = FolderFiles(folder: source.folder, display: source.folderDisplay)
        var own: [String: ImageFile] = [:]
        // The delete key: the layout's own image (NIM's `emoji_del_normal.png`) when the pack has
        // it, else one named like a delete key: `delete.png`, `[删除].jpg`... (`DeleteKeyImage`).
        var reportedImages: [String] = []
        var deleteName = contents.deleteKeyNames.first { name in
            if case .absent = files.lookup(name) { return false }
            return true
        }
        if deleteName == nil {
            let deleteKey = DeleteKeyImage.choose(in: source.folder, entries: entries)
            if let choice = deleteKey.choiceMessage(path: display, folderDisplay: source.folderDisplay) {
                if choice.severity == .warning { outcome.warnings.append(choice) } else { outcome.notes.append(choice) }
            }
            deleteName = deleteKey.file
            // Named in the note above: never called unused again by `validate`.
            reportedImages = deleteKey.unused
        }
        for (role, name) in [("delete", deleteName), ("icon", "icon.png")] {
            guard let name else { continue }
            switch files.lookup(name) {
            case .found(let variants): own[role] = ImageFile(name: name, variants: variants)
            case .absent: continue
            case let .outside(file, target): outcome.errors.append(.unsafeLink(path: "\(source.folderDisplay)/\(file)", target: target))
            }
        }
        let deleteIcon = own["delete"]
        let folderName = source.folder.lastPathComponent
        // Titles from the config file win, locale by locale, over the pack's own.
        let chosenTitles = choices.tabTitles[folderName] ?? contents.plistID.flatMap { choices.tabTitles[$0] } ?? [:]
        outcome.pack = EmoticonPack(
            id: TabID.base(plistID: contents.plistID, folderName: folderName), titles: contents.titles.merging(chosenTitles) { $1 }, folderName: folderName,
            folder: source.folder, plistPath: display, entries: entries, deleteIcon: deleteIcon, plistID: contents.plistID)
        outcome.pack?.displayOnly = contents.displayOnly
        outcome.pack?.tabIcon = own["icon"]
        outcome.pack?.ownImages = contents.ownImages + reportedImages
        if !contents.tabs.isEmpty, let whole = outcome.pack {
            let tabs = split(whole, into: contents.tabs)
            // A tab --lenient leaves out (every entry refused, each a warning) is said, never dropped quietly.
            for tab in contents.tabs where lenient && !whole.entries.contains(where: { tab.items.contains($0.plistIndex) }) {
                outcome.warnings.append(.emptyTab(path: display, tab: tab.title ?? folderName))
            }
            outcome.pack = tabs.first ?? whole
            outcome.morePacks = Array(tabs.dropFirst())
        }
        if !contents.displayOnlyItems.isEmpty, var pack = outcome.pack {
            // A tab of its own, after the pack's, named apart so its id never takes the pack's.
            let received = pack.entries.filter { contents.displayOnlyItems.contains($0.plistIndex) }
            outcome.pack?.entries.removeAll { contents.displayOnlyItems.contains($0.plistIndex) }
            pack.folderName += "-received"
            pack.id = TabID.base(plistID: nil, folderName: pack.folderName)
            for (locale, title) in pack.titles { pack.titles[locale] = "\(title) (received)" }
            if pack.titles.isEmpty { pack.titles[.en] = "\(folderName) (received)" }
            pack.entries = received
            pack.displayOnly = true
            pack.deleteIcon = nil
            pack.titles.merge(choices.tabTitles[pack.folderName] ?? [:]) { $1 }
            if !received.isEmpty { outcome.displayOnlyPack = pack }
        }
        return outcome
    }
}
