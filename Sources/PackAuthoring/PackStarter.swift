import Diagnostics
import EmoticonPacks
import Foundation
import TextEscaping

/// `emokit init`: the Weibo `info.plist` a folder of images stands for. It lists the images the
/// way a plain image folder is read (EmoticonPacks' `ImageNaming`), so generating the folder
/// before and after `init` gives the same keyboard: one entry per image name in bytewise (UTF-8)
/// order, `chs` `[name]`, its `@2x`/`@3x` files grouped with it, `delete` and `icon` left to
/// their own meaning. Names that the reader would refuse, or that would give two entries one text, are
/// refused here, all of them at once, before anything is written.
public struct PackStarter: Sendable {
    public struct Entry: Equatable, Sendable {
        /// The image's name without scale and extension (`smile` for `smile@2x.png`).
        public let name: String
        /// The base file name (`smile.png`, even when only `smile@2x.png` exists: the reader finds
        /// the `@2x`/`@3x` files from it); nil for an animation without a PNG.
        public let png: String?
        /// The animation beside it (`smile.gif`), or nil.
        public let gif: String?
        /// Which scales have a PNG (or, without one, a GIF) file: 1, 2, 3.
        public let scales: [Int]
        /// The texts `names.tsv` gives the image, if it names it.
        public var texts: NamesFile.Texts? = nil

        /// What a tap inserts: the names file's text, else Weibo's `[name]` (a name already in
        /// brackets as it is).
        public var chs: String { texts?.chs ?? ImageNaming.text(forStem: name) }
        /// The traditional text, when the names file gives one.
        public var cht: String? { texts?.cht }
    }

    public let folder: URL
    /// In bytewise (UTF-8) order of their names, as the plain image folder reader orders them.
    public let entries: [Entry]
    /// What was found but not listed, and why, one line each (`note:` lines).
    public let notes: [String]

    /// Files `init` itself writes: never reported as skipped.
    public static let writtenNames: Set<String> = ["info.plist", "emokit.json", NamesFile.fileName]

    /// One image file, read from its name (the rule a plain image folder is read by).
    typealias ImageName = ImageNaming.ImageName

    /// Lists `folder` and works out its entries; throws every refused name at once.
    /// Entries take their texts from `names` (`names.tsv`) where it names their image.
    public static func scan(_ folder: URL, display: String, names namesFile: NamesFile = NamesFile()) throws(PackStarterError) -> PackStarter {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else { throw .notFound(path: display) }
        guard isDirectory.boolValue else { throw .notAFolder(path: display) }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder.path) } catch {
            throw .unreadable(path: display, reason: (error as NSError).localizedDescription)
        }
        let folderReal = folder.resolvingSymlinksInPath().standardizedFileURL.path
        var problems: [PackStarterError.NameProblem] = []
        var otherFiles: [String] = [], folders: [String] = [], notes: [String] = []
        var images: [ImageName] = []
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let url = folder.appendingPathComponent(name)
            let ext = (name as NSString).pathExtension
            let isImage = ImageNaming.imageExtensions.contains(ext.lowercased())
            if name.hasPrefix(".") {
                if isImage { notes.append("\(display)/\(name): skipped, a hidden file") }
                continue
            }
            if PackReader.packFiles.contains(where: { $0.lowercased() == name.lowercased() }) && !writtenNames.contains(name) {
                throw .alreadyAPack(file: "\(display)/\(name)")
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }  // a dangling link
            if isFolder.boolValue {
                folders.append(name)
                continue
            }
            guard isImage else {
                if !writtenNames.contains(name) { otherFiles.append(name) }
                continue
            }
            let image = ImageName(file: name)
            if let reason = nameProblem(stem: image.stem, file: name) {
                problems.append(.init(file: "\(display)/\(name)", reason: reason))
                continue
            }
            if !url.resolvingSymlinksInPath().standardizedFileURL.path.hasPrefix(folderReal + "/") {
                problems.append(.init(file: "\(display)/\(name)", reason: "it links outside the folder, which the reader refuses; copy the image in"))
                continue
            }
            if let kind = FileKind.special(url) {
                // A FIFO named `pipe.png` would hang the reader or be refused by it: only regular files are images.
                problems.append(.init(file: "\(display)/\(name)", reason: "not a regular file (\(kind)); only regular files become entries"))
                continue
            }
            images.append(image)
        }
        if !folders.isEmpty { notes.append("\(display): skipped \(listing(folders.map { $0 + "/" }, "folder")): init lists the images directly in the folder") }
        if !otherFiles.isEmpty {
            notes.append("\(display): skipped \(listing(otherFiles, "file")) that \(otherFiles.count == 1 ? "is not an image" : "are not images") emokit reads (PNG, JPEG, WebP, BMP or GIF)")
        }
        var entries: [Entry] = []
        for group in ImageNaming.grouped(images) {
            let stem = group[0].stem
            if ImageNaming.isOwnButton(stem) {
                let role = ImageNaming.isDeleteKey(stem) ? "the tab's delete button" : "the tab's icon"
                notes.append("\(display)/\(group[0].file): \(role), not an emoticon; not listed")
                continue
            }
            switch entry(group, display: display) {
            case .success(let entry):
                if entry.png == nil, let gif = entry.gif {
                    notes.append("\(display)/\(gif): no PNG beside it; the entry shows the animation's first frame (add \(entry.name).png for apps that need one)")
                }
                entries.append(entry)
            case .failure(let problem): problems.append(problem)
            }
        }
        notes += applyNames(namesFile, to: &entries, problems: &problems, display: display)
        if !problems.isEmpty { throw .badNames(problems.sorted { $0.file.utf8.lexicographicallyPrecedes($1.file.utf8) }) }
        if entries.isEmpty { throw .noImages(path: display) }
        return PackStarter(folder: folder, entries: entries, notes: notes)
    }

    /// Gives each entry its texts from the names file; a text two entries would share is refused
    /// (a tap could not tell them apart). Returns the notes for lines that name no image.
    static func applyNames(_ names: NamesFile, to entries: inout [Entry], problems: inout [PackStarterError.NameProblem], display: String) -> [String] {
        let file = "\(display)/\(NamesFile.fileName)"
        var byText: [String: String] = [:]
        for index in entries.indices {
            entries[index].texts = names.texts[entries[index].name]
            let entry = entries[index]
            if let other = byText[entry.chs] {
                let place = entry.texts.map { "\(file):\($0.line)" } ?? "\(display)/\(entry.png ?? entry.gif ?? entry.name)"
                problems.append(.init(file: place, reason: "\(entry.name) would have the text \(PackError.quote(entry.chs)) of \(other); give each image its own"))
            }
            byText[entry.chs] = entry.name
        }
        let listed = Set(entries.map(\.name))
        let unused = names.texts.filter { !listed.contains($0.key) }.sorted { $0.value.line < $1.value.line }
        // A line each for the first few; a names file of a whole library in a folder of a few
        // images is one line more, not thousands.
        var notes = unused.prefix(maxUnusedNotes).map { name, texts in "\(file):\(texts.line): no image \(name) in the folder; the line is not used" }
        if unused.count > maxUnusedNotes {
            let more = unused.count - maxUnusedNotes
            notes.append("\(file): \(more) more line\(more == 1 ? "" : "s") name\(more == 1 ? "s" : "") no image in the folder; not used")
        }
        return notes
    }

    /// How many `names.tsv` lines naming no image are noted one by one.
    static let maxUnusedNotes = 20

    /// Why `stem` (from the file `file`) cannot name an entry, or nil.
    static func nameProblem(stem: String, file: String) -> String? {
        if stem.isEmpty { return "no name before the scale or extension" }
        if let reason = FileNamePolicy.unsafeReason(file) { return "the reader refuses this file name (\(reason)); rename it" }
        if stem.contains("[") || stem.contains("]") {
            let bare = stem.replacingOccurrences(of: "[", with: "").replacingOccurrences(of: "]", with: "")
            return "brackets cannot be part of a name: chs is the name in brackets ([name]); rename it\(bare.isEmpty ? "" : " (e.g. \(PackError.quote(bare)))")"
        }
        if stem.hasSuffix("@2x") || stem.hasSuffix("@3x") { return "two scale suffixes; name it name@2x or name@3x" }
        if let bad = stem.unicodeScalars.first(where: { $0.properties.isNoncharacterCodePoint }) {
            return "\(String(format: "U+%04X", bad.value)) is not a character an XML plist can hold"
        }
        return nil
    }

    /// One entry from the files of one name (`ImageNaming.image`: the files must agree on the
    /// name's spelling and the extension's).
    static func entry(_ group: [ImageName], display: String) -> Result<Entry, PackStarterError.NameProblem> {
        ImageNaming.image(group, display: display)
            .map { Entry(name: $0.name, png: $0.png, gif: $0.gif, scales: $0.scales) }
            .mapError { PackStarterError.NameProblem(file: $0.file, reason: $0.reason) }
    }

    /// `2 files: a.txt, b.jpg`, the names cut after ten.
    static func listing(_ names: [String], _ noun: String) -> String {
        let shown = names.prefix(10).joined(separator: ", ")
        return "\(names.count) \(noun)\(names.count == 1 ? "" : "s") (\(shown)\(names.count > 10 ? ", and \(names.count - 10) more" : ""))"
    }

    // MARK: The plist

    /// The entries as an XML plist in Weibo's layout (keys sorted, tabs, as Xcode writes them):
    /// `chs`, `gif` when there is one, `png`, and `type` `"0"` (an image).
    public var infoPlistXML: String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
            #"<plist version="1.0">"#,
            "<array>",
        ]
        for entry in entries { lines += Self.dictLines(entry, indent: "\t", keyIndent: "\t\t") }
        lines += ["</array>", "</plist>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One entry's `<dict>` as XML lines, its keys in order: `chs`, `cht` when the names file
    /// gives one, `gif` when there is one, `png`, and `type` `"0"`.
    public static func dictLines(_ entry: Entry, indent: String, keyIndent: String) -> [String] {
        var lines = ["\(indent)<dict>"]
        for (key, value) in plistPairs(entry) { lines += ["\(keyIndent)<key>\(key)</key>", "\(keyIndent)<string>\(Self.xmlText(value))</string>"] }
        lines.append("\(indent)</dict>")
        return lines
    }

    /// The entry's keys and values as the plist holds them.
    public static func plistPairs(_ entry: Entry) -> [(String, String)] {
        var pairs = [("chs", entry.chs)]
        if let cht = entry.cht { pairs.append(("cht", cht)) }
        if let gif = entry.gif { pairs.append(("gif", gif)) }
        if let png = entry.png { pairs.append(("png", png)) }
        pairs.append(("type", "0"))
        return pairs
    }

    /// Text for an XML element's content: `&`, `<` and `>` escaped (names with control characters
    /// or noncharacters were refused before).
    static func xmlText(_ text: String) -> String { Escape.xmlText(text) }
}

/// Why `emokit init` wrote nothing; one line per problem (`lines`), naming the file.
public enum PackStarterError: Error, Equatable, Sendable {
    public struct NameProblem: Error, Equatable, Sendable {
        public let file: String
        public let reason: String
    }

    case notFound(path: String)
    case notAFolder(path: String)
    case unreadable(path: String, reason: String)
    /// The folder already has a pack file init does not replace (`info.json`, `Emoji.plist`, `Info.plist`).
    case alreadyAPack(file: String)
    case noImages(path: String)
    case badNames([NameProblem])
    /// `init --update` cannot edit the plist (not a Weibo array, unreadable, or its text not followed).
    case cannotUpdate(path: String, reason: String)
    /// `init --update` without an `info.plist` to update.
    case nothingToUpdate(path: String)
    /// A pack file init reads (`names.tsv`, `info.plist`) that generate would not read either:
    /// it links outside the pack, is no regular file, or is over the size limit.
    case packFile(path: String, problem: String)
    /// `init --update`'s text editor cannot be sure to edit exactly the entries the plist
    /// reader reads: nothing is written.
    case cannotEditSafely(path: String, reason: String)

    public var lines: [String] {
        switch self {
        case .notFound(let path): return ["\(path): no such folder"]
        case .notAFolder(let path): return ["\(path): not a folder; init takes the folder that holds the images"]
        case .unreadable(let path, let reason): return ["\(path): cannot list the folder (\(reason))"]
        case .alreadyAPack(let file): return ["\(file): the folder is already a pack; init writes info.plist only for a folder of images (remove or rename this file first)"]
        case .noImages(let path): return ["\(path): no PNG, JPEG, WebP, BMP or GIF images in the folder; init lists the images directly in it"]
        case .badNames(let problems):
            return Self.shown(problems).map { "\($0.file): \($0.reason)" } + Self.more(problems) + [Self.refusal(problems)]
        case .cannotUpdate(let path, let reason): return ["\(path): cannot update: \(reason)"]
        case .nothingToUpdate(let path): return ["\(path): no info.plist to update (init writes one)"]
        case .packFile(let path, let problem): return ["\(path): \(problem)"]
        case .cannotEditSafely(let path, let reason): return ["\(path): cannot edit this plist safely: \(reason); nothing written"]
        }
    }

    /// The problems listed: the first 100, as the pack readers list theirs.
    static func shown(_ problems: [NameProblem]) -> ArraySlice<NameProblem> { problems.prefix(100) }

    static func more(_ problems: [NameProblem]) -> [String] {
        problems.count > 100 ? ["and \(problems.count - 100) more problems, not listed (the first 100 are)"] : []
    }

    /// What to do: rename images, or edit `names.tsv`'s lines, whichever the problems name.
    static func refusal(_ problems: [NameProblem]) -> String {
        let inNames = problems.contains { $0.file.contains(NamesFile.fileName) }
        let inImages = problems.contains { !$0.file.contains(NamesFile.fileName) }
        let fix = inNames && inImages ? "rename the files and edit the lines above" : inNames ? "edit the lines above" : "rename the files above"
        return "nothing written: \(fix) and run init again"
    }

    /// `lines` as errors to print, each with the code of its kind (`init-bad-name` per file).
    public var diagnostics: [Diagnostic] {
        let code: Diagnostic.Code
        switch self {
        case .notFound: code = "init-not-found"
        case .notAFolder: code = "init-not-a-folder"
        case .unreadable: code = "init-unreadable"
        case .alreadyAPack: code = "init-already-a-pack"
        case .noImages: code = "init-no-images"
        case .cannotUpdate: code = "init-cannot-update"
        case .nothingToUpdate: code = "init-nothing-to-update"
        case .packFile: code = "init-unreadable-file"
        case .cannotEditSafely: code = "init-cannot-edit-safely"
        case .badNames(let problems):
            return Self.shown(problems).map { Diagnostic("init-bad-name", .error, file: $0.file, message: "\(path: $0.file): \($0.reason)") }
                + Self.more(problems).map { Diagnostic("init-bad-name", .error, message: Diagnostic.Message($0)) }
                + [Diagnostic("init-refused", .error, message: Diagnostic.Message(Self.refusal(problems)))]
        }
        return lines.map { Diagnostic(code, .error, message: Diagnostic.Message($0)) }
    }
}
